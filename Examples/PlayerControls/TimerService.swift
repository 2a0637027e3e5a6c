import BSPCore

/// A Service actor: one-shot timers on a clock the app or the test controls.
final class TimerService: UniqueActor {
    let lifetime = ActorLifetime()
    enum Request: Equatable, Sendable {
        case schedule(seconds: Int)
        case cancel
    }
    enum Event: Equatable, Sendable { case fired }
    typealias Ports = ActorPorts<Request, Void, Event>

    static let uri: ActorURI = "/actor/service/timer"
    let requests = RequestNotifier<Request, Void>(of: TimerService.uri)
    let events = EventNotifier<Event>(of: TimerService.uri)
    var ports: Ports { Ports(requests: requests, events: events) }

    /// Seconds on the service's clock.
    private(set) var now = 0
    private var deadline: Int?

    init() {
        requests.handle(by: self) { timer, request in
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
