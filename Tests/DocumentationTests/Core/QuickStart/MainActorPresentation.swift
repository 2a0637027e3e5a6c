import BSPCore
import Testing

@MainActor
final class MainActorPresentation: UniqueActor {
    typealias Ports = ActorPorts<PresentationRequest, Void, PresentationEvent>
    nonisolated static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<PresentationRequest, Void>(of: MainActorPresentation.uri)
    let events = EventNotifier<PresentationEvent>(of: MainActorPresentation.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    private(set) var label = ""

    init() {
        requests.handle(by: self) { presentation, request in
            if case .present(let place) = request { presentation.label = "You are at \(place)" }
        }
    }

    func buttonTapped() { events.emit(.showLocationRequested) }
}

/// The main-actor Presentation of "Getting Started", wired to the same Service and Behaviour.
@MainActor
@Test func aMainActorPresentationRunsTheQuickStartOnTheMainActor() {
    let service = LocationService()
    let presentation = MainActorPresentation()
    let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)

    presentation.buttonTapped()

    #expect(presentation.label == "You are at Sydney")
    withExtendedLifetime((service, behaviour)) {}
}
