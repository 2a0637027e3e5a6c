public import BSPCore

/// Which lines of a transcript an expectation looks at.
///
/// ```swift
/// app.expect(exactly: ["present("], in: .under("/actor/presentation"))
/// app.expectNothingElse(in: TranscriptFilter.all.ignoring("/actor/service/analytics"))
/// ```
public struct TranscriptFilter: Sendable, CustomStringConvertible {
    private var included: [Selector]
    private var excluded: [ActorURI]

    private enum Selector: Sendable {
        case actors(ActorURI)
        case notifier(NotifierURI)
    }

    /// Every line.
    public static let all = TranscriptFilter(included: [], excluded: [])

    /// The lines of notifiers whose actor is `prefix` or lies below it.
    public static func under(_ prefix: ActorURI) -> TranscriptFilter {
        TranscriptFilter(included: [.actors(prefix)], excluded: [])
    }

    /// The lines of one notifier.
    public static func notifier(_ uri: NotifierURI) -> TranscriptFilter {
        TranscriptFilter(included: [.notifier(uri)], excluded: [])
    }

    /// This filter, without the lines of notifiers whose actor is `prefix` or lies below it.
    public func ignoring(_ prefix: ActorURI) -> TranscriptFilter {
        var filter = self
        filter.excluded.append(prefix)
        return filter
    }

    /// Whether the filter keeps every line.
    var includesEverything: Bool {
        included.isEmpty && excluded.isEmpty
    }

    /// Whether the filter keeps `record`'s line.
    public func includes(_ record: AuditRecord) -> Bool {
        includes(notifier: record.notifier)
    }

    /// Whether the filter keeps the records of `notifier`.
    func includes(notifier: NotifierURI) -> Bool {
        let actor = notifier.actor
        if excluded.contains(where: { actor.hasPrefix($0) }) {
            return false
        }
        return included.isEmpty
            || included.contains { selector in
                switch selector {
                case .actors(let prefix): actor.hasPrefix(prefix)
                case .notifier(let uri): notifier == uri
                }
            }
    }

    /// The filter in words, for failure messages: `under /actor/presentation, ignoring …`.
    public var description: String {
        var parts = included.map { selector in
            switch selector {
            case .actors(let prefix): "under \(prefix)"
            case .notifier(let uri): "on \(uri)"
            }
        }
        if parts.isEmpty {
            parts = ["all notifiers"]
        }
        parts += excluded.map { "ignoring \($0)" }
        return parts.joined(separator: ", ")
    }
}
