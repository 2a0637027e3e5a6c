import BSPCore

/// The Presentation actor: a thin interface to the screen, here one label and one button.
final class LocationPresentation: UniqueActor {
    let lifetime = ActorLifetime()
    enum Request: Equatable, Sendable {
        case present(Place)
        case presentError(String)
    }

    /// What the user meant by touching the screen, not which control they touched.
    enum Event: Equatable, Sendable {
        case showLocationRequested
    }

    typealias Ports = ActorPorts<Request, Void, Event>

    static let uri: ActorURI = "/actor/presentation"
    let requests = RequestNotifier<Request, Void>(of: LocationPresentation.uri)
    let events = EventNotifier<Event>(of: LocationPresentation.uri)
    var ports: Ports { Ports(requests: requests, events: events) }

    /// The label's text: the view model a real UI would bind to.
    private(set) var label = "Tap “Show location”"

    init() {
        requests.handle(by: self) { presentation, request in presentation.present(request) }
    }

    /// Called by the button's action.
    func showLocationButtonTapped() {
        events.emit(.showLocationRequested)
    }

    private func present(_ request: Request) {
        switch request {
        case .present(let place): label = "You are at \(place)"
        case .presentError(let message): label = "Location unavailable: \(message)"
        }
    }
}
