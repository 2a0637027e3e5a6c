public import BSPCore

/// A recorded run as text: one numbered line per notification,
/// `#seq /uri/of/notifier <variety>: rendered notification`, followed by `← #cause` when a
/// handler sent it, with volatile text redacted.
///
/// ```text
/// #1 /actor/presentation/notifier/event <event>: showLocationRequested
/// #2 /actor/service/notifier/request <request>: resolveLocation ← #1
/// ```
public struct Transcript: CustomStringConvertible {
    /// The records the transcript shows, in the order they were sent.
    public let records: [AuditRecord]

    /// The lines, one per record, redacted.
    public let lines: [String]

    /// Creates the transcript of `records`, applying `redactions` to each line in order.
    public init(_ records: [AuditRecord], redactions: [Redaction] = []) {
        self.init(records: records, lines: records.map { Transcript.line(for: $0, redactions: redactions) })
    }

    private init(records: [AuditRecord], lines: [String]) {
        self.records = records
        self.lines = lines
    }

    /// This transcript followed by the lines of the records after it in `records`, which
    /// must start where this one does; otherwise (the store dropped records) all of `records`.
    func extended(with records: [AuditRecord], redactions: [Redaction]) -> Transcript {
        guard records.first?.sequence == self.records.first?.sequence, records.count >= self.records.count else {
            return Transcript(records, redactions: redactions)
        }
        let added = records[self.records.count...].map { Transcript.line(for: $0, redactions: redactions) }
        return Transcript(records: records, lines: lines + added)
    }

    private static func line(for record: AuditRecord, redactions: [Redaction]) -> String {
        redactions.reduce(record.description) { line, redaction in redaction(line) }
    }

    /// The lines, joined by newlines.
    public var description: String {
        lines.joined(separator: "\n")
    }

    /// The records and lines that `filter` keeps, as (index in the transcript, line) pairs.
    func lines(in filter: TranscriptFilter) -> [TranscriptLine] {
        records.indices.compactMap { index in
            filter.includes(records[index])
                ? TranscriptLine(index: index, sequence: records[index].sequence, text: lines[index]) : nil
        }
    }
}

/// One line of a transcript, with its place in it.
struct TranscriptLine: Hashable {
    /// Its position in the transcript.
    let index: Int
    /// Its record's sequence number, as the line shows it.
    let sequence: UInt64
    let text: String
}
