import BSPCore
import BSPTesting
import Testing

/// A fabric released at the end of its test finds the actors that their own handlers keep
/// alive, as RIBs' LeakDetector finds a detached RIB that lives on.
@Suite("Leaks")
struct LeakTests {
    final class Service: UniqueActor {
        static let uri: ActorURI = "/actor/service"
        let lifetime = ActorLifetime()
        let events = EventNotifier<String>(of: Service.uri)
        let requests = RequestNotifier<String, Void>(of: Service.uri)
    }

    /// Observes the service through the observer it is handed: the form that does not leak.
    final class CarefulBehaviour: UniqueActor {
        static let uri: ActorURI = "/actor/behaviour"
        let lifetime = ActorLifetime()
        let service: Service
        private(set) var heard: [String] = []
        init(service: Service) {
            self.service = service
            service.events.observe(by: self) { behaviour, event in behaviour.heard.append(event) }
        }
    }

    /// Captures itself in its observer's handler: it holds the service, the service's notifier
    /// holds the handler, the handler holds it.
    final class SelfCapturingBehaviour: UniqueActor {
        static let uri: ActorURI = "/actor/behaviour/leaky"
        let lifetime = ActorLifetime()
        let service: Service
        private(set) var heard: [String] = []
        init(service: Service) {
            self.service = service
            service.events.observe(by: self) { _, event in self.heard.append(event) }
        }
    }

    /// Handles its own requests with a handler that captures itself.
    final class SelfCapturingHandler: UniqueActor {
        static let uri: ActorURI = "/actor/service/leaky"
        let lifetime = ActorLifetime()
        let requests = RequestNotifier<String, Void>(of: SelfCapturingHandler.uri)
        private(set) var handled = 0
        init() {
            requests.handle(by: self) { _, _ in self.handled += 1 }
        }
    }

    @Test func anObserverThatCapturesItselfFailsTheTestThatMadeItNamingTheActor() {
        withKnownIssue {
            let app = TestFabric { SelfCapturingBehaviour(service: Service()) }
            app.exercise(app.service.events, "hello")
            #expect(app.heard == ["hello"])
        } matching: { issue in
            issue.text.contains("'/actor/behaviour/leaky' (SelfCapturingBehaviour) outlives its fabric")
                && issue.text.contains("its observer of '/actor/service/notifier/event' captures it")
        }
    }

    @Test func aHandlerThatCapturesItsOwnerFailsTheTestNamingTheActorAndTheNotifier() {
        withKnownIssue {
            let app = TestFabric { SelfCapturingHandler() }
            app.exercise(app.requests, "go")
        } matching: { issue in
            issue.text.contains("'/actor/service/leaky' (SelfCapturingHandler) outlives its fabric")
                && issue.text.contains("its handler of '/actor/service/leaky/notifier/request' captures it")
        }
    }

    @Test func anObserverHandedItsOwnerDoesNotLeakAndPasses() {
        let app = TestFabric { CarefulBehaviour(service: Service()) }
        app.exercise(app.service.events, "hello")
        #expect(app.heard == ["hello"])
    }

    @Test func anActorTheTestStillHoldsIsNotALeak() {
        let service = Service()
        weak var released: CarefulBehaviour?
        do {
            let app = TestFabric { CarefulBehaviour(service: service) }
            released = app.system
            app.exercise(service.events, "hello")
        }
        #expect(released == nil)
        #expect(service.events.observerCount == 0)
    }
}

@Suite("Leaks: asynchronous handlers")
struct AsynchronousLeakTests {
    /// Answers its asynchronous requests with a handler that captures itself.
    final class SelfCapturingGeocoder: UniqueActor, @unchecked Sendable {
        static let uri: ActorURI = "/actor/service/geocoder"
        let lifetime = ActorLifetime()
        let lookups = AsyncRequestNotifier<String, Int>(of: SelfCapturingGeocoder.uri)
        private(set) var asked = 0
        init() {
            lookups.handle(by: self) { _, address in
                self.asked += 1
                return address.count
            }
        }
    }

    @Test func anAsynchronousHandlerThatCapturesItsOwnerFailsTheTest() async throws {
        try await withKnownIssue {
            let app = TestFabric { SelfCapturingGeocoder() }
            _ = try await app.lookups.send("Sydney")
        } matching: { issue in
            issue.text.contains("'/actor/service/geocoder' (SelfCapturingGeocoder) outlives its fabric")
                && issue.text.contains("its handler of '/actor/service/geocoder/notifier/request'")
        }
    }
}
