import Foundation

// The tree encoder's three containers: each writes into the slot of the node it was made for.
extension RecordedValueEncoder {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: ObjectNode
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node[key.stringValue] = .value(.null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { node[key.stringValue] = .value(.bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws {
            node[key.stringValue] = .value(.string(value))
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            node[key.stringValue] = .value(try RecordedValueEncoder.number(value, codingPath: codingPath + [key]))
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            node[key.stringValue] = .value(try RecordedValueEncoder.number(value, codingPath: codingPath + [key]))
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
            node[key.stringValue] = try RecordedValueEncoder.nested(value, path: codingPath, key: key)
        }

        private func put(_ value: some BinaryInteger, _ key: Key) {
            node[key.stringValue] = .value(RecordedValue(integer: value))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectNode()
            node[key.stringValue] = .object(nested)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: nested, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = ArrayNode()
            node[key.stringValue] = .array(nested)
            return UnkeyedContainer(node: nested, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder {
            SlotEncoder(codingPath: codingPath + [SuperKey()]) { [node] slot in node["super"] = slot }
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            SlotEncoder(codingPath: codingPath + [key]) { [node] slot in node[key.stringValue] = slot }
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: ArrayNode
        let codingPath: [any CodingKey]
        var count: Int { node.elements.count }

        private var nextKey: IndexKey { IndexKey(intValue: node.elements.count) }

        mutating func encodeNil() throws { node.elements.append(.value(.null)) }
        mutating func encode(_ value: Bool) throws { node.elements.append(.value(.bool(value))) }
        mutating func encode(_ value: String) throws { node.elements.append(.value(.string(value))) }
        mutating func encode(_ value: Double) throws {
            node.elements.append(.value(try RecordedValueEncoder.number(value, codingPath: codingPath + [nextKey])))
        }
        mutating func encode(_ value: Float) throws {
            node.elements.append(.value(try RecordedValueEncoder.number(value, codingPath: codingPath + [nextKey])))
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
            node.elements.append(try RecordedValueEncoder.nested(value, path: codingPath, key: nextKey))
        }

        private func put(_ value: some BinaryInteger) {
            node.elements.append(.value(RecordedValue(integer: value)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let key = nextKey
            let nested = ObjectNode()
            node.elements.append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: nested, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let key = nextKey
            let nested = ArrayNode()
            node.elements.append(.array(nested))
            return UnkeyedContainer(node: nested, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder {
            let index = node.elements.count
            node.elements.append(.empty)
            return SlotEncoder(codingPath: codingPath + [IndexKey(intValue: index)]) { [node] slot in
                node.elements[index] = slot
            }
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: TreeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        func encodeNil() throws { encoder.slot = .value(.null) }
        func encode(_ value: Bool) throws { encoder.slot = .value(.bool(value)) }
        func encode(_ value: String) throws { encoder.slot = .value(.string(value)) }
        func encode(_ value: Double) throws {
            encoder.slot = .value(try RecordedValueEncoder.number(value, codingPath: codingPath))
        }
        func encode(_ value: Float) throws {
            encoder.slot = .value(try RecordedValueEncoder.number(value, codingPath: codingPath))
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
            encoder.slot = try RecordedValueEncoder.nested(value, in: encoder)
        }

        private func put(_ value: some BinaryInteger) {
            encoder.slot = .value(RecordedValue(integer: value))
        }
    }
}
