import BSPCore

/// The Service actor: a clock that ticks while it runs — on a real clock in the app, on a
/// `ManualClock` the test advances in its tests.
@MainActor
final class ClockService: UniqueActor {
    let lifetime = ActorLifetime()
    enum Request: Equatable, Sendable, Codable {
        case start(every: Duration)
        case stop
    }
    enum Event: Equatable, Sendable, Codable { case tick }
    typealias Ports = ActorPorts<Request, Void, Event>

    nonisolated static let uri: ActorURI = "/actor/service/clock"
    let requests = RequestNotifier<Request, Void>(of: ClockService.uri)
    let events = EventNotifier<Event>(of: ClockService.uri)
    var ports: Ports { Ports(requests: requests, events: events) }
    /// The ticking task, owned by the service: its release cancels it, and a test's
    /// `finish()` waits for it.
    let work = OwnedWork(of: ClockService.uri)
    private let clock: any Clock<Duration>
    private var ticking: Task<Void, Never>?

    init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
        requests.handle(by: self) { service, request in
            switch request {
            case .start(let interval): service.start(every: interval)
            case .stop: service.stop()
            }
        }
    }

    private func start(every interval: Duration) {
        stop()
        // The task holds the clock and the notifier, not the service, so that releasing the
        // service cancels it.
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
