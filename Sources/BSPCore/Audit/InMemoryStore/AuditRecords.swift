/// The records an ``InMemoryAuditStore`` kept when it was read, oldest first.
///
/// A collection like an array of ``AuditRecord``s, indexed from zero, but it holds the records
/// as the store packed them and makes each one when it is read. Reading a store of a million
/// records therefore takes no copy of them, and a record read twice is made twice: keep it in
/// a variable, or `Array(store.records)`, to read it often.
///
/// What it holds stays as it was read, whatever the store keeps or forgets afterwards.
///
/// ```swift
/// let records = store.records
/// print(records.count, records.last?.notification ?? "none")
/// for record in records where record.delivery != .delivered { print(record) }
/// ```
public struct AuditRecords: RandomAccessCollection, Sendable {
    private let blocks: [RecordBlock]
    /// How many records of the first block come before the first record.
    private let skipped: Int
    /// For each block, the position after its last record.
    private let ends: [Int]

    /// The position of the first record: zero.
    public var startIndex: Int { 0 }

    /// The position after the last record: the number of records.
    public let endIndex: Int

    /// The records of `blocks`, after the first `skipped` of the first block.
    init(blocks: [RecordBlock], skipping skipped: Int) {
        self.blocks = blocks
        self.skipped = skipped
        var end = -skipped
        ends = blocks.map { block in
            end += block.count
            return end
        }
        endIndex = Swift.max(0, end)
    }

    /// The record at `position`.
    public subscript(position: Int) -> AuditRecord {
        precondition(position >= 0 && position < endIndex, "Index \(position) is outside \(endIndex) audit records.")
        // The first block whose end is past `position`.
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        let blockStart = ends[low] - blocks[low].count
        return blocks[low].record(at: position - blockStart)
    }

    /// Walks the records block by block, without searching for each.
    public func makeIterator() -> Iterator {
        Iterator(blocks: blocks, offset: skipped)
    }

    /// Makes each record in turn, oldest first.
    public struct Iterator: IteratorProtocol {
        private let blocks: [RecordBlock]
        private var block = 0
        private var offset: Int

        init(blocks: [RecordBlock], offset: Int) {
            self.blocks = blocks
            self.offset = offset
        }

        /// The next record, or `nil` after the last.
        public mutating func next() -> AuditRecord? {
            while block < blocks.count {
                if offset < blocks[block].count {
                    defer { offset += 1 }
                    return blocks[block].record(at: offset)
                }
                block += 1
                offset = 0
            }
            return nil
        }
    }
}

extension AuditRecords: Equatable {
    /// Two readings are equal when they hold equal records in the same order.
    public static func == (lhs: AuditRecords, rhs: AuditRecords) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Whether a store's records are `rhs`, an array of records such as an `AuditTrail`'s or
    /// a `Transcript`'s: equal records in the same order.
    public static func == (lhs: AuditRecords, rhs: [AuditRecord]) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Whether `lhs`, an array of records, is a store's records: equal records in the same order.
    public static func == (lhs: [AuditRecord], rhs: AuditRecords) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Whether a store's records differ from `rhs`, an array of records.
    public static func != (lhs: AuditRecords, rhs: [AuditRecord]) -> Bool {
        !(lhs == rhs)
    }

    /// Whether `lhs`, an array of records, differs from a store's records.
    public static func != (lhs: [AuditRecord], rhs: AuditRecords) -> Bool {
        !(lhs == rhs)
    }
}

extension AuditRecords: CustomStringConvertible {
    /// The records as an array prints them: `[#1 …, #2 …]`.
    public var description: String {
        "[" + map(\.description).joined(separator: ", ") + "]"
    }
}
