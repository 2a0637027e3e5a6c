import BSPCore

/// The Behaviour actor: turns the intent into a service request, and the service's answer into
/// a presentation request. It sees its peers only through their ports, so it runs against the
/// real actors and against stand-ins alike.
final class LocationBehaviour: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()

    init(service: LocationService.Ports, presentation: LocationPresentation.Ports) {
        presentation.events.observe(by: self) { _, intent in
            switch intent {
            case .showLocationRequested: service.requests.send(.resolveLocation)
            }
        }
        service.events.observe(by: self) { _, event in
            switch event {
            case .locationResolved(let place): presentation.requests.send(.present(place))
            case .locationUnavailable(let reason): presentation.requests.send(.presentError(reason))
            }
        }
    }
}
