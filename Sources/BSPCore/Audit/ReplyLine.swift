/// The line a file trail writes for the reply to a bi-way request, `{"reply":…,"replyTo":7}`:
/// the request's own line was written before its handler returned.
struct ReplyLine: Decodable {
    let reply: RecordedValue
    let replyTo: UInt64

    /// Whether `line` is a reply's line: written with sorted keys, it starts with its reply.
    static func starts(_ line: some Collection<UInt8>) -> Bool {
        line.starts(with: #"{"reply":"#.utf8)
    }

    /// Gives each reply to the newest record of its request that has none yet, and returns the
    /// replies whose request is not among `records`.
    static func attach(_ replies: [ReplyLine], to records: inout [AuditRecord]) -> [ReplyLine] {
        guard !replies.isEmpty else { return [] }
        var newest: [UInt64: Int] = [:]
        for (index, record) in records.enumerated() where record.variety == .request {
            newest[record.sequence] = index
        }
        var unattached: [ReplyLine] = []
        for line in replies {
            if let index = newest[line.replyTo], records[index].reply == nil {
                records[index].reply = line.reply
            } else {
                unattached.append(line)
            }
        }
        return unattached
    }
}
