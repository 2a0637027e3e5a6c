/// What a peer may do with an actor's event notifier: observe it. Only the owner, which holds
/// the ``EventNotifier`` itself, can emit.
///
/// ```swift
/// init(presentation: LocationPresentation.Ports) {
///     presentation.events.observe(by: self) { behaviour, intent in behaviour.handle(intent) }
/// }
/// ```
///
/// A port holds its notifier, and nothing else of the actor: observing through the port of an
/// actor that has gone observes a notifier nobody emits on any more.
public struct EventPort<Event> {
    private let notifier: EventNotifier<Event>

    /// The notifier's URI, such as `/actor/presentation/notifier/event`.
    public var uri: NotifierURI { notifier.uri }

    /// Creates the port of `notifier`.
    public init(_ notifier: EventNotifier<Event>) {
        self.notifier = notifier
    }

    /// Observes the notifier for as long as `observer` lives; see
    /// ``EventNotifier/observe(by:_:)``.
    public func observe<Observer: AnyObject>(by observer: Observer, _ handler: @escaping (Observer, Event) -> Void) {
        notifier.observe(by: observer, handler)
    }

    /// Observes the notifier until the returned registration is cancelled or released; see
    /// ``EventNotifier/observe(_:)``.
    public func observe(_ handler: @escaping (Event) -> Void) -> Registration {
        notifier.observe(handler)
    }
}

extension EventPort where Event: Sendable {
    /// The events emitted from now on, as an asynchronous sequence; see
    /// ``EventNotifier/values(buffering:)``.
    public func values(
        buffering: AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Event> {
        notifier.values(buffering: buffering)
    }
}

@available(*, unavailable, message: "A port belongs to its notifier's isolation domain.")
extension EventPort: Sendable {}

extension EventNotifier {
    /// What peers may do with this notifier: observe it, not emit.
    public var port: EventPort<Event> {
        EventPort(self)
    }
}
