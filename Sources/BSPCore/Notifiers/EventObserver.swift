/// One observation of an event notifier; its handler is `nil` once cancelled.
@usableFromInline
final class EventObserver<Event> {
    @usableFromInline let actor: ActorURI?
    /// Whether ``actor`` is set: a flag the audited delivery checks for every observer, where
    /// reading the optional URI would retain and release its text.
    @usableFromInline let isNamed: Bool
    @usableFromInline @exclusivity(unchecked) var handler: ((Event) -> Void)?
    /// The observer that ``EventNotifier/observe(by:_:)`` was given, held weakly so that the
    /// notifier can tell when it has gone; `nil` for an observation kept by a token.
    weak var owner: AnyObject?
    let isOwned: Bool

    init(actor: ActorURI?, owner: AnyObject?, handler: @escaping (Event) -> Void) {
        self.actor = actor
        self.isNamed = actor != nil
        self.owner = owner
        self.isOwned = owner != nil
        self.handler = handler
    }
}
