/// One observation of an event notifier.
///
/// Its handler is a constant, so that a delivery calls it without retaining it: an
/// observation cancelled during a delivery stays in the notifier, not called again, until the
/// delivery ends, and goes (with its handler and what it captured) then; one cancelled
/// outside a delivery goes at once.
@usableFromInline
final class EventObserver<Event> {
    /// The actor that observes, if it names itself: what records list among their targets.
    let identity: ActorIdentity?
    /// ``identity``, unretained: what the audited delivery writes into the frame its handler
    /// runs in, where reading the identity itself would retain and release it.
    @usableFromInline let frameActor: Unmanaged<ActorIdentity>?
    /// The handler of an observation kept by a registration.
    @usableFromInline let handler: (Event) -> Void
    /// The handler of an observation kept by its observer: calls it with the observer, held
    /// for the call, or returns `false` when the observer has gone.
    @usableFromInline let ownerHandler: (Event) -> Bool
    /// Whether the observation has ended: cancelled, or its owner gone.
    @usableFromInline @exclusivity(unchecked) var isCancelled = false
    /// The observer that ``EventNotifier/observe(by:_:)`` was given, held weakly; `nil` for an
    /// observation kept by a registration.
    let owner: OwnerReference?
    @usableFromInline let isOwned: Bool

    /// An observation kept by a registration.
    init(handler: @escaping (Event) -> Void) {
        self.identity = nil
        self.frameActor = nil
        self.owner = nil
        self.isOwned = false
        self.handler = handler
        self.ownerHandler = { _ in preconditionFailure("An observation kept by a registration has no observer.") }
    }

    /// An observation that lasts as long as `owner`, named by its actor if it is one.
    init<Owner: AnyObject>(owner: Owner, actor: ActorURI?, handler: @escaping (Owner, Event) -> Void) {
        let identity = actor.map(ActorIdentity.init)
        let reference = OwnerReference(owner)
        self.identity = identity
        self.frameActor = identity.map(Unmanaged.passUnretained)
        self.owner = reference
        self.isOwned = true
        self.handler = { _ in preconditionFailure("An observation kept by its observer is called with it.") }
        self.ownerHandler = { event in
            guard let owner = reference.object else { return false }
            // `owner` was made from an `Owner`: the downcast cannot fail.
            handler(unsafeDowncast(owner, to: Owner.self), event)
            return true
        }
    }

    /// Calls the handler with `event`; `false` when the observation is kept by an observer
    /// that has gone.
    @inlinable
    func call(with event: Event) -> Bool {
        guard isOwned else {
            handler(event)
            return true
        }
        return ownerHandler(event)
    }

    /// The URI of the observing actor, if it names itself.
    var actor: ActorURI? {
        identity?.uri
    }

    /// Whether the observation is still on but kept by an observer that has gone.
    @usableFromInline var hasLostItsOwner: Bool {
        guard let owner, !isCancelled else { return false }
        return !owner.isAlive
    }
}
