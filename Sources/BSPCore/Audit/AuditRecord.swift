/// One notification, as the audit trail keeps it.
///
/// A record is made when a notification is sent, before its handlers run, so a trail lists
/// notifications in the order they were sent, and ``cause`` points back to an earlier record.
public struct AuditRecord: Sendable {
    // The fields live in one immutable box, so that handing a record to a store (through the
    // store protocol, a lock and a ring buffer) copies one reference rather than ten fields;
    // a setter copies the box first when it is shared.
    private var storage: Storage

    /// The notification's place in the one order shared by every notifier of an
    /// ``AuditContext``, starting at 1.
    public var sequence: UInt64 {
        get { storage.fields.sequence }
        set { mutate { $0.sequence = newValue } }
    }

    /// The notifier the notification was sent on.
    public var notifier: NotifierURI {
        get { storage.fields.notifier }
        set { mutate { $0.notifier = newValue } }
    }

    /// Whether the notifier is a request (input) or an event (output) notifier.
    public var variety: NotifierVariety {
        get { storage.fields.variety }
        set { mutate { $0.variety = newValue } }
    }

    /// The actor that sent it: for an event, the notifier's owner; for a request, the actor
    /// whose handler was running when it was sent, or `nil` when it came from outside the fabric.
    public var source: ActorURI? {
        get { storage.fields.source }
        set { mutate { $0.source = newValue } }
    }

    /// The actors it was delivered to: for a request, the notifier's owner; for an event, the
    /// observers that named themselves when they started observing.
    public var targets: [ActorURI] {
        get { storage.fields.targets }
        set { mutate { $0.targets = newValue } }
    }

    /// The notification rendered as text with `String(describing:)`.
    ///
    /// A `Sendable` notification is rendered when this is first read, not when it is sent, so
    /// a store that never reads it never pays for it.
    public var notification: String {
        get { storage.render?() ?? storage.fields.notification }
        set { mutate { $0.notification = newValue } }
    }

    /// The ``sequence`` of the notification whose handler sent this one, or `nil` for a
    /// notification sent from outside any handler.
    public var cause: UInt64? {
        get { storage.fields.cause }
        set { mutate { $0.cause = newValue } }
    }

    /// How many handlers deep it was sent: 0 from outside, 1 from the handler of a depth-0
    /// notification, and so on.
    public var depth: Int {
        get { storage.fields.depth }
        set { mutate { $0.depth = newValue } }
    }

    /// The innermost scope that was active when it was sent, if any: the scope most recently
    /// pushed on a ``ScopeStack`` of the same ``AuditContext`` that had not yet terminated.
    public var scope: ActorURI? {
        get { storage.fields.scope }
        set { mutate { $0.scope = newValue } }
    }

    /// What became of the notification.
    public var delivery: AuditDelivery {
        get { storage.fields.delivery }
        set { mutate { $0.delivery = newValue } }
    }

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
        storage = Storage(
            Fields(
                sequence: sequence, notifier: notifier, variety: variety, source: source, targets: targets,
                notification: notification, cause: cause, depth: depth, scope: scope, delivery: delivery))
    }

    /// A record of `fields`.
    init(_ fields: Fields) {
        storage = Storage(fields)
    }

    /// A record whose notification is rendered by `render` when it is read.
    init(deferring render: @escaping @Sendable () -> String, _ fields: Fields) {
        storage = Storage(fields, render: render)
    }

    /// The record with its notification rendered, so that it is not rendered again.
    var rendered: AuditRecord {
        guard let render = storage.render else { return self }
        var fields = storage.fields
        fields.notification = render()
        return AuditRecord(fields)
    }

    private mutating func mutate(_ change: (inout Fields) -> Void) {
        var fields = rendered.storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// The record's fields, as one value.
    struct Fields: Hashable, Sendable, Codable {
        var sequence: UInt64
        var notifier: NotifierURI
        var variety: NotifierVariety
        var source: ActorURI?
        var targets: [ActorURI]
        var notification: String
        var cause: UInt64?
        var depth: Int
        var scope: ActorURI?
        var delivery: AuditDelivery
    }

    private final class Storage: Sendable {
        let fields: Fields
        /// Renders the notification on demand, for a record made with it.
        let render: (@Sendable () -> String)?

        init(_ fields: Fields, render: (@Sendable () -> String)? = nil) {
            self.fields = fields
            self.render = render
        }
    }
}

extension AuditRecord: Hashable {
    /// Records are equal when every field is.
    public static func == (lhs: AuditRecord, rhs: AuditRecord) -> Bool {
        lhs.storage === rhs.storage || lhs.rendered.storage.fields == rhs.rendered.storage.fields
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rendered.storage.fields)
    }
}

extension AuditRecord: Codable {
    /// Decodes a record from an object with one key per field.
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    /// Encodes the record as an object with one key per field; `nil` fields are left out.
    public func encode(to encoder: any Encoder) throws {
        try rendered.storage.fields.encode(to: encoder)
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
