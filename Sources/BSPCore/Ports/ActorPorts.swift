/// What peers may use of an actor with one request notifier and one event notifier — the
/// usual shape of a Service or a Presentation: send it requests, observe its events.
///
/// An actor hands out its ports, and a Behaviour takes ports rather than the actor, so the
/// same Behaviour runs against the real actor and against a stand-in, whose ports have the
/// same type:
///
/// ```swift
/// final class LocationService: UniqueActor {
///     typealias Ports = ActorPorts<Request, Void, Event>
///     static let uri: ActorURI = "/actor/service"
///     let requests = RequestNotifier<Request, Void>(of: LocationService.uri)
///     let events = EventNotifier<Event>(of: LocationService.uri)
///     var ports: Ports { Ports(requests: requests, events: events) }
/// }
///
/// let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
/// ```
///
/// An actor with more notifiers declares a struct of ``RequestPort``s and ``EventPort``s of
/// its own, and a test builds the same struct from stand-ins' ports.
public struct ActorPorts<Request, Reply, Event> {
    /// The actor's URI.
    public let uri: ActorURI

    /// Sends the actor requests.
    public let requests: RequestPort<Request, Reply>

    /// Observes the actor's events.
    public let events: EventPort<Event>

    /// Creates the ports of an actor from its notifiers.
    ///
    /// - Parameters:
    ///   - requests: The actor's request notifier; its actor is the ports' ``uri``.
    ///   - events: The actor's event notifier.
    public init(requests: RequestNotifier<Request, Reply>, events: EventNotifier<Event>) {
        self.uri = requests.uri.actor
        self.requests = RequestPort(requests)
        self.events = EventPort(events)
    }
}

@available(*, unavailable, message: "Ports belong to their notifiers' isolation domain.")
extension ActorPorts: Sendable {}
