/// The handle of an observation: release it or call ``cancel()`` to stop observing.
///
/// The same token keeps a request handler installed with ``RequestNotifier/handle(_:)``:
/// releasing or cancelling it removes the handler.
///
/// A token holds neither the notifier nor the observer alive. Keep it for as long as the
/// observation should last, typically in a property of the observing actor:
///
/// ```swift
/// presentation.events.observe { intent in print(intent) }
///     .store(in: &observations)
/// ```
///
/// An actor observing its peers needs no token: ``EventNotifier/observe(by:_:)`` lasts as long
/// as the observer.
public final class ObservationToken {
    private var cancellation: (() -> Void)?

    init(cancellation: @escaping () -> Void) {
        self.cancellation = cancellation
    }

    deinit {
        cancel()
    }

    /// A token whose observation has already ended.
    static var cancelled: ObservationToken {
        let token = ObservationToken {}
        token.cancel()
        return token
    }

    /// Stops the observation at once: once `cancel()` returns, the handler is never called
    /// again, even if the notifier is in the middle of a send. Cancelling twice does nothing.
    ///
    /// The handler, and what it captured, are released at once too — or, when the notifier is
    /// in the middle of a send, once that send has reached every observer.
    public func cancel() {
        let cancellation = self.cancellation
        self.cancellation = nil
        cancellation?()
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        cancellation == nil
    }

    /// Keeps the token in `tokens`, so that the observation lasts as long as the collection.
    public func store(in tokens: inout [ObservationToken]) {
        tokens.append(self)
    }
}

@available(*, unavailable, message: "An observation belongs to its notifier's isolation domain.")
extension ObservationToken: Sendable {}
