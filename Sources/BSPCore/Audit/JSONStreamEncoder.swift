import Foundation

/// Encodes a value as JSON bytes written in the order its `encode(to:)` writes them, for a
/// record to keep and parse into a ``RecordedValue`` only when it is read.
///
/// Building the tree as a value is encoded cost an audited `Codable` send most of its time:
/// a node for each container, a dictionary for each object, and resolving them all at the end.
/// Written as bytes, a value costs one buffer. The bytes parse into the tree
/// ``RecordedValueEncoder`` builds: `JSONEncoder`'s default strategies (`Data` as Base64, `URL`
/// as its absolute string, `Date` as it encodes itself, a non-finite number refused, a nested
/// value that encodes nothing as an empty object); a key encoded twice keeps its last value, as
/// the parser keeps it.
///
/// A value that writes out of order — into a container after a container nested in it was
/// left for another, through an encoder or a super encoder after its place, a count read after
/// its array was left — that catches an error one of its writes threw and goes on, or that
/// holds a `Decimal`, cannot be written as it goes: ``encode(_:)`` then returns `nil`, and the
/// caller builds the tree instead, which runs the value's `encode(to:)` once more.
enum JSONStreamEncoder {
    /// The JSON bytes of `value`, or `nil` if it cannot be written as it goes.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite number or a value that encodes
    ///   nothing; whatever the value's own `encode(to:)` throws.
    static func encode(_ value: some Encodable) throws -> [UInt8]? {
        let output = JSONOutput()
        let encoder = StreamEncoder(output: output, path: [], key: nil)
        try encoder.encodeValue(value)
        guard !output.writer.isUnstreamable else { return nil }
        guard output.writer.bytes.count > 0 else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values."))
        }
        output.writer.closeAll()
        return output.writer.bytes
    }
}

/// The JSON being written, shared by the encoders and containers of one value.
///
/// Each operation reaches ``writer`` once: every access to a class's stored property is
/// checked for exclusivity at run time, and a check per byte cost an encoding more than
/// building a tree did.
private final class JSONOutput {
    var writer = JSONWriter()

    /// Runs a write that may throw. What a failed write left cannot be taken back from the
    /// bytes, and the value may catch the error and go on, as `JSONEncoder` lets it: the bytes
    /// are abandoned, and the tree is built instead.
    func writing(_ write: () throws -> Void) throws {
        do {
            try write()
        } catch {
            writer.giveUp()
            throw error
        }
    }
}

/// The bytes written so far, and the containers still open in them.
private struct JSONWriter {
    /// An open container: its number, whether it is an object, and how many members it has.
    struct Frame {
        let id: Int
        let isObject: Bool
        var members: Int
    }

    private(set) var bytes: [UInt8] = []
    private var open: [Frame] = []
    private var nextID = 0
    /// Set when the value wrote out of order: the bytes are then abandoned.
    private(set) var isUnstreamable = false

    init() {
        bytes.reserveCapacity(64)
        open.reserveCapacity(4)
    }

    mutating func giveUp() {
        isUnstreamable = true
    }

    /// Opens a container where the next value goes, and returns its number.
    mutating func openContainer(isObject: Bool) -> Int {
        nextID += 1
        open.append(Frame(id: nextID, isObject: isObject, members: 0))
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return nextID
    }

    /// How many members the container `id` has, or `nil` once it is closed.
    func members(of id: Int) -> Int? {
        open.last { $0.id == id }?.members
    }

    /// Makes the container `id` the innermost open one, closing those nested in it, and starts
    /// its next member, after `key` if it is an object's: `false` if it was closed already.
    mutating func startMember(of id: Int, key: String? = nil) -> Bool {
        guard !isUnstreamable else { return false }
        if open.last?.id != id {
            guard open.contains(where: { $0.id == id }) else {
                giveUp()
                return false
            }
            while let last = open.last, last.id != id { close(last) }
        }
        if open[open.count - 1].members > 0 { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].members += 1
        if let key {
            writeString(key)
            bytes.append(UInt8(ascii: ":"))
        }
        return true
    }

    mutating func closeAll() {
        while let last = open.last { close(last) }
    }

