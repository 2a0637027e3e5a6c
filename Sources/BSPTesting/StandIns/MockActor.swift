public import BSPCore

/// A stand-in for a Service or Presentation actor: it owns the same kinds of notifiers as the
/// real one, records every request it receives, answers with canned replies, and may emit
/// canned events in response — so a Behaviour can be tested without the real actor.
///
/// ```swift
/// let service = MockActor<ServiceRequest, Void, ServiceEvent>("/actor/service") { request in
///     request == .resolveLocation ? [.locationResolved(.sydney)] : []
/// }
/// let behaviour = LocationBehaviour(service: service.ports, presentation: presentation)
/// ```
public final class MockActor<Request, Reply, Event>: BSPActor {
    /// The stand-in's URI, usually the real actor's.
    public let uri: ActorURI

    /// The requests the system sends it.
    public let requests: RequestNotifier<Request, Reply>

    /// The events it emits: canned responses, or whatever the test emits with ``emit(_:)``.
    public let events: EventNotifier<Event>

    /// Every request received, in order.
    public private(set) var received: [Request] = []

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
        requests.installHandler(by: self) { mock, request in
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
