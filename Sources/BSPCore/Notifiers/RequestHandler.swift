/// The installed handler of a request notifier, bound to its owner's lifetime or to a registration.
///
/// A class, so that reading it on each send copies one reference rather than the owner's.
@usableFromInline
final class RequestHandler<Request, Reply> {
    /// The owner, held weakly; `nil` for a handler kept by a registration.
    let ownerReference: OwnerReference?
    /// Whether a registration keeps the handler rather than an owner: the handler then stands in for
    /// its owner, so that it is there for as long as it is installed.
    @usableFromInline let isHeldByRegistration: Bool
    @usableFromInline let body: (AnyObject, Request) -> Reply
    /// The handler as installed with a registration, called directly by the fast path. (Not optional:
    /// binding an optional closure on every request retains it.)
    @usableFromInline let registrationHeldBody: (Request) -> Reply
    /// The handler as installed with an owner: calls it with the owner, held for the call, or
    /// returns `nil` when the owner has gone.
    @usableFromInline let ownerHeldBody: (Request) -> Reply?

    init<Owner: AnyObject>(owner: Owner, _ handler: @escaping (Owner, Request) -> Reply) {
        let reference = OwnerReference(owner)
        self.ownerReference = reference
        self.isHeldByRegistration = false
        // `owner` was made from an `Owner`: the downcast cannot fail.
        self.body = { owner, request in handler(unsafeDowncast(owner, to: Owner.self), request) }
        self.registrationHeldBody = { _ in
            preconditionFailure("A handler kept by its owner is called with the owner.")
        }
        self.ownerHeldBody = { request in
            guard let owner = reference.object else { return nil }
            return handler(unsafeDowncast(owner, to: Owner.self), request)
        }
    }

    /// A handler kept by a registration rather than by an owner.
    init(heldByRegistration handler: @escaping (Request) -> Reply) {
        self.ownerReference = nil
        self.isHeldByRegistration = true
        self.body = { _, request in handler(request) }
        self.registrationHeldBody = handler
        self.ownerHeldBody = { _ in preconditionFailure("A handler kept by a registration is called directly.") }
    }

    /// The owner, if it is alive.
    @usableFromInline var owner: AnyObject? {
        if isHeldByRegistration {
            return self
        }
        return ownerReference?.object
    }

    /// Handles `request` with the owner, or returns `nil` when the owner has gone.
    ///
    /// Without retaining the handler itself: the notifier keeps it until the request returns.
    @inlinable
    func handleIfOwnerLives(_ request: Request) -> Reply? {
        if isHeldByRegistration {
            return registrationHeldBody(request)
        }
        return ownerHeldBody(request)
    }
}
