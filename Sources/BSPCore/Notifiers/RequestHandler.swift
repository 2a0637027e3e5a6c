/// The installed handler of a request notifier, bound to its owner's lifetime.
///
/// A class, so that reading it on each send copies one reference: copying a struct with a
/// `weak` field goes through the runtime's side table every time.
@usableFromInline
final class RequestHandler<Request, Reply> {
    @usableFromInline weak let weakOwner: AnyObject?
    /// The owner, unretained, when it holds the notifier privately — the only strong reference to
    /// it — so that the notifier cannot outlive it: then no weak load is needed on every send.
    @usableFromInline let privateOwner: Unmanaged<AnyObject>?
    @usableFromInline let body: (AnyObject, Request) -> Reply

    init<Owner: AnyObject>(
        owner: Owner, holdsNotifierPrivately: Bool = false, _ handler: @escaping (Owner, Request) -> Reply
    ) {
        self.privateOwner = holdsNotifierPrivately ? .passUnretained(owner) : nil
        self.weakOwner = holdsNotifierPrivately ? nil : owner
        self.body = { owner, request in handler(unsafeDowncast(owner, to: Owner.self), request) }
    }

    /// The owner, if it is alive.
    @usableFromInline var owner: AnyObject? {
        if let privateOwner {
            return privateOwner.takeUnretainedValue()
        }
        return weakOwner
    }
}
