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
    public var lines: [String] {
        entries.map(\.text)
    }

    /// The lines with their places: what matching reads, kept so that it copies nothing.
    private let entries: [TranscriptLine]

    /// Creates the transcript of `records`, applying `redactions` to each line in order.
    public init(_ records: [AuditRecord], redactions: [Redaction] = []) {
        self.init(records: records, entries: Transcript.entries(for: records[...], from: 0, redactions: redactions))
    }

    private init(records: [AuditRecord], entries: [TranscriptLine]) {
        self.records = records
        self.entries = entries
    }

    /// This transcript followed by the lines of `records`, sent after its own.
    func appending(_ records: [AuditRecord], redactions: [Redaction]) -> Transcript {
        guard !records.isEmpty else { return self }
        guard !self.records.isEmpty else { return Transcript(records, redactions: redactions) }
        let added = Transcript.entries(for: records[...], from: self.records.count, redactions: redactions)
        return Transcript(records: self.records + records, entries: entries + added)
    }

    private static func entries(
        for records: ArraySlice<AuditRecord>, from first: Int, redactions: [Redaction]
    ) -> [TranscriptLine] {
        // Read in place: iterating the slice would copy each record, retaining all it holds.
        records.withUnsafeBufferPointer { records in
            var entries: [TranscriptLine] = []
            entries.reserveCapacity(records.count)
            for offset in records.indices {
                entries.append(
                    TranscriptLine(
                        index: first + offset, sequence: records[offset].sequence,
                        text: line(for: records[offset], redactions: redactions)))
            }
            return entries
        }
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
        guard !filter.includesEverything else { return entries }
        return records.indices.compactMap { index in filter.includes(records[index]) ? entries[index] : nil }
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
