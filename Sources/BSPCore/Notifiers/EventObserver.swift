/// One observation of an event notifier.
///
/// Its handlers are constants, so that a delivery calls them without retaining them: an
/// observation cancelled during a delivery stays in the notifier, not called again, until the
/// delivery ends, and goes (with its handlers and what they captured) then; one cancelled
/// outside a delivery goes at once.
@usableFromInline
final class EventObserver<Event> {
    /// The actor that observes, if it names itself: what records list among their targets.
    let identity: ActorIdentity?
    /// ``identity``, unretained: what the audited delivery writes into the frame its handler
    /// runs in, where reading the identity itself would retain and release it.
    @usableFromInline let frameActor: Unmanaged<ActorIdentity>?
    @usableFromInline let handler: (Event) -> Void
    /// Whether the observation has ended: cancelled, or its owner gone.
    @usableFromInline @exclusivity(unchecked) var isCancelled = false
    /// The handler of an observation kept by its observer, taking the observer as loaded by
    /// the notifier: the audited delivery loads each observer once, to name it in the record
    /// and to hand it to its handler.
    /// (An observation kept by a token has no owner, and this is never called.)
    @usableFromInline let handlerOfOwner: (AnyObject, Event) -> Void
    /// The observer that ``EventNotifier/observe(by:_:)`` was given, held weakly so that the
    /// notifier can tell when it has gone; `nil` for an observation kept by a token.
    @usableFromInline weak let owner: AnyObject?
    @usableFromInline let isOwned: Bool
    /// The identity of ``owner`` when the observation started, to tell an owner that observes
    /// more than once without loading it.
    @usableFromInline let ownerID: ObjectIdentifier?

    /// An observation kept by a token.
    init(handler: @escaping (Event) -> Void) {
        self.identity = nil
        self.frameActor = nil
        self.owner = nil
        self.isOwned = false
        self.ownerID = nil
        self.handler = handler
        self.handlerOfOwner = { _, _ in }
    }

    /// An observation that lasts as long as `owner`, named by its actor if it is one.
    init<Owner: AnyObject>(owner: Owner, actor: ActorURI?, handler: @escaping (Owner, Event) -> Void) {
        let identity = actor.map(ActorIdentity.init)
        self.identity = identity
        self.frameActor = identity.map(Unmanaged.passUnretained)
        self.owner = owner
        self.isOwned = true
        self.ownerID = ObjectIdentifier(owner)
        self.handler = { [weak owner] event in
            if let owner { handler(owner, event) }
        }
        self.handlerOfOwner = { owner, event in handler(unsafeDowncast(owner, to: Owner.self), event) }
    }

    /// The URI of the observing actor, if it names itself.
    var actor: ActorURI? {
        identity?.uri
    }
}
