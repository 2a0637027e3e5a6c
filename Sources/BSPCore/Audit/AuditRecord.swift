/// One notification, as the audit trail keeps it.
///
/// A record is made when a notification is sent, before its handlers run, so a trail lists
/// notifications in the order they were sent, and ``cause`` points back to an earlier record.
public struct AuditRecord: Hashable, Sendable, Codable {
    /// The notification's place in the one order shared by every notifier of an
    /// ``AuditContext``, starting at 1.
    public var sequence: UInt64

    /// The notifier the notification was sent on.
    public var notifier: NotifierURI

    /// Whether the notifier is a request (input) or an event (output) notifier.
    public var variety: NotifierVariety

    /// The actor that sent it: for an event, the notifier's owner; for a request, the actor
    /// whose handler was running when it was sent, or `nil` when it came from outside the fabric.
    public var source: ActorURI?

    /// The actors it was delivered to: for a request, the notifier's owner; for an event, the
    /// observers that named themselves when they started observing.
    public var targets: [ActorURI]

    /// The notification rendered as text with `String(describing:)`.
    public var notification: String

    /// The ``sequence`` of the notification whose handler sent this one, or `nil` for a
    /// notification sent from outside any handler.
    public var cause: UInt64?

    /// How many handlers deep it was sent: 0 from outside, 1 from the handler of a depth-0
    /// notification, and so on.
    public var depth: Int

    /// The innermost scope that was active when it was sent, if any: the scope most recently
    /// pushed on a ``ScopeStack`` of the same ``AuditContext`` that had not yet terminated.
    public var scope: ActorURI?

    /// What became of the notification.
    public var delivery: AuditDelivery

    /// Creates a record; the fabric makes these for you, tests and tools make their own.
    public init(
        sequence: UInt64,
        notifier: NotifierURI,
        variety: NotifierVariety,
        source: ActorURI? = nil,
        targets: [ActorURI] = [],
        notification: String,
        cause: UInt64? = nil,
        depth: Int = 0,
        scope: ActorURI? = nil,
        delivery: AuditDelivery = .delivered
    ) {
        self.sequence = sequence
        self.notifier = notifier
        self.variety = variety
        self.source = source
        self.targets = targets
        self.notification = notification
        self.cause = cause
        self.depth = depth
        self.scope = scope
        self.delivery = delivery
    }
}

extension AuditRecord: CustomStringConvertible {
    /// The record as one transcript line:
    /// `#3 /actor/service/notifier/request <request>: resolveLocation ← #2`.
    ///
    /// The cause follows `←`; a delivery other than ``AuditDelivery/delivered`` is shown in
    /// brackets at the end.
    public var description: String {
        var line = "#\(sequence) \(notifier.path) <\(variety.rawValue)>: \(notification)"
        if let cause {
            line += " ← #\(cause)"
        }
        if delivery != .delivered {
            line += " [\(delivery.rawValue)]"
        }
        return line
    }
}
