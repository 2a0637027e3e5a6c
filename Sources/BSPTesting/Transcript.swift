public import BSPCore

/// A recorded run as text: one numbered line per notification,
/// `#seq /uri/of/notifier <variety>: rendered notification`, followed by `← #cause` when a
/// handler sent it.
///
/// ```text
/// #1 /actor/presentation/notifier/event <event>: showLocationRequested
/// #2 /actor/service/notifier/request <request>: resolveLocation ← #1
/// ```
public struct Transcript: Hashable, Sendable, CustomStringConvertible {
    /// The records the transcript shows, in the order they were sent.
    public let records: [AuditRecord]

    /// Creates the transcript of `records`.
    public init(_ records: [AuditRecord]) {
        self.records = records
    }

    /// One line per record.
    public var lines: [String] {
        records.map(\.description)
    }

    /// The lines, joined by newlines.
    public var description: String {
        lines.joined(separator: "\n")
    }
}
