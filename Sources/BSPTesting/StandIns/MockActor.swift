public import BSPCore

/// A stand-in for a Service or Presentation actor: it has the same URI and hands out the same
/// `ActorPorts` as the real one, records every request it receives, answers with canned
/// replies, and may emit canned events in response — so a Behaviour written against ports is
/// tested without the real actor, and without a protocol of your own:
///
/// ```swift
/// let service = MockActor<LocationService.Request, Void, LocationService.Event>(LocationService.uri) {
///     request in request == .resolveLocation ? [.locationResolved(.sydney)] : []
/// }
/// let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
/// ```
public final class MockActor<Request: Sendable, Reply, Event: Sendable>: BSPActor {
    /// The stand-in's URI, usually the real actor's.
    public let uri: ActorURI

    /// What the stand-in's handler lasts as long as.
    public let lifetime = ActorLifetime()

    /// The requests the system sends it.
    public let requests: RequestNotifier<Request, Reply>

    /// The events it emits: canned responses, or whatever the test emits with ``emit(_:)``.
    public let events: EventNotifier<Event>

    /// Every request received, in order.
    public private(set) var received: [Request] = []

    /// What the system under test uses: the same ports as the real actor's.
    public var ports: ActorPorts<Request, Reply, Event> {
        ActorPorts(requests: requests, events: events)
    }

    /// Creates a stand-in that answers each request with `reply` and then emits the events
    /// `respond` returns for it.
    ///
    /// - Parameters:
    ///   - uri: The stand-in's URI; its notifiers are `<uri>/notifier/request` and
    ///     `<uri>/notifier/event`.
    ///   - reply: The canned reply to each request.
    ///   - respond: The canned events to emit after each request. The default emits none.
    public init(
        _ uri: ActorURI,
        reply: @escaping (Request) -> Reply,
        respond: @escaping (Request) -> [Event] = { _ in [] }
    ) {
        self.uri = uri
        self.requests = RequestNotifier(of: uri)
        self.events = EventNotifier(of: uri)
        requests.handle(by: self) { mock, request in
            mock.received.append(request)
            let answer = reply(request)
            for event in respond(request) {
                mock.events.emit(event)
            }
            return answer
        }
    }

    /// Emits `event` as if the real actor had observed it.
    public func emit(_ event: Event) {
        events.emit(event)
    }
}

extension MockActor where Reply == Void {
    /// Creates a stand-in for single-way requests that emits the events `respond` returns for
    /// each request.
    public convenience init(_ uri: ActorURI, respond: @escaping (Request) -> [Event] = { _ in [] }) {
        self.init(uri, reply: { _ in }, respond: respond)
    }
}

@available(*, unavailable, message: "A stand-in belongs to its fabric's isolation domain.")
extension MockActor: Sendable {}
