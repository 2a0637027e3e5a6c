/// The installed handler of a request notifier, bound to its owner's lifetime or to a token.
///
/// A class, so that reading it on each send copies one reference: copying a struct with a
/// `weak` field goes through the runtime's side table every time.
@usableFromInline
final class RequestHandler<Request, Reply> {
    @usableFromInline weak let weakOwner: AnyObject?
    /// The owner, unretained, when it holds the notifier privately — the only strong reference to
    /// it — so that the notifier cannot outlive it: then no weak load is needed on every send.
    @usableFromInline let privateOwner: Unmanaged<AnyObject>?
    /// Whether a token keeps the handler rather than an owner: the handler then stands in for
    /// its owner, so that it is there for as long as it is installed.
    @usableFromInline let isHeldByToken: Bool
    @usableFromInline let body: (AnyObject, Request) -> Reply
    /// The handler as installed with a token, called directly by the fast path. (Not optional:
    /// binding an optional closure on every request retains it.)
    @usableFromInline let tokenHeldBody: (Request) -> Reply

    init<Owner: AnyObject>(
        owner: Owner, holdsNotifierPrivately: Bool = false, _ handler: @escaping (Owner, Request) -> Reply
    ) {
        self.privateOwner = holdsNotifierPrivately ? .passUnretained(owner) : nil
        self.weakOwner = holdsNotifierPrivately ? nil : owner
        self.isHeldByToken = false
        self.body = { owner, request in handler(unsafeDowncast(owner, to: Owner.self), request) }
        self.tokenHeldBody = { _ in preconditionFailure("A handler kept by its owner is called with the owner.") }
    }

    /// A handler kept by a token rather than by an owner.
    init(heldByToken handler: @escaping (Request) -> Reply) {
        self.privateOwner = nil
        self.weakOwner = nil
        self.isHeldByToken = true
        self.body = { _, request in handler(request) }
        self.tokenHeldBody = handler
    }

    /// The owner, if it is alive.
    @usableFromInline var owner: AnyObject? {
        if isHeldByToken {
            return self
        }
        if let privateOwner {
            return privateOwner.takeUnretainedValue()
        }
        return weakOwner
    }

    /// Handles `request` with the owner, or returns `nil` when the owner has gone.
    ///
    /// Without retaining what the caller already keeps alive: the handler itself (the notifier
    /// keeps it until the request returns) and a private owner.
    @inlinable
    func handleIfOwnerLives(_ request: Request) -> Reply? {
        if isHeldByToken {
            return tokenHeldBody(request)
        }
        if let privateOwner {
            return privateOwner._withUnsafeGuaranteedRef { body($0, request) }
        }
        guard let owner = weakOwner else { return nil }
        return body(owner, request)
    }
}
