/// What a peer may do with an actor's asynchronous request notifier: send requests and await
/// the replies. Only the owner can install or remove its handler.
///
/// Like every port, it holds its notifier and nothing else of the actor: a request through the
/// port of an actor that has gone finds no handler, is recorded as undelivered and fails with
/// ``NotifierError/unhandledRequest(_:)``.
public struct AsyncRequestPort<Request: Sendable, Reply: Sendable>: Sendable {
    private let notifier: AsyncRequestNotifier<Request, Reply>

    /// The notifier's URI.
    public var uri: NotifierURI { notifier.uri }

    /// Creates the port of `notifier`.
    public init(_ notifier: AsyncRequestNotifier<Request, Reply>) {
        self.notifier = notifier
    }

    /// Sends `request` and awaits the reply; see ``AsyncRequestNotifier/send(_:)``.
    ///
    /// - Throws: ``NotifierError`` naming the notifier when the request is not delivered or
    ///   the caller was cancelled.
    public func send(_ request: Request) async throws(NotifierError) -> Reply {
        try await notifier.send(request)
    }
}

extension AsyncRequestNotifier {
    /// What peers may do with this notifier: send requests, not handle them.
    public var port: AsyncRequestPort<Request, Reply> {
        AsyncRequestPort(self)
    }
}