    private mutating func close(_ frame: Frame) {
        open.removeLast()
        bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// A string, escaped as JSON requires: quotation marks, backslashes and controls. Every
    /// other scalar is written as its UTF-8 bytes.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Copied whole, then looked over: the commonest string needs no escape.
        let start = bytes.count
        bytes.append(contentsOf: string.utf8)
        if bytes[start...].contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.removeSubrange(start...)
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
                case 0x00..<0x20: writeControl(byte)
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeControl(_ byte: UInt8) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        bytes.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }

    mutating func writeInteger(_ value: some BinaryInteger) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        var unit: UInt64 = 1
        while magnitude / unit >= 10 { unit *= 10 }
        while unit > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / unit))
            magnitude %= unit
            unit /= 10
        }
    }

    mutating func writeBool(_ value: Bool) {
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    mutating func writeNull() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// An empty object, where a nested value wrote nothing.
    mutating func writeEmptyObject() {
        bytes.append(contentsOf: "{}".utf8)
    }

    /// A floating-point number as the text `RecordedValueEncoder` reads it from: `1.0` as `1`.
    mutating func writeNumber<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, codingPath: @autoclosure () -> [any CodingKey]
    ) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath(), debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }
}

/// The encoder a value's `encode(to:)` is given: it writes at the output's current place.
private final class StreamEncoder: Encoder {
    let output: JSONOutput
    let path: [any CodingKey]
    let key: (any CodingKey)?
    var codingPath: [any CodingKey] { key.map { path + [$0] } ?? path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The container this encoder opened, if it did, and whether it is an object.
    private(set) var container: (id: Int, isObject: Bool)?
    /// Whether a single value was written.
    var wroteValue = false
    /// Where this encoder's value goes: a write through it once the output has gone past this
    /// place — an encoder a value kept and wrote through later — is out of order.
    private let place: Int

    init(output: JSONOutput, path: [any CodingKey], key: (any CodingKey)?) {
        self.output = output
        self.path = path
        self.key = key
        self.place = output.writer.bytes.count
    }

    /// Whether the output is still at this encoder's place, so that its value may be written.
    func isInPlace() -> Bool {
        if output.writer.bytes.count != place { output.writer.giveUp() }
        return !output.writer.isUnstreamable
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, id: containerID(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(encoder: self, id: containerID(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleValueContainer(encoder: self)
    }

    /// The container this encoder writes into: asked for twice, the same one, as
    /// `JSONEncoder` gives it.
    private func containerID(isObject: Bool) -> Int {
        if let container {
            if container.isObject != isObject { output.writer.giveUp() }
            return container.id
        }
        if wroteValue || !isInPlace() { output.writer.giveUp() }
        let id = output.writer.openContainer(isObject: isObject)
        container = (id, isObject)
        return id
    }

    /// Writes `value` here, as `JSONEncoder` writes the types it treats specially, or as the
    /// value encodes itself; a nested value that writes nothing is an empty object.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        // Each cast below is of a value whose type the check before it has proved.
        if Value.self == Double.self {
            try output.writer.writeNumber(value as! Double, codingPath: codingPath)
        } else if Value.self == Float.self {
            try output.writer.writeNumber(value as! Float, codingPath: codingPath)
        } else if Value.self == String.self {
            output.writer.writeString(value as! String)
        } else if Value.self == Data.self {
            output.writer.writeString((value as! Data).base64EncodedString())
        } else if Value.self == URL.self {
            output.writer.writeString((value as! URL).absoluteString)
        } else if Value.self == Decimal.self {
            output.writer.giveUp()
        } else {
            let start = output.writer.bytes.count
            try value.encode(to: self)
            if output.writer.bytes.count == start, !path.isEmpty || key != nil { output.writer.writeEmptyObject() }
        }
    }

    /// Writes a nested value, after its key or its comma.
    func encodeNested<Value: Encodable>(_ value: Value, key: any CodingKey) throws {
        try output.writing { try StreamEncoder(output: output, path: codingPath, key: key).encodeValue(value) }
    }
}

private struct StreamIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
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

private struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
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

private struct StreamSingleValueContainer: SingleValueEncodingContainer {
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
