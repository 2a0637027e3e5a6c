import BSPCore

/// The Service actor: a clock that ticks while it runs.
@MainActor
final class ClockService: BSPActor {
    enum Request: Equatable {
        case start(every: Duration)
        case stop
    }
    enum Event: Equatable { case tick }

    let uri: ActorURI = "/actor/service/clock"
    let requests = RequestNotifier<Request, Void>(of: "/actor/service/clock")
    let events = EventNotifier<Event>(of: "/actor/service/clock")
    private let ticker: any Ticker

    init(ticker: any Ticker) throws {
        self.ticker = ticker
        try requests.handle(by: self) { clock, request in
            switch request {
            case .start(let interval): clock.ticker.start(every: interval) { [weak clock] in clock?.events.emit(.tick) }
            case .stop: clock.ticker.stop()
            }
        }
    }
}
