/// One notification, as the audit trail keeps it.
///
/// A record is a plain value: a store hands out copies, so a test or a tool may build one with
/// ``init(sequence:notifier:variety:aspect:source:targets:notification:cause:depth:scope:delivery:stackChange:value:reply:time:)``
/// or change any field of a copy — a recording retimed, a cause broken on purpose — and no
/// store's records change.
///
/// A record is made when a notification is sent, before its handlers run, so a trail lists
/// notifications in the order they were sent, and ``cause`` points back to an earlier record.
public struct AuditRecord: Sendable {
    // Made on every audited send and moved, not copied, into the store, so it holds few
    // references: what a notifier records of itself on every send (its URI, variety and
    // targets) is one shared `Origin`, the sender of an event is that notifier's actor rather
    // than a copy of it, and a `Sendable` notification waits unrendered.

    /// The notification's place in the one order shared by every notifier of an
    /// ``AuditContext``, starting at 1.
    public var sequence: UInt64

    private(set) var origin: Origin

    /// The notifier the notification was sent on.
    public var notifier: NotifierURI {
        get { origin.notifier }
        set { origin = Origin(notifier: newValue, variety: variety, aspect: aspect, targets: targets) }
    }

    /// Whether the notifier is a request (input) or an event (output) notifier.
    public var variety: NotifierVariety {
        get { origin.variety }
        set { origin = Origin(notifier: notifier, variety: newValue, aspect: aspect, targets: targets) }
    }

    /// How the notification travelled: synchronously or asynchronously, with a reply or
    /// without. A trail written before records kept it reads as synchronous single-way.
    public var aspect: InteractionAspect {
        get { origin.aspect }
        set { origin = Origin(notifier: notifier, variety: variety, aspect: newValue, targets: targets) }
    }

    /// The actors it was delivered to: for a request, the notifier's owner; for an event, the
    /// observers that named themselves when they started observing.
    public var targets: [ActorURI] {
        get { origin.targets }
        set { origin = Origin(notifier: notifier, variety: variety, aspect: aspect, targets: newValue) }
    }

    /// The ``sequence`` of the notification whose handler sent this one, or `nil` for a
    /// notification sent from outside any handler.
    public var cause: UInt64?

    // Declared after `cause`, with `nanoseconds` after it, so that the delivery takes the
    // padding after the optional's flag: a record's stride stays 128 bytes, two cache lines,
    // rather than 136 (`audit_overhead_ns` rose by 6 ns with the larger stride).

    /// What became of the notification.
    public var delivery: AuditDelivery

    /// ``time`` in nanoseconds, or ``noTime``: a plain number, not an optional, which would
    /// take another eight bytes.
    private var nanoseconds: UInt64 = AuditRecord.noTime

    /// How many handlers deep it was sent: 0 from outside, 1 from the handler of a depth-0
    /// notification, and so on.
    public var depth: Int

    /// The innermost scope that was active when it was sent, if any: the scope most recently
    /// pushed on a ``ScopeStack`` of the same ``AuditContext`` that had not yet terminated.
    public var scope: ActorURI?

    /// When the notification was sent, as the time since its context was made on the context's
    /// clock; `nil` when the context keeps no time (see ``AuditContext/init(store:causeTracking:clock:onFault:)``).
    ///
    /// Kept in whole nanoseconds, rounded down: a negative time is kept as zero, one beyond
    /// `Int64.max` nanoseconds (292 years) as that. A replay with a test clock advances it to
    /// each recorded notification's time.
    public var time: Duration? {
        get { nanoseconds == Self.noTime ? nil : .nanoseconds(Int64(bitPattern: nanoseconds)) }
        set { nanoseconds = newValue.map(Self.nanoseconds(of:)) ?? Self.noTime }
    }

    /// The ``nanoseconds`` of a record that keeps no time.
    private static let noTime = UInt64.max

    /// `duration` in whole nanoseconds, rounded down: 0 for a negative one, and at most
    /// `Int64.max` (292 years).
    static func nanoseconds(of duration: Duration) -> UInt64 {
        // Compared first: `components` traps for a duration beyond `Int64.max` seconds.
        guard duration > .zero else { return 0 }
        guard duration < .nanoseconds(Int64.max) else { return UInt64(Int64.max) }
        let (seconds, attoseconds) = duration.components
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }

    /// ``time`` in whole nanoseconds, as the trail writes it.
    var timeInNanoseconds: UInt64? {
        nanoseconds == Self.noTime ? nil : nanoseconds
    }

    /// For the record of a scope stack's transition, what the transition did to the stack.
    public var stackChange: StackChange? {
        get { extras?.stackChange }
        set { extras = Extras.of(stackChange: newValue, reply: reply) }
    }

    /// ``stackChange`` and ``reply``, boxed together: almost no record has either, and one
    /// `nil` reference is cheaper to move into a store than optional structures.
    private var extras: Extras?

    /// The notification's value, for a `Sendable` notification whose type is `Encodable`: the
    /// JSON it encodes to, a ``Private`` field as `"<private>"`. `nil` for any other.
    ///
    /// A notification whose text waits to be rendered (a pure value: see its text) is encoded
    /// when read, so auditing it costs the same whether its type is `Codable` or not; one
    /// rendered when sent is encoded then too, so that its value is the state it was sent in.
    ///
    /// Set, it replaces the value and leaves the text as it reads now.
    public var value: RecordedValue? {
        get {
            switch text {
            // A number's or a Boolean's text is its value.
            case .rendered, .scalar: nil
            case .unrendered(let notification): RecordedValue.of(notification.value)
            case .renderedValue(let rendered): rendered.recorded?.value
            }
        }
        set { text = Self.text(notification, value: newValue) }
    }

