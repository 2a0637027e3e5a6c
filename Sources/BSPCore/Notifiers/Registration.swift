/// What keeps an observer or a handler registered with a notifier when no owner does: release it
/// or call ``cancel()`` to end the registration.
///
/// ``EventNotifier/observe(_:)`` returns one for an observer, and ``RequestNotifier/handle(_:)``
/// for a request handler; either ends when its registration is cancelled or released.
///
/// A registration holds neither the notifier nor the observer alive. Keep it for as long as the
/// observation should last, typically in a property of the observing actor:
///
/// ```swift
/// presentation.events.observe { intent in print(intent) }
///     .store(in: &registrations)
/// ```
///
/// An actor observing its peers needs no registration: ``EventNotifier/observe(by:_:)`` lasts
/// as long as the observer.
public final class Registration {
    private var cancellation: (() -> Void)?

    init(cancellation: @escaping () -> Void) {
        self.cancellation = cancellation
    }

    deinit {
        cancel()
    }

    /// A registration whose observation has already ended.
    static var cancelled: Registration {
        let registration = Registration {}
        registration.cancel()
        return registration
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

    /// Keeps the registration in `registrations`, so that the observation lasts as long as the collection.
    public func store(in registrations: inout [Registration]) {
        registrations.append(self)
    }
}

@available(*, unavailable, message: "An observation belongs to its notifier's isolation domain.")
extension Registration: Sendable {}
