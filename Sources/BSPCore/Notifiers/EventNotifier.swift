/// An actor's output: it tells every observer, in registration order, that something happened.
///
/// The owner holds the notifier and emits; peers get its ``port`` and observe:
///
/// ```swift
/// let events = EventNotifier<PresentationEvent>(of: LocationPresentation.uri)
///
/// events.port.observe(by: behaviour) { behaviour, intent in
///     behaviour.handle(intent)
/// }
/// events.emit(.showLocationRequested)   // returns after every observer has run
/// ```
///
/// ## Semantics
///
/// - ``emit(_:)`` is a synchronous push on the caller's thread: it returns after every
///   observer has run.
/// - Observers run in the order they started observing.
/// - Cancelling an observation takes effect at once, even in the middle of a send. An observer
///   added during a send does not receive that send.
/// - Emitting again on the same notifier from inside one of its observers does not nest: the
///   new event is queued and delivered, in order, once every observer has seen the current
///   one, before the outer `emit` returns. So no observer ever sees events out of order.
///   A cycle that keeps re-emitting is cut after ``reentrantSendLimit`` queued events and
///   reported as ``NotifierError/runawayCycle(_:limit:)``.
/// - A handler that emits on *another* notifier runs that delivery at once, depth first.
///
/// A notifier belongs to one isolation domain (it is not `Sendable`); to report events that
/// arrive on other threads, hop to that domain first, for example with
/// `Task { @MainActor in events.emit(.moved(to: place)) }`.
public final class EventNotifier<Event> {
    /// The notifier's URI, such as `/actor/presentation/notifier/event`.
    public let uri: NotifierURI

    /// The context this notifier reports to: ``AuditContext/current`` when it was created.
    public internal(set) var audit: AuditContext

    /// How many events may be queued by re-entrant emits within one delivery before the
    /// notifier treats it as a runaway cycle.
    public static var reentrantSendLimit: Int { 1_000 }

    // The state the inlined `emit` reads and writes. Runtime exclusivity checks are off for it:
    // the notifier never holds an access across a call to a handler (it copies what it needs
    // first), so no two accesses can overlap, and the checks would cost more than the send:
    // with the checks on in the notifiers, `send1_ns` went from 4.4 to 13.4 and
    // `audit_overhead_ns` from 76 to 167 (release build, one interleaved run).
    @usableFromInline @exclusivity(unchecked) var observers: ContiguousArray<EventObserver<Event>> = []
    @usableFromInline @exclusivity(unchecked) var isDelivering = false
    @usableFromInline @exclusivity(unchecked) var hasCancelledObservers = false
    @usableFromInline @exclusivity(unchecked) var queue = ReentrantQueue<Event>()
    @usableFromInline @exclusivity(unchecked) var isAuditing: Bool
    /// Whether tasks started by handlers inherit the cause: the context's
    /// ``AuditContext/CauseTracking``, kept here so that delivery need not read the context.
    @usableFromInline @exclusivity(unchecked) var tracksCausesAcrossTasks: Bool

    // What the audit trail records of each send, kept up to date as observers come and go so
    // that recording does not walk the observers. Unchecked for `audit_overhead_ns`: with the
    // checks on for these fields, `unretainedAudit` and `rendering`, it went from 81–85 to
    // 124–131 ns (release build, two interleaved runs).
    /// How many observers are live (unchecked: `audit_overhead_ns`).
    @exclusivity(unchecked) var liveObserverCount = 0
    /// How many of them are held through an owner that may have gone away (`audit_overhead_ns`).
    @usableFromInline @exclusivity(unchecked) var ownedObserverCount = 0
    /// How many of them name their actor, and so run as that actor in an audited delivery
    /// (`audit_overhead_ns`).
    @usableFromInline @exclusivity(unchecked) var namedObserverCount = 0
    /// The notifier and its named observers, as every record of a send names them
    /// (`audit_overhead_ns`).
    @exclusivity(unchecked) var origin: AuditRecord.Origin
    /// The innermost scope, as the audited send last found it (`audit_overhead_ns`).
    @exclusivity(unchecked) var scopeSnapshot = ScopeSnapshot()
    /// Where the notifier describes itself in its context's inventory, while it audits.
    var inventoryKey: UInt64?
    /// ``audit``, unretained: recording through it spares a retain and a release of the
    /// context on every send, while ``audit`` keeps it alive. Read strongly, with the
    /// observers, `audit_overhead_vs_record_limit` went from 1.44 to 1.63–1.70.
    @exclusivity(unchecked) var unretainedAudit: Unmanaged<AuditContext>
    /// When the audit trail renders the events: values of a `Sendable` type when read, others now
    /// (unchecked: `audit_overhead_ns`).
    @exclusivity(unchecked) private var rendering: RenderingRule

