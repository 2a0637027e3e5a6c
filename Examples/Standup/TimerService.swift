import BSPCore

/// The Service actor that ticks while the meeting runs — on a real clock in the app, on a
/// `ManualClock` the test advances in its tests.
@MainActor
final class TimerService: UniqueActor {
    enum Request: Equatable, Sendable, Codable {
        case start(every: Duration)
        case stop
    }
    enum Event: Equatable, Sendable, Codable { case tick }
    typealias Ports = ActorPorts<Request, Void, Event>

    nonisolated static let uri: ActorURI = "/actor/service/timer"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<Request, Void>(of: TimerService.uri)
    let events = EventNotifier<Event>(of: TimerService.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    /// The ticking task: the service's release cancels it, and a test's `finish()` waits for it.
    let work = OwnedWork(of: TimerService.uri)
    private let clock: any Clock<Duration>
    private var ticking: Task<Void, Never>?

    init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
        requests.handle(by: self) { timer, request in
            switch request {
            case .start(let interval): timer.start(every: interval)
            case .stop: timer.stop()
            }
        }
    }

    private func start(every interval: Duration) {
        stop()
        // The task holds the clock and the notifier, not the service.
        let (clock, events) = (clock, events)
        let task = Task { @MainActor in
            while (try? await clock.sleep(for: interval)) != nil {
                events.emit(.tick)
            }
        }
        ticking = task
        work.own(task, named: "ticking every \(interval)")
    }

    private func stop() {
        ticking?.cancel()
        ticking = nil
    }
}
