/// What a peer may do with an actor's request notifier: send requests and get replies. Only
/// the owner, which holds the ``RequestNotifier`` itself, can install or remove its handler.
///
/// ```swift
/// service.requests.send(.resolveLocation)
/// let place = try geocoder.requests.send("Bennelong Point")
/// ```
///
/// A port holds its notifier, and nothing else of the actor: a request sent through the port of
/// an actor that has gone finds no handler, and is recorded as undelivered and reported as
/// ``NotifierError/unhandledRequest(_:)`` naming the notifier. Handlers may capture ports
/// freely: an actor's handlers, and the ports they captured, go with the actor (see
/// ``ActorLifetime``).
public struct RequestPort<Request, Reply> {
    @usableFromInline let notifier: RequestNotifier<Request, Reply>

    /// The notifier's URI, such as `/actor/service/notifier/request`.
    public var uri: NotifierURI { notifier.uri }

    /// Creates the port of `notifier`.
    public init(_ notifier: RequestNotifier<Request, Reply>) {
        self.notifier = notifier
    }

    /// Asks the owner to handle `request` and returns its reply; see
    /// ``RequestNotifier/send(_:)->Reply``.
    ///
    /// - Throws: ``NotifierError`` naming the notifier when the request is not delivered.
    @inlinable
    @discardableResult
    public func send(_ request: Request) throws(NotifierError) -> Reply {
        try notifier.send(request)
    }

    /// Asks the owner to handle `request`, sent for its effect: the reply is dropped, a failure
    /// is not. See ``RequestNotifier/sendIgnoringReply(_:)``.
    public func sendIgnoringReply(_ request: Request) {
        notifier.sendIgnoringReply(request)
    }
}

extension RequestPort where Reply == Void {
    /// Asks the owner to handle `request`; a request that is not delivered is recorded and
    /// reported to the audit context's fault handler. See ``RequestNotifier/send(_:)->()``.
    @inlinable
    public func send(_ request: Request) {
        notifier.send(request)
    }
}

@available(*, unavailable, message: "A port belongs to its notifier's isolation domain.")
extension RequestPort: Sendable {}

extension RequestNotifier {
    /// What peers may do with this notifier: send requests, not handle them.
    public var port: RequestPort<Request, Reply> {
        RequestPort(self)
    }
}
