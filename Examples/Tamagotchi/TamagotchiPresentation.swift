import BSPCore

/// The Presentation actor: a creature label and a FEED button.
@MainActor
final class TamagotchiPresentation: BSPActor {
    enum Request: Equatable {
        case show(Creature)
        case showRefusal(String)
    }
    enum Event: Equatable { case feedTapped }

    let uri: ActorURI = "/actor/presentation"
    let requests = RequestNotifier<Request, Void>(of: "/actor/presentation")
    let events = EventNotifier<Event>(of: "/actor/presentation")
    /// The label's text.
    private(set) var label = ""
    /// Called whenever the label changes.
    var onChange: (String) -> Void = { _ in }

    init() throws {
        try requests.handle(by: self) { presentation, request in
            switch request {
            case .show(let creature): presentation.label = "\(creature)"
            case .showRefusal(let reason): presentation.label = reason
            }
            presentation.onChange(presentation.label)
        }
    }

    /// The FEED button's action.
    func feedTapped() {
        events.emit(.feedTapped)
    }
}
