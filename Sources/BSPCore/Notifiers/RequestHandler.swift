/// The installed handler of a request notifier, bound to its owner's lifetime or to a
/// registration.
///
/// A class, so that reading it on each send copies one reference rather than the owner's; each
/// kind is a subclass that calls the user's handler itself, typed, so that a request through
/// an owner costs one weak load and one closure call, not a second closure around the first.
@usableFromInline
class RequestHandler<Request, Reply> {
    /// Handles `request` with the owner, held for the call, or returns `nil` when the owner has
    /// gone.
    ///
    /// Without retaining the handler itself: the notifier keeps it until the request returns.
    @usableFromInline
    func handleIfOwnerLives(_ request: Request) -> Reply? {
        preconditionFailure("Each kind of handler calls its own body.")
    }

    /// The owner, if it is alive; a handler kept by a registration stands in for its owner, so
    /// that it is there for as long as it is installed.
    @usableFromInline var owner: AnyObject? {
        preconditionFailure("Each kind of handler has its own owner.")
    }

    /// A probe of the owner, if the handler was installed with one and it lives: what a test's
    /// leak check lets go of the handler to watch.
    var ownerProbe: OwnerProbe? { nil }
}

/// A handler kept by a registration rather than by an owner.
final class RegisteredRequestHandler<Request, Reply>: RequestHandler<Request, Reply> {
    private let body: (Request) -> Reply

    init(_ body: @escaping (Request) -> Reply) {
        self.body = body
    }

    override func handleIfOwnerLives(_ request: Request) -> Reply? {
        body(request)
    }

    override var owner: AnyObject? { self }
}

/// A handler that lasts as long as its owner, held weakly and loaded, typed, for each request.
///
/// Bound to its owner's ``ActorLifetime`` when the owner is an actor: the handler's body, and
/// what it captured, go when the owner goes, from whichever thread released it.
final class OwnedRequestHandler<Owner: AnyObject, Request, Reply>: RequestHandler<Request, Reply>, OwnerBound {
    private weak var handlerOwner: Owner?
    /// Read only once the owner has been loaded: its lifetime clears it, from any thread, only
    /// once the owner's deinitialization has begun, after which no load succeeds.
    private var body: ((Owner, Request) -> Reply)?

    init(owner: Owner, _ body: @escaping (Owner, Request) -> Reply) {
        self.handlerOwner = owner
        self.body = body
    }

    override func handleIfOwnerLives(_ request: Request) -> Reply? {
        guard let owner = handlerOwner, let body else { return nil }
        return body(owner, request)
    }

    override var owner: AnyObject? { handlerOwner }

    override var ownerProbe: OwnerProbe? {
        handlerOwner.map(OwnerProbe.init)
    }

    func ownerDidEnd() {
        // Only once the owner has gone: a lifetime that ended first was not the owner's own
        // (a computed `lifetime`, a new one each time it is read), and the handler stays, as
        // one of an owner with no lifetime does. A weak load is sound from any thread.
        guard handlerOwner == nil else { return }
        body = nil
    }
}
