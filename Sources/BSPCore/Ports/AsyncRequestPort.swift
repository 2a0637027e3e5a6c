/// What a peer may do with an actor's asynchronous request notifier: send requests and await
/// the replies. Only the owner can install or remove its handler.
///
/// Like every port, it holds its notifier weakly: a request through the port of an actor that
/// has gone is recorded as undelivered and fails with ``NotifierError/unhandledRequest(_:)``.
public struct AsyncRequestPort<Request: Sendable, Reply: Sendable>: Sendable {
    private weak var notifier: AsyncRequestNotifier<Request, Reply>?
    private let audit: AuditContext

    /// The notifier's URI.
    public let uri: NotifierURI

    /// Creates the port of `notifier`.
    public init(_ notifier: AsyncRequestNotifier<Request, Reply>) {
        self.notifier = notifier
        self.uri = notifier.uri
        self.audit = notifier.audit
    }

    /// Sends `request` and awaits the reply; see ``AsyncRequestNotifier/send(_:)``.
    ///
    /// - Throws: ``NotifierError`` naming the notifier when the request is not delivered or
    ///   the caller was cancelled.
    public func send(_ request: Request) async throws(NotifierError) -> Reply {
        guard let notifier else {
            audit.recordUndelivered(request, on: uri, aspect: .request(.asynchronous, replying: Reply.self))
            throw NotifierError.unhandledRequest(uri)
        }
        return try await notifier.send(request)
    }
}
