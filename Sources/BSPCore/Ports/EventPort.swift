/// What a peer may do with an actor's event notifier: observe it. Only the owner, which holds
/// the ``EventNotifier`` itself, can emit.
///
/// ```swift
/// init(presentation: LocationPresentation.Ports) {
///     presentation.events.observe(by: self) { behaviour, intent in behaviour.handle(intent) }
/// }
/// ```
///
/// A port holds its notifier weakly: holding a peer's ports keeps nothing of the peer alive.
/// Observing through the port of an actor that has gone observes nothing, and is reported to
/// the context the notifier last reported to as ``NotifierError/notifierGone(_:)``, as a
/// request through a ``RequestPort`` whose notifier has gone is.
public struct EventPort<Event> {
    private weak var notifier: EventNotifier<Event>?
    /// Where an observation of a notifier that has gone is reported.
    private let reportingContext: ReportingContext

    /// The notifier's URI, such as `/actor/presentation/notifier/event`.
    public let uri: NotifierURI

    /// Creates the port of `notifier`.
    public init(_ notifier: EventNotifier<Event>) {
        self.notifier = notifier
        self.uri = notifier.uri
        self.reportingContext = notifier.reportingContext
    }

    /// Observes the notifier for as long as `observer` lives; see
    /// ``EventNotifier/observe(by:_:)``.
    public func observe<Observer: AnyObject>(by observer: Observer, _ handler: @escaping (Observer, Event) -> Void) {
        guard let notifier else { return reportGone() }
        notifier.observe(by: observer, handler)
    }

    /// Observes the notifier until the returned registration is cancelled or released; see
    /// ``EventNotifier/observe(_:)``.
    public func observe(_ handler: @escaping (Event) -> Void) -> Registration {
        guard let notifier else {
            reportGone()
            return .cancelled
        }
        return notifier.observe(handler)
    }

    private func reportGone() {
        reportingContext.context.reportFault(NotifierError.notifierGone(uri))
    }
}

extension EventPort where Event: Sendable {
    /// The events emitted from now on, as an asynchronous sequence; see
    /// ``EventNotifier/values(buffering:)``. The sequence of a notifier that has gone is
    /// finished at once.
    public func values(
        buffering: AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Event> {
        guard let notifier else {
            reportGone()
            return AsyncStream { $0.finish() }
        }
        return notifier.values(buffering: buffering)
    }
}

@available(*, unavailable, message: "A port belongs to its notifier's isolation domain.")
extension EventPort: Sendable {}