    /// A record's text of `notification` as given, with `value`, as tests and tools give them.
    private static func text(_ notification: String, value: RecordedValue?) -> Text {
        value.map {
            .renderedValue(
                RenderedValue(text: notification, value: SendableNotification(value: $0), recorded: .tree($0)))
        } ?? .rendered(notification)
    }

    /// For a bi-way request that was answered, the reply, if its type is `Encodable`: recorded
    /// when the handler returned, after the records of whatever the handler sent.
    public var reply: RecordedValue? {
        get { extras?.reply }
        set { extras = Extras.of(stackChange: stackChange, reply: newValue) }
    }

    private(set) var sender: Sender
    private var text: Text

    /// The actor that sent it: for a request, the actor whose handler was running when it was
    /// sent, or `nil` when it came from outside the fabric; for an event, the notifier's owner,
    /// unless the handler of another actor emitted it (which breaks BSP's rule that only the
    /// owner emits on its event notifiers).
    public var source: ActorURI? {
        get {
            switch sender {
            case .notifierActor: notifier.actor
            case .actor(let actor): actor
            case .outside: nil
            }
        }
        set { sender = newValue.map(Sender.actor) ?? .outside }
    }

    /// The notification rendered as text with `String(describing:)`.
    ///
    /// A `Sendable` notification is rendered when this is read, not when it is sent, so a
    /// store that never reads it never pays for it.
    ///
    /// Set, it replaces the text and keeps the value.
    public var notification: String {
        get { text.rendered }
        set { text = Self.text(newValue, value: value) }
    }

    /// Creates a record; the fabric makes these for you, tests and tools make their own.
    public init(
        sequence: UInt64,
        notifier: NotifierURI,
        variety: NotifierVariety,
        aspect: InteractionAspect = .synchronousSingleWay,
        source: ActorURI? = nil,
        targets: [ActorURI] = [],
        notification: String,
        cause: UInt64? = nil,
        depth: Int = 0,
        scope: ActorURI? = nil,
        delivery: AuditDelivery = .delivered,
        stackChange: StackChange? = nil,
        value: RecordedValue? = nil,
        reply: RecordedValue? = nil,
        time: Duration? = nil
    ) {
        self.init(
            sequence: sequence, origin: Origin(notifier: notifier, variety: variety, aspect: aspect, targets: targets),
            sender: source.map(Sender.actor) ?? .outside, text: Self.text(notification, value: value), cause: cause,
            depth: depth, scope: scope, delivery: delivery, stackChange: stackChange)
        self.reply = reply
        self.time = time
    }

    /// A record as a notifier makes it.
    init(
        sequence: UInt64, origin: consuming Origin, sender: Sender, text: consuming Text, cause: UInt64?,
        depth: Int, scope: consuming ActorURI?, delivery: AuditDelivery, stackChange: consuming StackChange? = nil,
        nanoseconds: UInt64? = nil
    ) {
        self.sequence = sequence
        self.origin = origin
        self.sender = sender
        self.text = text
        self.cause = cause
        self.depth = depth
        self.scope = scope
        self.delivery = delivery
        self.extras = stackChange.flatMap { Extras.of(stackChange: $0, reply: nil) }
        self.nanoseconds = nanoseconds ?? Self.noTime
    }

    /// The notifier's path, read without copying the rest of its URI.
    var notifierPath: String {
        origin.notifier.path
    }

    /// The notification itself, for a record of a `Sendable` notification as its notifier made
    /// it: what typed test expectations compare. `nil` for other records.
    @_spi(Inspection) public var notificationValue: SendableNotification? {
        switch text {
        case .rendered: nil
        case .unrendered(let notification): notification
        case .renderedValue(let rendered): rendered.value
        case .scalar(let scalar): SendableNotification(value: scalar.value)
        }
    }

    /// Whether the notification's text is rendered already.
    var isRendered: Bool {
        if case .unrendered = text { false } else { true }
    }

    /// Renders the notification, so that it is not rendered again; the notification itself is
    /// kept, for its value and for typed expectations.
    mutating func render() {
        guard case .unrendered(let notification) = text else { return }
        text = .renderedValue(
            RenderedValue(
                text: String(describing: notification.value), value: notification,
                recorded: RecordedValue.of(notification.value).map(KeptValue.tree)))
    }

    /// The notification as the record keeps it: what a store that renders writes back.
    var storedText: Text {
        get { text }
        set { text = newValue }
    }
}

extension AuditRecord: Hashable {
    /// Records are equal when every field is.
    public static func == (lhs: AuditRecord, rhs: AuditRecord) -> Bool {
        lhs.sequence == rhs.sequence && lhs.notifier == rhs.notifier && lhs.variety == rhs.variety
            && lhs.aspect == rhs.aspect && lhs.source == rhs.source && lhs.targets == rhs.targets
            && lhs.cause == rhs.cause
            && lhs.depth == rhs.depth && lhs.scope == rhs.scope && lhs.delivery == rhs.delivery
            && lhs.notification == rhs.notification && lhs.stackChange == rhs.stackChange
            && lhs.reply == rhs.reply && lhs.value == rhs.value && lhs.nanoseconds == rhs.nanoseconds
    }

    /// Hashes every field but the value and the reply, which equal records have alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sequence)
        hasher.combine(notifier)
        hasher.combine(variety)
        hasher.combine(aspect)
        hasher.combine(source)
        hasher.combine(targets)
        hasher.combine(notification)
        hasher.combine(cause)
        hasher.combine(depth)
        hasher.combine(scope)
        hasher.combine(delivery)
        hasher.combine(stackChange)
        hasher.combine(nanoseconds)
    }
}