    /// Creates an event notifier of the actor `actor`, with the URI `<actor>/notifier/<name>`:
    /// `EventNotifier<ServiceEvent>(of: LocationService.uri)`.
    ///
    /// - Parameters:
    ///   - actor: The URI of the actor that owns the notifier.
    ///   - name: The notifier's name: one URI segment. A malformed name is a programming
    ///     error and stops the program with a message naming it.
    ///   - audit: Where the notifier reports; by default the ``AuditContext/current`` one.
    public convenience init(of actor: ActorURI, named name: String = "event", audit: AuditContext = .current)
    where Event: Sendable {
        self.init(of: actor, named: name, audit: audit, keepingValues: true)
    }

    /// Creates a notifier whose events are kept in their records only if `keepingValues`:
    /// `true` only where `Event` is known to be `Sendable`, as a record may be read on any
    /// thread. The package's own notifiers of objects (a scope stack's requests carry scopes)
    /// render each event when it is sent and keep nothing.
    init(of actor: ActorURI, named name: String, audit: AuditContext, keepingValues: Bool) {
        self.uri = NotifierURI(actor: actor, fixedName: name)
        self.audit = audit
        self.unretainedAudit = .passUnretained(audit)
        self.isAuditing = audit.isEnabled
        self.tracksCausesAcrossTasks = audit.causeTracking == .acrossTasks
        self.rendering = RenderingRule(isSendable: keepingValues)
        self.origin = AuditRecord.Origin(notifier: uri, variety: .event, aspect: .synchronousSingleWay, targets: [])
        inventoryKey = audit.register(self, as: emptySnapshot)
    }

    /// The rule `event` is rendered by, decided and copied out: the description it may run
    /// must find no access to ``rendering`` open.
    private func renderingRule(for event: Event) -> RenderingRule {
        rendering.decide(for: event)
        return rendering
    }

    deinit {
        if let inventoryKey { audit.inventory.remove(inventoryKey) }
    }

    /// How its events travel: synchronously, single-way.
    public var aspect: InteractionAspect { .synchronousSingleWay }

    /// Tells every observer, in registration order, that `event` happened.
    ///
    /// Dropped with ``NotifierError/nestedTooDeep(_:)`` when notifications are nested so deep
    /// on this thread that its stack is nearly exhausted.
    @inlinable
    public func emit(_ event: Event) {
        guard !isDelivering, !isAuditing, !StackBudget.isNearlyExhausted else {
            emitReentrantOrAudited(event)
            return
        }
        isDelivering = true
        deliver(event)
        endDelivery()
    }

    /// Calls each observer registered when the delivery began.
    @inlinable
    func deliver(_ event: Event) {
        // Observers added by a handler start with the next event, so the count is fixed here.
        let count = observers.count
        var index = 0
        while index < count {
            // Unretained: the observation stays in the notifier until the delivery ends. Read
            // strongly, with the audit context below, `send1_ns` went from 5.2 to 40.5 and
            // `send10_ns` from 37 to 391 (release build, two interleaved runs).
            Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { observer in
                if !observer.isCancelled, !observer.call(with: event) {
                    end(observer)  // Its observer has gone: let go of what is left of it.
                }
            }
            index &+= 1
        }
    }

    @inlinable
    func endDelivery() {
        if queue.hasPending {
            deliverQueued()
        }
        isDelivering = false
        if hasCancelledObservers {
            removeCancelledObservers()
        }
    }

    /// The slow paths: an emit from inside a delivery is queued; an audited emit is recorded
    /// and delivered with cause tracking.
    ///
    /// Inlinable so that it is specialized for `Event` where it is called: unspecialized, it
    /// would look up the observers' generic type on every send. Never inlined, so that `emit`
    /// stays small.
    ///
    /// - Parameter stackChange: What `event` does to a scope stack, when a stack emits it:
    ///   recorded as structure, so that no tool reads it back from text.
    @inlinable @inline(never)
    func emitReentrantOrAudited(_ event: Event, stackChange: StackChange? = nil) {
        if isDelivering {
            enqueue(event, stackChange: stackChange)
            return
        }
        if StackBudget.isNearlyExhausted {
            return cutNested(event, stackChange: stackChange)
        }
        isDelivering = true
        let scalar = AuditRecord.Scalar(event)
        if ownedObserverCount > 0 || namedObserverCount > 0 {
            // The record names the observers still there; each runs as its actor, if it names one.
            pruneObserversWithoutOwner()
            let count = observers.count
            record(event, as: scalar, stackChange: stackChange) { handlers in deliver(event, as: handlers, count: count)
            }
        } else {
            // No observer names an actor: each runs in the record's frame as it is.
            record(event, as: scalar, stackChange: stackChange) { _ in deliver(event) }
        }
        endDelivery()
    }

