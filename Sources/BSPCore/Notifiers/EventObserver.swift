/// One observation of an event notifier: kept by a registration, by an observer held weakly,
/// or by an operating scope held strongly until it deactivates.
///
/// Each kind is a subclass that calls its handler itself, typed: an observation kept by its
/// observer loads the observer through a weak reference of the observer's own type and calls
/// the handler with it, one closure call, where a handler wrapped in a second closure would
/// cost the send a call and a retain and release of the wrapper's context.
///
/// An observation cancelled during a delivery stays in the notifier, not called again, until
/// the delivery ends, and goes (with its handler and what it captured) then; one cancelled
/// outside a delivery goes at once.
@usableFromInline
class EventObserver<Event> {
    /// The actor that observes, if it names itself: what records list among their targets.
    let identity: ActorIdentity?
    /// ``identity``, unretained: what the audited delivery writes into the frame its handler
    /// runs in, where reading the identity itself would retain and release it, for every
    /// named observer of every audited send (`send10_named_audit_overhead_ns`; not measured
    /// apart from the frame's own unretained references, see `AuditFrame`).
    @usableFromInline let frameActor: Unmanaged<ActorIdentity>?
    /// Whether the observation has ended: cancelled, or its owner gone. Read for every
    /// observer on every send; with the runtime's exclusivity checks on it, `send1_ns` went
    /// from 5.1 to 10.0 and `send10_ns` from 35 to 90 (release build, two interleaved runs).
    @usableFromInline @exclusivity(unchecked) var isCancelled = false

    init(actor: ActorURI?) {
        let identity = actor.map(ActorIdentity.init)
        self.identity = identity
        // Unretained: see `frameActor` (`send10_named_audit_overhead_ns`).
        self.frameActor = identity.map(Unmanaged.passUnretained)
    }

    /// Calls the handler with `event`; `false` when the observation is kept by an observer
    /// that has gone.
    @usableFromInline
    func call(with event: Event) -> Bool {
        preconditionFailure("Each kind of observation calls its own handler.")
    }

    /// Whether the observation is held through an observer that may go away on its own.
    @usableFromInline var isHeldWeakly: Bool { false }

    /// Whether the observation is still on but kept by an observer that has gone.
    @usableFromInline var hasLostItsOwner: Bool { false }

    /// A probe of the observer that a handler was given, if it is held weakly and lives: what
    /// a test's leak check lets go of the handler to watch.
    var ownerProbe: OwnerProbe? { nil }

    /// The URI of the observing actor, if it names itself.
    var actor: ActorURI? {
        identity?.uri
    }
}

/// An observation kept by a registration.
final class RegisteredEventObserver<Event>: EventObserver<Event> {
    let handler: (Event) -> Void

    init(handler: @escaping (Event) -> Void) {
        self.handler = handler
        super.init(actor: nil)
    }

    override func call(with event: Event) -> Bool {
        handler(event)
        return true
    }
}

/// An observation that lasts as long as its observer, held weakly.
///
/// Bound to the observer's ``ActorLifetime`` when the observer is an actor: the handler, and
/// what it captured, go when the observer goes, from whichever thread released it.
final class OwnedEventObserver<Owner: AnyObject, Event>: EventObserver<Event>, OwnerBound {
    /// Loaded for each call: a weak load retains the observer for the call, or finds that its
    /// deinitialization has begun, whichever thread releases it.
    private weak var owner: Owner?
    /// Read only once the observer has been loaded: its lifetime clears it, from any thread,
    /// only once the observer's deinitialization has begun, after which no load succeeds.
    private var handler: ((Owner, Event) -> Void)?

    init(owner: Owner, actor: ActorURI?, handler: @escaping (Owner, Event) -> Void) {
        self.owner = owner
        self.handler = handler
        super.init(actor: actor)
    }

    override func call(with event: Event) -> Bool {
        guard let owner, let handler else { return false }
        handler(owner, event)
        return true
    }

    override var isHeldWeakly: Bool { true }

    override var hasLostItsOwner: Bool {
        !isCancelled && owner == nil
    }

    override var ownerProbe: OwnerProbe? {
        owner.flatMap(OwnerProbe.init)
    }

    func ownerDidEnd() {
        // Only once the observer has gone: see `OwnedRequestHandler.ownerDidEnd()`.
        guard owner == nil else { return }
        handler = nil
    }
}

/// An observation by an operating scope, which it holds strongly: the scope's lifecycle ends
/// it when the scope deactivates, and the package itself pops the scope, so no weak load is
/// needed to tell whether the scope lives. Ended during a delivery, it lets go of the scope
/// once that delivery is over.
final class ScopeEventObserver<Owner: AnyObject, Event>: EventObserver<Event> {
    private let owner: Owner
    private let handler: (Owner, Event) -> Void

    init(scope: Owner, actor: ActorURI?, handler: @escaping (Owner, Event) -> Void) {
        self.owner = scope
        self.handler = handler
        super.init(actor: actor)
    }

    override func call(with event: Event) -> Bool {
        handler(owner, event)
        return true
    }
}
