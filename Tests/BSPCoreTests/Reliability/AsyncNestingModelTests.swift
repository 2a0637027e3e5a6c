import BSPCore
import TestSupport
import Testing

/// Random depths of asynchronous requests nested through handlers — within the limit, at it
/// and far past it — checked against what the documented limit says must happen: the reply,
/// the faults (none: the cut is thrown to its caller) and every record's delivery. Replay a failure with `BSP_SEED=<seed> swift test`.
@Suite("Model-based: asynchronous nesting")
struct AsyncNestingModelTests {
    actor Relay: UniqueActor {
        static let uri: ActorURI = "/actor/service/relay"
        let lifetime = ActorLifetime()
    }

    @Test func nestedAsynchronousRequestsMatchTheModel() async {
        let limit = AsyncRequestNotifier<Int, Int>.nestingLimit
        for seed in SeededRandom.seeds(count: 60) {
            var random = SeededRandom(seed: seed)
            let wanted = Int.random(in: 0...(limit * 2), using: &random)
            let recording = Recording()
            let notifier = AsyncRequestNotifier<Int, Int>(of: Relay.uri, audit: recording.context)
            let relay = Relay()
            notifier.handle(by: relay) { _, depth in
                guard depth < wanted else { return depth }
                return (try? await notifier.send(depth + 1)) ?? depth
            }

            let reply = try? await notifier.send(0)
            withExtendedLifetime(relay) {}

            // The model: requests nest one level per send; the one that would be the limit-th
            // nested level is refused, so the deepest handler that runs answers.
            let deepest = min(wanted, limit - 1)
            let context: Comment = "seed \(seed), nesting \(wanted)"
            #expect(reply == deepest, context)
            let deliveries = recording.store.records.map(\.delivery)
            #expect(deliveries.filter { $0 == .delivered }.count == deepest + 1, context)
            let cut = wanted >= limit
            #expect(deliveries.filter { $0 == .dropped }.count == (cut ? 1 : 0), context)
            // Thrown to the handler that sent it, as a synchronous request's is: not a fault.
            #expect(recording.faults.all.isEmpty, context)
            #expect(recording.store.records.map(\.depth) == Array(0..<deliveries.count), context)
        }
    }
}
