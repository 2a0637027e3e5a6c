import Foundation

/// A notification's value as the trail keeps it: the JSON its `Codable` type encodes to, as a
/// tree a test can compare, diff, and decode back into the type.
///
/// A record of a `Sendable` notification whose type is `Encodable` carries its value beside its
/// text (``AuditRecord/value``), and the reply to a bi-way request whose reply is `Encodable`
/// carries that too (``AuditRecord/reply``). A ``Private`` field is encoded as `"<private>"`,
/// never as its value, so no trail holds a secret as a value either.
///
/// ```swift
/// let command = try record.value?.decode(as: PortalRequest.self)
/// ```
public enum RecordedValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case integer(Int64)
    /// A whole number above `Int64.max`.
    case unsigned(UInt64)
    /// A number with a fraction, or too large for ``integer(_:)``. JSON has no NaN or
    /// infinity: the trail writes one as `null`, which reads back as ``null``.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([RecordedValue])
    /// An object: a keyed container, such as a struct's fields or an enum case's payload.
    case object([String: RecordedValue])

    /// The value `value` encodes to, or `nil` if its type is not `Encodable`, if encoding
    /// fails, or if its text is its value already — a string, a number, a Boolean — which the
    /// record then need not hold twice.
    static func of(_ value: Any) -> RecordedValue? {
        // The commonest payloads first, by their type alone: a cast, even one that succeeds,
        // costs a file trail's writer more than the rest of a line.
        let type = Swift.type(of: value)
        if type == String.self || type == Int.self || type == Bool.self || type == Double.self { return nil }
        if value is any BinaryInteger || value is any FloatingPoint || value is Substring || value is Character {
            return nil
        }
        guard let encodable = value as? any Encodable else { return nil }
        return try? RecordedValue(encoding: encodable)
    }

    /// What makes the value of a reply of type `Reply`, or `nil` if the type is `Void` or not
    /// `Encodable`: a reply has no text of its own, so strings and numbers are values too.
    ///
    /// Decided once per notifier, from the type alone: casting each reply to find out what it is
    /// cost more than recording the request it answers.
    static func encoder<Reply>(forReplies _: Reply.Type) -> (@Sendable (Reply) -> RecordedValue?)? {
        // Each cast below is of a value whose type the check before it has proved.
        if Reply.self == Void.self { return nil }
        if Reply.self == String.self { return { .string($0 as! String) } }
        if Reply.self == Int.self { return { .integer(Int64($0 as! Int)) } }
        if Reply.self == Bool.self { return { .bool($0 as! Bool) } }
        if Reply.self == Double.self { return { .number($0 as! Double) } }
        guard Reply.self is any Encodable.Type else { return nil }
        return { reply in
            let encodable = reply as! any Encodable
            return try? RecordedValue(encoding: encodable)
        }
    }

    /// The value a notification's text stands for when the record holds no value: the number or
    /// Boolean the text spells, or else the text as a string.
    init(text: String) {
        if let integer = Int64(text) {
            self = .integer(integer)
        } else if let unsigned = UInt64(text) {
            self = .unsigned(unsigned)
        } else if let number = Double(text), text.first?.isNumber == true || text.first == "-" {
            self = .number(number)
        } else if text == "true" || text == "false" {
            self = .bool(text == "true")
        } else {
            self = .string(text)
        }
    }

    /// The value `value` encodes to.
    ///
    /// - Throws: What encoding throws.
    public init(encoding value: some Encodable) throws {
        self = try RecordedValueEncoder.encode(value)
    }

    /// The value decoded as `type`: the notification as it was sent, except that a private
    /// string is `"<private>"`.
    ///
    /// - Throws: ``RecordedValueError`` naming the type and why it does not decode.
    public func decode<Value: Decodable>(as type: Value.Type) throws(RecordedValueError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(self))
        } catch {
            throw RecordedValueError(type: "\(Value.self)", value: self, reason: RecordedValueError.reason(for: error))
        }
    }

    /// The value as compact JSON, with sorted keys.
    public var json: String {
        var bytes: [UInt8] = []
        appendJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value as compact JSON, with sorted keys, escaped as the trail escapes.
    func appendJSON(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): bytes.append(contentsOf: String(value).utf8)
        case .unsigned(let value): bytes.append(contentsOf: String(value).utf8)
        case .number(let value): bytes.append(contentsOf: RecordedValue.json(value).utf8)
        case .string(let value): TextEscaping.appendJSONString(value, to: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.appendJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                TextEscaping.appendJSONString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]!.appendJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A number as JSON: JSON has no infinity or NaN, which `JSONEncoder` refuses before this.
    private static func json(_ number: Double) -> String {
        number.isFinite ? "\(number)" : "null"
    }
}

extension RecordedValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([RecordedValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: RecordedValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}

extension RecordedValue: CustomStringConvertible {
    /// The value as compact JSON.
    public var description: String { json }
}

extension RecordedValue {
    /// Values are equal when they stand for the same JSON: numbers compare by value, so `2`
    /// read from a trail equals the `2.0` a `Double` field was encoded from.
    public static func == (lhs: RecordedValue, rhs: RecordedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: lhs.number.flatMap { left in rhs.number.map { left == $0 } } ?? false
        }
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members): hasher.combine(members)
        case .integer, .unsigned, .number: hasher.combine(number)
        }
    }

    /// A number, as whichever of its forms holds it exactly.
    private var number: Number? {
        switch self {
        case .integer(let value): Number(value)
        case .unsigned(let value): Number(value)
        case .number(let value): Number(value)
        default: nil
        }
    }

    /// A number by its value: a whole number in an integer whenever one holds it.
    private enum Number: Hashable {
        case signed(Int64)
        case unsigned(UInt64)
        case fraction(Double)

        init(_ value: Int64) { self = .signed(value) }

        init(_ value: UInt64) {
            self = Int64(exactly: value).map(Number.signed) ?? .unsigned(value)
        }

        init(_ value: Double) {
            if let signed = Int64(exactly: value) {
                self = .signed(signed)
            } else if let unsigned = UInt64(exactly: value) {
                self = .unsigned(unsigned)
            } else {
                self = .fraction(value)
            }
        }
    }
}
