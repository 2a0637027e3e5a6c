import BSPCore
import BSPDiagrams
import Testing

/// A live topology reads what each notifier last told its context, never a notifier: it may be
/// drawn from any thread while the app's actors observe and emit in their own. CI runs this
/// under ThreadSanitizer, which reported the races of reading notifiers from another thread.
@Suite("Live topology from another thread")
struct LiveTopologyIsolationTests {
    @MainActor
    final class Screen: @MainActor UniqueActor {
        static let uri: ActorURI = "/actor/presentation"
        let lifetime = ActorLifetime()
        let taps: EventNotifier<Int>
        let requests: RequestNotifier<Int, Void>

        init(audit: AuditContext) {
            taps = EventNotifier(of: Screen.uri, named: "tap", audit: audit)
            requests = RequestNotifier(of: Screen.uri, audit: audit)
            requests.handle(by: self) { screen, value in screen.taps.emit(value) }
        }
    }

    @MainActor
    @Test func aTopologyDrawnOnAnotherThreadWhileTheMainActorObservesAndEmits() async {
        let audit = AuditContext(store: InMemoryAuditStore(capacity: 100))
        let screen = Screen(audit: audit)
        let drawing = Task.detached {
            var largest = 0
            for _ in 0..<300 {
                largest = max(largest, Topology(live: audit).edges.count)
                await Task.yield()
            }
            return largest
        }
        for round in 0..<300 {
            let observer = NamedActor(try! ActorURI(validating: "/actor/behaviour/o\(round % 7)"))
            screen.taps.observe(by: observer) { _, _ in }
            screen.requests.send(round)
            let token = screen.taps.observe { _ in }
            screen.taps.emit(round)
            token.cancel()
            if round.isMultiple(of: 10) { await Task.yield() }
        }
        let largest = await drawing.value

        #expect(largest >= 2)
        let now = Topology(live: audit)
        #expect(
            now.notifiers.map(\.uri.path).sorted() == [
                "/actor/presentation/notifier/request", "/actor/presentation/notifier/tap",
            ])
        #expect(now.edges.contains { $0.actor == "/actor/presentation" && $0.kind == .observes })
    }
}

/// Asynchronous notifiers tell the inventory who handles and who consumes them, as the
/// synchronous ones do.
@Suite("Live topology of asynchronous notifiers")
struct LiveAsynchronousTopologyTests {
    actor Geocoder: BSPActor {
        nonisolated let uri: ActorURI = "/actor/service/geocoder"
        let lifetime = ActorLifetime()
    }

    @Test func anAsynchronousHandlersOwnerIsDrawnUntilItIsRemoved() {
        let audit = AuditContext(store: InMemoryAuditStore(capacity: 100))
        let lookups = AsyncRequestNotifier<String, Int>(of: "/actor/service/geocoder", audit: audit)
        let geocoder = Geocoder()
        lookups.handle(by: geocoder) { _, _ in 1 }

        #expect(Topology(live: audit).edges.contains { $0.actor == geocoder.uri && $0.kind == .observes })
        lookups.removeHandler()
        #expect(!Topology(live: audit).edges.contains { $0.kind == .observes })
    }

    @Test func aNamedQueueConsumerIsDrawnWhileItConsumes() async throws {
        let audit = AuditContext(store: InMemoryAuditStore(capacity: 100))
        let queue = QueuedNotifier<Int>(of: "/actor/service", audit: audit)
        let consuming = Task {
            try await queue.consume(by: "/actor/behaviour") { _ in }
        }
        queue.send(1)
        var drawn = false
        for _ in 0..<1_000 where !drawn {
            drawn = Topology(live: audit).edges.contains { $0.actor == "/actor/behaviour" && $0.kind == .observes }
            await Task.yield()
        }
        queue.finish()
        try await consuming.value

        #expect(drawn)
        #expect(!Topology(live: audit).edges.contains { $0.kind == .observes })
    }
}

/// An actor with nothing but a URI, to name observers.
private final class NamedActor: BSPActor {
    let uri: ActorURI
    let lifetime = ActorLifetime()
    init(_ uri: ActorURI) { self.uri = uri }
}
