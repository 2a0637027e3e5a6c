public import BSPCore

/// A recorded run as a sequence diagram: actors as lifelines, notifications as arrows labelled
/// with their rendered text, requests solid and events dashed, scope pushes and pops marked.
///
/// ```swift
/// let diagram = SequenceDiagram(trail: store.trail)
/// try diagram.svg().write(toFile: "run.svg", atomically: true, encoding: .utf8)
/// ```
public struct SequenceDiagram: Hashable, Sendable {
    /// One arrow.
    public struct Message: Hashable, Sendable {
        /// The notification's sequence number.
        public let sequence: UInt64
        /// The sending actor, or `nil` for a notification from outside the fabric.
        public let from: ActorURI?
        /// The receiving actor.
        public let to: ActorURI
        /// Requests are drawn solid, events dashed.
        public let variety: NotifierVariety
        /// The label: the sequence number and the rendered notification, truncated.
        public let label: String
        /// ▲ or ▼ and the request, for a scope stack push or pop.
        public let scopeMark: String?
    }

    /// The lifelines, in the order the actors first appear.
    public let participants: [ActorURI]
    /// The arrows, in the order they were sent.
    public let messages: [Message]

    /// The longest label drawn, in characters; longer notifications end in `…`.
    public static let labelLimit = 56

    /// The sequence diagram of a recorded run.
    public init(trail: AuditTrail) {
        var participants: [ActorURI] = []
        func appear(_ actor: ActorURI) {
            if !participants.contains(actor) { participants.append(actor) }
        }
        var messages: [Message] = []
        for record in trail.records {
            let from = record.source
            let receivers = record.targets.isEmpty ? [record.notifier.actor] : record.targets
            from.map(appear)
            receivers.forEach(appear)
            let mark = record.stackChange.map { "\($0.kind == .pushed ? "▲" : "▼") \($0.kind.rawValue)(\($0.scope))" }
            for receiver in receivers {
                messages.append(
                    Message(
                        sequence: record.sequence, from: from, to: receiver, variety: record.variety,
                        label: SequenceDiagram.label(record), scopeMark: mark))
            }
        }
        self.participants = participants
        self.messages = messages
    }

    static func label(_ record: AuditRecord) -> String {
        let text = TextEscaping.readable(record.notification)
        let body = text.count > labelLimit ? text.prefix(labelLimit - 1) + "…" : Substring(text)
        let delivery = record.delivery == .delivered ? "" : " [\(record.delivery.rawValue)]"
        return "#\(record.sequence) \(body)\(delivery)"
    }

    /// The diagram as Mermaid `sequenceDiagram` text.
    public func mermaid() -> String {
        var lines = ["sequenceDiagram"]
        let outside = messages.contains { $0.from == nil }
        if outside {
            lines.append("  participant outside as (outside)")
        }
        for (index, actor) in participants.enumerated() {
            lines.append("  participant p\(index) as \(actor.path)")
        }
        func name(_ actor: ActorURI?) -> String {
            actor.flatMap { participants.firstIndex(of: $0) }.map { "p\($0)" } ?? "outside"
        }
        for message in messages {
            let arrow = message.variety == .request ? "->>" : "-->>"
            lines.append("  \(name(message.from))\(arrow)\(name(message.to)): \(TextEscaping.mermaid(message.label))")
            if let mark = message.scopeMark {
                lines.append("  Note over \(name(message.to)): \(TextEscaping.mermaid(mark))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