    /// Tells every observer that `event`, a transition of a scope stack, happened, its record
    /// carrying what it did to the stack.
    func emit(_ event: Event, changingStack stackChange: StackChange?) {
        guard isDelivering || isAuditing else { return emit(event) }
        emitReentrantOrAudited(event, stackChange: stackChange)
    }

    @usableFromInline
    func deliverQueued() {
        while let (next, cause) = queue.next() {
            if let cause, let frame = audit.frame(of: cause) {
                frame.run(as: nil, acrossTasks: tracksCausesAcrossTasks) {
                    let handlers = AuditFrame.Handlers(
                        frame: frame, slot: ThreadFrameSlot.current, acrossTasks: tracksCausesAcrossTasks)
                    deliver(next, as: handlers, count: observers.count)
                }
            } else {
                deliver(next)
            }
        }
        queue.reset()
    }

    @usableFromInline
    func enqueue(_ event: Event, stackChange: StackChange?) {
        // Queued events are delivered at this depth, but recording one renders it and hands it
        // to the store, user code that may emit here again — every time, nested — before the
        // queue grows: so once the stack is nearly exhausted, an event is dropped unrecorded.
        guard !StackBudget.isNearlyExhausted else {
            return audit.reportFault(NotifierError.nestedTooDeep(uri))
        }
        guard queue.count < Self.reentrantSendLimit else {
            if isAuditing {
                _ = record(event, delivery: .dropped, stackChange: stackChange)
            }
            if queue.markRunawayReported() {
                audit.reportFault(NotifierError.runawayCycle(uri, limit: Self.reentrantSendLimit))
            }
            return
        }
        queue.append(event, cause: isAuditing ? record(event, stackChange: stackChange) : nil)
    }

    /// Drops `event`, emitted so deep in nested notifications that the thread's stack is
    /// nearly exhausted: recorded as dropped and reported.
    @usableFromInline
    func cutNested(_ event: Event, stackChange: StackChange?) {
        // Recorded as a delivery is: an emit that its record makes (a description or a store
        // that emits here) is queued, and so dropped unrecorded, rather than cut again, nested.
        isDelivering = true
        _ = record(event, delivery: .dropped, stackChange: stackChange)
        endDelivery()
        audit.reportFault(NotifierError.nestedTooDeep(uri))
    }

    /// Records `event`, about to be delivered, and delivers it with `deliver` in its frame.
    ///
    /// - Parameter scalar: `event` as a number or a Boolean, found by the caller, which is
    ///   specialized for `Event`, at no cost; see ``RenderingRule/text(of:scalar:)``.
    @usableFromInline
    func record(
        _ event: Event, as scalar: AuditRecord.Scalar?, stackChange: StackChange?,
        deliveringWith deliver: (AuditFrame.Handlers) -> Void
    ) {
        // Unretained, as `unretainedAudit` says why (`audit_overhead_vs_record_limit`).
        let handlers = unretainedAudit._withUnsafeGuaranteedRef { audit in
            audit.recordForHandlers(
                renderingRule(for: event).text(of: event, scalar: scalar),
                from: origin,
                delivery: liveObserverCount > 0 ? .delivered : .unobserved,
                scope: audit.innermostScope(refreshing: &scopeSnapshot),
                stackChange: stackChange
            )
        }
        handlers.run(deliver)
    }

    private func record(_ event: Event, delivery: AuditDelivery? = nil, stackChange: StackChange?) -> AuditCause {
        pruneObserversWithoutOwner()
        // Unretained, as `unretainedAudit` says why (`audit_overhead_vs_record_limit`).
        return unretainedAudit._withUnsafeGuaranteedRef { audit in
            audit.record(
                renderingRule(for: event).text(of: event),
                from: origin,
                delivery: delivery ?? (liveObserverCount > 0 ? .delivered : .unobserved),
                scope: audit.innermostScope(refreshing: &scopeSnapshot),
                stackChange: stackChange
            )
        }
    }
}

@available(*, unavailable, message: "A notifier belongs to one isolation domain; hop to it to emit.")
extension EventNotifier: Sendable {}
