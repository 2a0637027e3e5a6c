/// What a trail's writer takes in one go: records, and the replies to requests among them or
/// written before, each after the records taken before it.
struct TrailBatch {
    /// The reply to a bi-way request, which its handler returned after the request's record and
    /// the records of what it sent were taken.
    struct Reply {
        /// How many of the batch's records were taken before it.
        let afterRecords: Int
        let value: RecordedValue
        /// The request's sequence number.
        let request: UInt64
    }

    var records: [AuditRecord] = []
    var replies: [Reply] = []

    /// How many items are waiting.
    var count: Int { records.count + replies.count }
    var isEmpty: Bool { records.isEmpty && replies.isEmpty }

    /// Empties the batch, keeping its capacity for the next.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        replies.removeAll(keepingCapacity: true)
    }
}
