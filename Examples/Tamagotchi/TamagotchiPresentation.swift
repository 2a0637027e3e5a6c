import BSPCore

/// The Presentation actor: a creature label and a FEED button.
@MainActor
final class TamagotchiPresentation: UniqueActor {
    let lifetime = ActorLifetime()
    enum Request: Equatable {
        case show(Creature)
        case showRefusal(String)
    }
    enum Event: Equatable, Sendable, Codable { case feedTapped }
    typealias Ports = ActorPorts<Request, Void, Event>

    nonisolated static let uri: ActorURI = "/actor/presentation"
    let requests = RequestNotifier<Request, Void>(of: TamagotchiPresentation.uri)
    let events = EventNotifier<Event>(of: TamagotchiPresentation.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    /// The label's text.
    private(set) var label = ""
    /// Called whenever the label changes.
    var onChange: (String) -> Void = { _ in }

    init() {
        requests.handle(by: self) { presentation, request in
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
