import BSPCore

/// The Presentation actor: a thin interface to the screen, here one label and one button.
final class LocationPresentation: BSPActor {
    enum Request: Equatable {
        case present(Place)
        case presentError(String)
    }

    /// What the user meant by touching the screen, not which control they touched.
    enum Event: Equatable {
        case showLocationRequested
    }

    let uri: ActorURI = "/actor/presentation"
    let events = EventNotifier<Event>(of: "/actor/presentation")
    let requests = RequestNotifier<Request, Void>(of: "/actor/presentation")

    init() throws {
        try requests.handle(by: self) { presentation, request in presentation.present(request) }
    }

    /// The label's text: the view model a real UI would bind to.
    private(set) var label = "Tap “Show location”"

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
