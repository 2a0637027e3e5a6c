import BSPCore

final class LocationBehaviour: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()

    init(service: LocationService.Ports, presentation: LocationPresentation.Ports) {
        presentation.events.observe(by: self) { _, intent in
            service.requests.send(.resolveLocation)
        }
        service.events.observe(by: self) { _, event in
            if case .locationResolved(let place) = event {
                presentation.requests.send(.present(place))
            }
        }
    }
}
