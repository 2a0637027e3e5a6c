/// A notification's value as a record keeps it: the JSON bytes it was encoded to when it was
/// sent, parsed only when the record's ``AuditRecord/value`` is read, or a tree already built.
///
/// Encoding happens on the sending thread, so that the value is the state it was sent in;
/// parsing waits, since a trail's records are written far more often than their values are read.
enum KeptValue: Sendable {
    /// Written as `JSONStreamEncoder` writes it.
    case json([UInt8])
    /// Built as ``RecordedValueEncoder`` builds it, or read from a trail.
    case tree(RecordedValue)

    /// The value, parsed if it is kept as bytes.
    var value: RecordedValue? {
        switch self {
        case .json(let bytes): RecordedValue(json: bytes)
        case .tree(let tree): tree
        }
    }

    /// What a record keeps of `value`: `nil` if it is not `Encodable` where it is sent (a
    /// conformance may be isolated to another actor) or fails to encode.
    static func of(_ value: Any) -> KeptValue? {
        guard let encodable = value as? any Encodable else { return nil }
        return try? encoding(encodable)
    }

    /// Written as bytes, or built as a tree where the bytes cannot be written in order.
    static func encoding(_ value: some Encodable) throws -> KeptValue {
        if let bytes = try JSONStreamEncoder.encode(value) { return .json(bytes) }
        return .tree(try RecordedValueEncoder.encode(value))
    }
}

extension RecordedValue {
    /// The value a record keeps of `value`, as its ``AuditRecord/value`` reads it.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite number or a value that encodes
    ///   nothing; whatever the value's own `encode(to:)` throws.
    @_spi(Inspection) public static func kept(encoding value: some Encodable) throws -> RecordedValue? {
        try KeptValue.encoding(value).value
    }
}
