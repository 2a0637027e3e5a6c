extension RecordedValue {
    /// The value of a JSON text `JSONEncoder` wrote, or `nil` if it is not one.
    ///
    /// Parsed directly from the bytes: decoding it through `Decodable`, trying each kind of
    /// value in turn, cost four times the encoding, on the sending thread.
    @_spi(Inspection) public init?(json bytes: some Collection<UInt8>) {
        var parser = JSONParser(Array(bytes))
        guard let value = parser.value(), parser.isAtEnd else { return nil }
        self = value
    }
}

/// A JSON parser for the compact JSON `JSONEncoder` writes; numbers are classified as
/// ``RecordedValue``'s `Decodable` conformance classifies them.
private struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool {
        bytes[index...].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    mutating func value() -> RecordedValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(RecordedValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object() -> RecordedValue? {
        index += 1
        var members: [String: RecordedValue] = [:]
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
            members[key] = value
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array() -> RecordedValue? {
        index += 1
        var elements: [RecordedValue] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            guard let element = value() else { return nil }
            elements.append(element)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(elements) : nil
    }

    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var scalars = String.UnicodeScalarView()
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
                index += 1
                if byte == UInt8(ascii: "\"") { return String(scalars) }
                guard let escaped = escape() else { return nil }
                scalars.append(escaped)
                run = index
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The scalar an escape after a backslash stands for.
    private mutating func escape() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hex4() else { return nil }
            guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit) }
            // A surrogate pair: the low half follows as another escape.
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
        default: return Unicode.Scalar(byte)
        }
    }

    private mutating func hex4() -> UInt16? {
        guard index + 4 <= bytes.count,
            let unit = UInt16(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        else { return nil }
        index += 4
        return unit
    }

    private mutating func number() -> RecordedValue? {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let integer = Int64(text) { return .integer(integer) }
        if let unsigned = UInt64(text) { return .unsigned(unsigned) }
        // A number too large for a `Double` is no value JSON can hold (`1e316`), as
        // `JSONDecoder` says too: taken as infinity, it would be written back as `null`.
        guard let number = Double(text), number.isFinite else { return nil }
        return .number(number)
    }

    private static let numberBytes = Set("+-0123456789.eE".utf8)

    private mutating func literal(_ word: String, _ value: RecordedValue) -> RecordedValue? {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else { return nil }
        index += utf8.count
        return value
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
}
