import BSPCore

/// A Service actor: one-shot timers on a clock the app or the test controls.
final class TimerService: BSPActor {
    enum Request: Equatable {
        case schedule(seconds: Int)
        case cancel
    }
    enum Event: Equatable { case fired }

    let uri: ActorURI = "/actor/service/timer"
    let requests = RequestNotifier<Request, Void>(of: "/actor/service/timer")
    let events = EventNotifier<Event>(of: "/actor/service/timer")

    /// Seconds on the service's clock.
    private(set) var now = 0
    private var deadline: Int?

    init() throws {
        try requests.handle(by: self) { timer, request in
            switch request {
            case .schedule(let seconds): timer.deadline = timer.now + seconds
            case .cancel: timer.deadline = nil
            }
        }
    }

    /// Lets `seconds` pass, one at a time, firing the timer when its deadline comes.
    func advance(by seconds: Int) {
        for _ in 0..<max(0, seconds) {
            now += 1
            if let deadline, deadline <= now {
                self.deadline = nil
                events.emit(.fired)
            }
        }
    }
}
