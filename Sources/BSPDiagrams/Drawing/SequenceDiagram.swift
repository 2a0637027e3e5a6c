@_spi(Inspection) public import BSPCore

/// A recorded run as a sequence diagram: actors as lifelines, notifications as arrows labelled
/// with their rendered text, scope pushes and pops marked.
///
/// Every drawing of the package speaks one visual language, as UML's sequence diagrams do:
///
/// - a **synchronous** push is a solid line with a filled head;
/// - an **asynchronous** push is a solid line with an open head, drawn to the point where its
///   consumer took it — slanting down from where it was sent when that was earlier;
/// - a **reply** to a bi-way request is a dashed line with an open head, back from the
///   receiver to the sender once everything the request caused is drawn;
/// - requests are blue and events green, where the drawing has colour.
///
/// ```swift
/// let diagram = SequenceDiagram(trail: store.trail)
/// try diagram.svg().write(toFile: "run.svg", atomically: true, encoding: .utf8)
/// ```
///
/// A queued notification's consumer is known from the first notification it sent while
/// handling it; one that sent nothing is drawn where it was sent.
public struct SequenceDiagram: Hashable, Sendable {
    /// One arrow.
    public struct Message: Hashable, Sendable {
        /// What an arrow shows.
        public enum Kind: String, Hashable, Sendable {
            /// A notification, from its sender to a receiver.
            case push
            /// The reply to a bi-way request, from its receiver back to its sender.
            case reply
        }

        /// The notification's sequence number; for a reply, its request's.
        public let sequence: UInt64
        /// The sending actor, or `nil` for a notification from outside the fabric.
        public let from: ActorURI?
        /// The receiving actor, or `nil` for a reply to outside the fabric.
        public let to: ActorURI?
        /// Whether the notification is a request or an event: drawn in different colours.
        public let variety: NotifierVariety
        /// How it travelled: drawn with a filled or an open head.
        public let aspect: InteractionAspect
        /// A notification, or the reply to one.
        public let kind: Kind
        /// The label: the sequence number and the rendered notification, truncated.
        public let label: String
        /// ▲ or ▼ and the request, for a scope stack push or pop.
        public let scopeMark: String?
        /// For an asynchronous push drawn where it was consumed, later than it was sent: the
        /// index in ``SequenceDiagram/messages`` of the first arrow drawn after it was sent.
        public let sentAtRow: Int?
    }

    /// The lifelines, in the order the actors first appear.
    public let participants: [ActorURI]
    /// The arrows, in the order they are drawn.
    public let messages: [Message]

    /// The longest label drawn, in characters; longer notifications end in `…`.
    public static let labelLimit = 56

    /// The sequence diagram of a recorded run.
    public init(trail: AuditTrail) {
        var participants: [ActorURI] = []
        for record in trail.records {
            for actor in [record.source].compactMap({ $0 }) + SequenceDiagram.receivers(of: record)
            where !participants.contains(actor) {
                participants.append(actor)
            }
        }
        self.participants = participants
        self.messages = MessageOrder(trail: trail).messages
    }

    /// Who a record's arrows go to: its targets, or else its notifier's actor.
    static func receivers(of record: AuditRecord) -> [ActorURI] {
        record.targets.isEmpty ? [record.notifier.actor] : record.targets
    }

    static func label(_ record: AuditRecord) -> String {
        let text = TextEscaping.readable(record.notification)
        let body = text.count > labelLimit ? text.prefix(labelLimit - 1) + "…" : Substring(text)
        let delivery = record.delivery == .delivered ? "" : " [\(record.delivery.rawValue)]"
        return "#\(record.sequence) \(body)\(delivery)"
    }

    /// The diagram as Mermaid `sequenceDiagram` text: `->>` for a synchronous push, `-)` for an
    /// asynchronous one, `--)` for a reply, with the legend as a note over every lifeline.
    public func mermaid() -> String {
        var lines = ["sequenceDiagram"]
        let outside = messages.contains { $0.from == nil || $0.to == nil }
        if outside {
            lines.append("  participant outside as (outside)")
        }
        for (index, actor) in participants.enumerated() {
            lines.append("  participant p\(index) as \(actor.path)")
        }
        func name(_ actor: ActorURI?) -> String {
            actor.flatMap { participants.firstIndex(of: $0) }.map { "p\($0)" } ?? "outside"
        }
        if let first = outside ? "outside" : participants.first.map(name), let last = participants.last.map(name) {
            let span = first == last ? first : "\(first),\(last)"
            lines.append("  Note over \(span): \(TextEscaping.mermaid(SequenceDiagram.mermaidLegend))")
        }
        for message in messages {
            let arrow =
                switch (message.kind, message.aspect.timing) {
                case (.reply, _): "--)"
                case (.push, .synchronous): "->>"
                case (.push, .asynchronous): "-)"
                }
            lines.append("  \(name(message.from))\(arrow)\(name(message.to)): \(TextEscaping.mermaid(message.label))")
            if let mark = message.scopeMark {
                lines.append("  Note over \(name(message.to)): \(TextEscaping.mermaid(mark))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The legend of the Mermaid drawing, in words: Mermaid draws its arrows in no colour.
    static let mermaidLegend =
        "Legend — filled head: synchronous · open head: asynchronous, where it was consumed · dotted: reply"
}
