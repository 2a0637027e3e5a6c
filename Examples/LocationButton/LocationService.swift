import BSPCore

/// The Service actor: a thin interface to the device's location service.
final class LocationService: BSPActor {
    enum Request: Equatable {
        case resolveLocation
    }

    enum Event: Equatable {
        case locationResolved(Place)
        case locationUnavailable(reason: String)
    }

    let uri: ActorURI = "/actor/service"
    let events = EventNotifier<Event>(of: "/actor/service")
    let requests = RequestNotifier<Request, Void>(of: "/actor/service")

    /// Stands in for the OS location manager: returns the current place, or `nil` without a fix.
    private let currentPlace: () -> Place?

    init(currentPlace: @escaping () -> Place?) throws {
        self.currentPlace = currentPlace
        try requests.handle(by: self) { service, request in service.perform(request) }
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
