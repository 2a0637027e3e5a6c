import BSPCore

enum Tap: Sendable, Equatable { case refresh(Int) }
enum Question: Sendable, Equatable { case price(Int) }
enum Quote: Sendable, Equatable { case priced(Int, cents: Int) }
enum Show: Sendable, Equatable { case price(Int, cents: Int) }

/// The Service: answers a question, and tells what it found.
final class LoadService: UniqueActor {
    static let uri: ActorURI = "/actor/service"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<Question, Int>(of: LoadService.uri)
    let events = EventNotifier<Quote>(of: LoadService.uri)

    init() {
        requests.handle(by: self) { service, question in
            guard case .price(let item) = question else { return 0 }
            let cents = 100 + item % 900
            service.events.emit(.priced(item, cents: cents))
            return cents
        }
    }
}

/// The Presentation: a tap to send, a price to show.
final class LoadPresentation: UniqueActor {
    static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<Show, Void>(of: LoadPresentation.uri)
    let events = EventNotifier<Tap>(of: LoadPresentation.uri)
    private(set) var shown = 0

    init() {
        requests.handle(by: self) { presentation, _ in presentation.shown += 1 }
    }

    func tapped(_ tap: Int) { events.emit(.refresh(tap)) }
}

/// The Behaviour: a tap asks the Service; what it finds is shown.
final class LoadBehaviour: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()

    init(service: LoadService, presentation: LoadPresentation) {
        presentation.events.observe(by: self) { _, tap in
            guard case .refresh(let item) = tap else { return }
            _ = try? service.requests.send(.price(item))
        }
        service.events.observe(by: self) { _, quote in
            guard case .priced(let item, let cents) = quote else { return }
            presentation.requests.send(.price(item, cents: cents))
        }
    }
}
