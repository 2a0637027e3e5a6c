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

/// The encoder a value's `encode(to:)` is given: it writes at the output's current place.
final class StreamEncoder: Encoder {
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
