import BSPCore

final class LocationService: UniqueActor {
    typealias Ports = ActorPorts<ServiceRequest, Void, ServiceEvent>
    static let uri: ActorURI = "/actor/service"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<ServiceRequest, Void>(of: LocationService.uri)
    let events = EventNotifier<ServiceEvent>(of: LocationService.uri)
    var ports: Ports { Ports(requests: requests, events: events) }

    init() {
        requests.handle(by: self) { service, request in
            service.events.emit(.locationResolved(Place(name: "Sydney")))  // ask the OS here
        }
    }
}
