import BSPCore

final class LocationPresentation: UniqueActor {
    typealias Ports = ActorPorts<PresentationRequest, Void, PresentationEvent>
    static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<PresentationRequest, Void>(of: LocationPresentation.uri)
    let events = EventNotifier<PresentationEvent>(of: LocationPresentation.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    private(set) var label = ""

    init() {
        requests.handle(by: self) { presentation, request in
            if case .present(let place) = request { presentation.label = "You are at \(place)" }
        }
    }

    func buttonTapped() { events.emit(.showLocationRequested) }
}
