import BSPCore

/// The Service actor: a clock that ticks while it runs.
@MainActor
final class ClockService: UniqueActor {
    enum Request: Equatable, Sendable {
        case start(every: Duration)
        case stop
    }
    enum Event: Equatable, Sendable { case tick }
    typealias Ports = ActorPorts<Request, Void, Event>

    nonisolated static let uri: ActorURI = "/actor/service/clock"
    let requests = RequestNotifier<Request, Void>(of: ClockService.self)
    let events = EventNotifier<Event>(of: ClockService.self)
    var ports: Ports { Ports(requests: requests, events: events) }
    private let ticker: any Ticker

    init(ticker: any Ticker) {
        self.ticker = ticker
        requests.handle(by: self) { clock, request in
            switch request {
            case .start(let interval): clock.ticker.start(every: interval) { [weak clock] in clock?.events.emit(.tick) }
            case .stop: clock.ticker.stop()
            }
        }
    }
}
