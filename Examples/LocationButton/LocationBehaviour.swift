import BSPCore

/// The Behaviour actor: turns the intent into a service request, and the service's answer into
/// a presentation request.
final class LocationBehaviour: BSPActor {
    let uri: ActorURI = "/actor/behaviour"
    private var observations: [ObservationToken] = []

    init(service: LocationService, presentation: LocationPresentation) {
        presentation.events.observe(by: self) { intent in
            switch intent {
            case .showLocationRequested: service.requests.send(.resolveLocation)
            }
        }.store(in: &observations)

        service.events.observe(by: self) { event in
            switch event {
            case .locationResolved(let place): presentation.requests.send(.present(place))
            case .locationUnavailable(let reason): presentation.requests.send(.presentError(reason))
            }
        }.store(in: &observations)
    }
}
