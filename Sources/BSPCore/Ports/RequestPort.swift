/// What a peer may do with an actor's request notifier: send requests and get replies. Only
/// the owner, which holds the ``RequestNotifier`` itself, can install or remove its handler.
///
/// ```swift
/// service.requests.send(.resolveLocation)
/// let place = try geocoder.requests.send("Bennelong Point")
/// ```
///
/// A port holds its notifier weakly: holding a peer's ports keeps nothing of the peer alive,
/// so handlers may capture ports freely. A request sent through the port of an actor that has
/// gone is not delivered: it is recorded as undelivered and reported, like a request with no
/// handler, as ``NotifierError/unhandledRequest(_:)`` naming the notifier.
public struct RequestPort<Request, Reply> {
    @usableFromInline weak var notifier: RequestNotifier<Request, Reply>?

    /// The notifier's URI, such as `/actor/service/notifier/request`.
    public let uri: NotifierURI

    /// Where a request to a notifier that has gone is reported: where the notifier last
    /// reported.
    @usableFromInline let reportingContext: ReportingContext

    /// Creates the port of `notifier`.
    public init(_ notifier: RequestNotifier<Request, Reply>) {
        self.notifier = notifier
        self.uri = notifier.uri
        self.reportingContext = notifier.reportingContext
    }

    /// Asks the owner to handle `request` and returns its reply; see
    /// ``RequestNotifier/send(_:)->Reply``.
    ///
    /// - Throws: ``NotifierError`` naming the notifier when the request is not delivered.
    @inlinable
    @discardableResult
    public func send(_ request: Request) throws(NotifierError) -> Reply {
        guard let notifier = notifier else {
            throw notifierGone(request)
        }
        return try notifier.send(request)
    }

    /// Records `request` as undelivered: its notifier has been deallocated.
    @usableFromInline
    func notifierGone(_ request: Request) -> NotifierError {
        reportingContext.context.recordUndelivered(
            request, on: uri, aspect: .request(.synchronous, replying: Reply.self))
        return NotifierError.unhandledRequest(uri)
    }
}

extension RequestPort {
    /// Asks the owner to handle `request`, sent for its effect: the reply is dropped, a failure
    /// is not. See ``RequestNotifier/sendIgnoringReply(_:)``.
    public func sendIgnoringReply(_ request: Request) {
        guard let notifier = notifier else {
            return reportingContext.context.reportFault(notifierGone(request))
        }
        notifier.sendIgnoringReply(request)
    }
}

extension RequestPort where Reply == Void {
    /// Asks the owner to handle `request`; a request that is not delivered is recorded and
    /// reported to the audit context's fault handler. See ``RequestNotifier/send(_:)->()``.
    @inlinable
    public func send(_ request: Request) {
        guard let notifier = notifier else {
            return reportingContext.context.reportFault(notifierGone(request))
        }
        notifier.send(request)
    }
}

@available(*, unavailable, message: "A port belongs to its notifier's isolation domain.")
extension RequestPort: Sendable {}
