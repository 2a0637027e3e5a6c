import BSPCore

/// The Service actor: a thin interface to the device's location service.
final class LocationService: UniqueActor {
    let lifetime = ActorLifetime()
    enum Request: Equatable, Sendable {
        case resolveLocation
    }

    enum Event: Equatable, Sendable {
        case locationResolved(Place)
        case locationUnavailable(reason: String)
    }

    typealias Ports = ActorPorts<Request, Void, Event>

    static let uri: ActorURI = "/actor/service"
    let requests = RequestNotifier<Request, Void>(of: LocationService.uri)
    let events = EventNotifier<Event>(of: LocationService.uri)
    var ports: Ports { Ports(requests: requests, events: events) }

    /// Stands in for the OS location manager: the current place, or `nil` without a fix.
    private let currentPlace: () -> Place?

    init(currentPlace: @escaping () -> Place?) {
        self.currentPlace = currentPlace
        requests.handle(by: self) { service, request in service.perform(request) }
    }

    private func perform(_ request: Request) {
        switch request {
        case .resolveLocation:
            if let place = currentPlace() {
                events.emit(.locationResolved(place))
            } else {
                events.emit(.locationUnavailable(reason: "no fix"))
            }
        }
    }
}
