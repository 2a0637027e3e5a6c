import Foundation

/// Encodes a value straight into the ``RecordedValue`` tree that `JSONEncoder`'s output, parsed
/// back, would give: the same tree, without writing JSON text and reading it again.
///
/// The two steps it replaces cost a `Codable` notification's audited send most of its
/// microseconds (about 1.9 µs to encode, 2 µs to parse, for a small enum). It keeps what
/// `JSONEncoder` does with its default strategies: `Data` as Base64, `URL` as its absolute
/// string, `Decimal` and the floating-point types as the numbers their text spells, `Date` as
/// the type encodes itself (seconds since 2001), a non-finite number refused, a value that
/// encodes nothing refused at the top and an empty object inside. The tests compare the two on
/// every kind of value.
enum RecordedValueEncoder {
    /// The tree `value` encodes to.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite number or a value that encodes
    ///   nothing; whatever the value's own `encode(to:)` throws.
    static func encode(_ value: some Encodable) throws -> RecordedValue {
        if let special = try special(value, codingPath: []) { return special }
        let encoder = TreeEncoder(codingPath: [])
        try value.encode(to: encoder)
        guard let tree = encoder.slot.resolved() else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values."))
        }
        return tree
    }

    /// A value of a nested field or element.
    ///
    /// Its coding path is `path` and `key`, joined only if something asks for it: joining them
    /// for every field cost an allocation each.
    static func nested(_ value: some Encodable, path: [any CodingKey], key: any CodingKey) throws -> Slot {
        if let special = try special(value, codingPath: path + [key]) { return .value(special) }
        let encoder = TreeEncoder(path: path, key: key)
        try value.encode(to: encoder)
        return encoder.slot.isEmpty ? .value(.object([:])) : encoder.slot
    }

    /// A value encoded in a single-value container: in its encoder's place.
    static func nested(_ value: some Encodable, in encoder: TreeEncoder) throws -> Slot {
        if let special = try special(value, codingPath: encoder.codingPath) { return .value(special) }
        let inner = TreeEncoder(path: encoder.path, key: encoder.key)
        try value.encode(to: inner)
        return inner.slot.isEmpty ? .value(.object([:])) : inner.slot
    }

    /// The types `JSONEncoder` encodes otherwise than they encode themselves. Found by their
    /// type, which costs a comparison, rather than by a cast of every value.
    private static func special<Value: Encodable>(
        _ value: Value, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> RecordedValue? {
        // Each cast below is of a value whose type the check before it has proved.
        if Value.self == Double.self { return try number(value as! Double, codingPath: codingPath()) }
        if Value.self == Float.self { return try number(value as! Float, codingPath: codingPath()) }
        if Value.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if Value.self == URL.self { return .string((value as! URL).absoluteString) }
        if Value.self == Decimal.self { return number(text: (value as! Decimal).description) }
        return nil
    }

    /// A floating-point number as the number its JSON text spells: `1.0` is written `1`, which
    /// reads back as a whole number.
    static func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> RecordedValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath(), debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return number(text: text)
    }

    /// The value JSON number text reads back as, classified as the trail's parser does.
    static func number(text: String) -> RecordedValue {
        if let integer = Int64(text) { return .integer(integer) }
        if let unsigned = UInt64(text) { return .unsigned(unsigned) }
        return .number(Double(text) ?? .nan)
    }

    /// Where an encoder puts what it encodes: nothing yet, a finished value, or a container
    /// that nested containers may still write into.
    enum Slot {
        case empty
        case value(RecordedValue)
        case object(ObjectNode)
        case array(ArrayNode)

        var isEmpty: Bool {
            if case .empty = self { true } else { false }
        }

        func resolved() -> RecordedValue? {
            switch self {
            case .empty: nil
            case .value(let value): value
            case .object(let node): node.resolved()
            case .array(let node): node.resolved()
            }
        }
    }

    /// A keyed container's members, shared by the containers that write into it: finished
    /// values as the tree holds them, so that most objects are made without a copy, and the
    /// containers nested in it, which may still be written into, apart.
    final class ObjectNode {
        private var values: [String: RecordedValue] = [:]
        private var open: [String: Slot] = [:]

        subscript(key: String) -> Slot {
            get { open[key] ?? values[key].map(Slot.value) ?? .empty }
            set {
                if case .value(let value) = newValue {
                    values[key] = value
                    open[key] = nil
                } else {
                    open[key] = newValue
                    values[key] = nil
                }
            }
        }

        func resolved() -> RecordedValue {
            guard !open.isEmpty else { return .object(values) }
            var members = values
            for (key, slot) in open {
                members[key] = slot.resolved() ?? .object([:])
            }
            return .object(members)
        }
    }

    /// An unkeyed container's elements, shared by the containers that write into it.
    final class ArrayNode {
        var elements: [Slot] = []

        func resolved() -> RecordedValue {
            .array(elements.map { $0.resolved() ?? .object([:]) })
        }
    }

    /// The encoder a value's `encode(to:)` is given.
    final class TreeEncoder: Encoder {
        let path: [any CodingKey]
        let key: (any CodingKey)?
        var codingPath: [any CodingKey] { key.map { path + [$0] } ?? path }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var slot = Slot.empty

        init(path: [any CodingKey], key: (any CodingKey)? = nil) {
            self.path = path
            self.key = key
        }

        convenience init(codingPath: [any CodingKey]) {
            self.init(path: codingPath)
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(KeyedContainer<Key>(node: objectNode(), codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            UnkeyedContainer(node: arrayNode(), codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(encoder: self)
        }

        /// The object this encoder writes into: asked for twice, the same one, as
        /// `JSONEncoder` does.
        private func objectNode() -> ObjectNode {
            if case .object(let node) = slot { return node }
            let node = ObjectNode()
            slot = .object(node)
            return node
        }

        private func arrayNode() -> ArrayNode {
            if case .array(let node) = slot { return node }
            let node = ArrayNode()
            slot = .array(node)
            return node
        }
    }

    /// A key of a nested container's path, for the error messages of what it holds.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    /// The key `JSONEncoder` gives a super encoder.
    struct SuperKey: CodingKey {
        var stringValue: String { "super" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    /// A super encoder: an encoder whose slot is written into its container's when it is let go.
    final class SlotEncoder: Encoder {
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        private let inner: TreeEncoder
        private let store: (Slot) -> Void

        init(codingPath: [any CodingKey], store: @escaping (Slot) -> Void) {
            self.codingPath = codingPath
            self.inner = TreeEncoder(codingPath: codingPath)
            self.store = store
        }

        deinit {
            store(inner.isEmptySlot ? .value(.object([:])) : inner.slot)
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            inner.container(keyedBy: type)
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            inner.unkeyedContainer()
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            inner.singleValueContainer()
        }
    }
}

extension RecordedValueEncoder.TreeEncoder {
    var isEmptySlot: Bool { slot.isEmpty }
}

extension RecordedValue {
    /// A whole number as the trail's parser classifies its JSON text.
    init(integer value: some BinaryInteger) {
        if let integer = Int64(exactly: value) {
            self = .integer(integer)
        } else if let unsigned = UInt64(exactly: value) {
            self = .unsigned(unsigned)
        } else {
            self = .number(Double(value))
        }
    }
}
