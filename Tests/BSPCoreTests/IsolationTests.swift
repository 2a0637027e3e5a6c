import BSPCore
import Dispatch
import Testing

/// The fabric lives in one isolation domain; events from elsewhere hop in before they are sent.
@Suite("Isolation")
struct IsolationTests {
    /// A Service whose OS callbacks arrive on a background queue, as CoreLocation's can.
    @MainActor
    final class MotionService: BSPActor {
        let uri: ActorURI = "/actor/service/motion"
        let lifetime = ActorLifetime()
        let events = EventNotifier<Int>(of: "/actor/service/motion")
        private let sensorQueue = DispatchQueue(label: "sensor")

        /// Starts the simulated sensor; its readings arrive on `sensorQueue`.
        func start(readings: Int) {
            sensorQueue.async { [weak self] in
                for reading in 1...readings {
                    // The compiler rejects `self?.events.emit(reading)` here: the notifier
                    // belongs to the main actor. Hop there first.
                    Task { @MainActor in self?.events.emit(reading) }
                }
            }
        }
    }

    @MainActor
    @Test func eventsFromABackgroundQueueAreDeliveredOnTheFabricsActor() async {
        let recording = Recording()
        let service = recording.context.withCurrent { MotionService() }
        var received: [Int] = []
        let token = service.events.observe { reading in
            MainActor.assertIsolated()
            received.append(reading)
        }

        service.start(readings: 100)
        while received.count < 100 {
            await Task.yield()
        }

        #expect(received.count == 100)
        #expect(Set(received) == Set(1...100))
        #expect(recording.store.records.count == 100)
        _ = token
    }
}
