// The containers a value's `encode(to:)` writes through when a record keeps its value as JSON
// bytes (see `JSONStreamEncoder`): each writes at the output's current place, or abandons the
// bytes when asked to write elsewhere.

/// The key of an array's element in a coding path, as `JSONEncoder` names it.
struct StreamIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// An object's members, written as they come.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamEncoder
    let id: Int
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONOutput { encoder.output }

    init(encoder: StreamEncoder, id: Int) {
        self.encoder = encoder
        self.id = id
    }

    private func start(_ key: Key) -> Bool { output.writer.startMember(of: id, key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { if start(key) { output.writer.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { if start(key) { output.writer.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { if start(key) { output.writer.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        if start(key) { try output.writing { try output.writer.writeNumber(value, codingPath: codingPath + [key]) } }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        if start(key) { try output.writing { try output.writer.writeNumber(value, codingPath: codingPath + [key]) } }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if start(key) { try encoder.encodeNested(value, key: key) }
    }

    private func put(_ value: some BinaryInteger, _ key: Key) {
        if start(key) { output.writer.writeInteger(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        _ = start(key)
        let nested = StreamEncoder(output: output, path: codingPath, key: key)
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = start(key)
        return StreamEncoder(output: output, path: codingPath, key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { abandoned() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { abandoned() }

    /// A super encoder writes when it is let go, out of order: the bytes are abandoned.
    private func abandoned() -> any Encoder {
        output.writer.giveUp()
        return StreamEncoder(output: JSONOutput(), path: codingPath, key: nil)
    }
}

/// An array's elements, written as they come.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamEncoder
    let id: Int
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int {
        // Once the array is closed, its count is not in the bytes: the tree is built instead.
        guard let members = output.writer.members(of: id) else {
            output.writer.giveUp()
            return 0
        }
        return members
    }
    private var output: JSONOutput { encoder.output }
    private var nextKey: StreamIndexKey { StreamIndexKey(intValue: count) }

    init(encoder: StreamEncoder, id: Int) {
        self.encoder = encoder
        self.id = id
    }

    private func start() -> Bool { output.writer.startMember(of: id) }

    mutating func encodeNil() throws { if start() { output.writer.writeNull() } }
    mutating func encode(_ value: Bool) throws { if start() { output.writer.writeBool(value) } }
    mutating func encode(_ value: String) throws { if start() { output.writer.writeString(value) } }
    mutating func encode(_ value: Double) throws {
        let key = nextKey
        if start() { try output.writing { try output.writer.writeNumber(value, codingPath: codingPath + [key]) } }
    }
    mutating func encode(_ value: Float) throws {
        let key = nextKey
        if start() { try output.writing { try output.writer.writeNumber(value, codingPath: codingPath + [key]) } }
    }
    mutating func encode(_ value: Int) throws { put(value) }
    mutating func encode(_ value: Int8) throws { put(value) }
    mutating func encode(_ value: Int16) throws { put(value) }
    mutating func encode(_ value: Int32) throws { put(value) }
    mutating func encode(_ value: Int64) throws { put(value) }
    mutating func encode(_ value: UInt) throws { put(value) }
    mutating func encode(_ value: UInt8) throws { put(value) }
    mutating func encode(_ value: UInt16) throws { put(value) }
    mutating func encode(_ value: UInt32) throws { put(value) }
    mutating func encode(_ value: UInt64) throws { put(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        if start() { try encoder.encodeNested(value, key: key) }
    }

    private func put(_ value: some BinaryInteger) {
        if start() { output.writer.writeInteger(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        _ = start()
        return StreamEncoder(output: output, path: codingPath, key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        _ = start()
        return StreamEncoder(output: output, path: codingPath, key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        output.writer.giveUp()
        return StreamEncoder(output: JSONOutput(), path: codingPath, key: nil)
    }
}

/// One value, written in its encoder's place.
struct StreamSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONOutput { encoder.output }

    /// Whether the value may be written: one value, in an encoder that opened no container.
    private func start() -> Bool {
        if encoder.wroteValue || encoder.container != nil { output.writer.giveUp() }
        encoder.wroteValue = true
        return encoder.isInPlace()
    }

    func encodeNil() throws { if start() { output.writer.writeNull() } }
    func encode(_ value: Bool) throws { if start() { output.writer.writeBool(value) } }
    func encode(_ value: String) throws { if start() { output.writer.writeString(value) } }
    func encode(_ value: Double) throws {
        if start() { try output.writing { try output.writer.writeNumber(value, codingPath: codingPath) } }
    }
    func encode(_ value: Float) throws {
        if start() { try output.writing { try output.writer.writeNumber(value, codingPath: codingPath) } }
    }
    func encode(_ value: Int) throws { put(value) }
    func encode(_ value: Int8) throws { put(value) }
    func encode(_ value: Int16) throws { put(value) }
    func encode(_ value: Int32) throws { put(value) }
    func encode(_ value: Int64) throws { put(value) }
    func encode(_ value: UInt) throws { put(value) }
    func encode(_ value: UInt8) throws { put(value) }
    func encode(_ value: UInt16) throws { put(value) }
    func encode(_ value: UInt32) throws { put(value) }
    func encode(_ value: UInt64) throws { put(value) }

    func encode<T: Encodable>(_ value: T) throws {
        // In this encoder's place, as `JSONEncoder` encodes it.
        if start() {
            let start = output.writer.bytes.count
            try output.writing {
                try StreamEncoder(output: output, path: encoder.path, key: encoder.key).encodeValue(value)
            }
            if output.writer.bytes.count == start { output.writer.writeEmptyObject() }
        }
    }

    private func put(_ value: some BinaryInteger) {
        if start() { output.writer.writeInteger(value) }
    }
}
