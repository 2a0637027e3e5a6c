import BSPCore
import Testing

@Suite("Async bridges and scope-bound work")
struct AsyncBridgeTests {
    @MainActor
    @Test func anEventNotifiersValuesArriveInOrderAndEndWithTheNotifier() async {
        var notifier: EventNotifier<Int>? = EventNotifier(of: "/actor/service")
        let values = notifier!.values()
        let consumer = Task { @MainActor in
            var received: [Int] = []
            for await value in values { received.append(value) }
            return received
        }

        for value in 0..<5 { notifier?.emit(value) }
        notifier = nil

        #expect(await consumer.value == [0, 1, 2, 3, 4])
    }

    @MainActor
    @Test func aStoppedConsumerEndsItsObservation() async {
        let notifier = EventNotifier<Int>(of: "/actor/service")
        let consumer = Task { @MainActor in
            for await _ in notifier.values() {}
        }
        await Task.yield()
        #expect(notifier.observerCount == 1)

        consumer.cancel()
        await consumer.value
        notifier.emit(1)

        #expect(notifier.observerCount == 0)
    }

    @MainActor
    @Test func tasksAScopeStartedAreCancelledWhenItDeactivatesAndThePopCanAwaitThem() async throws {
        /// Polls in the background; what the task touches is Sendable, as work outside the
        /// fabric's isolation domain must be.
        final class Poller: Scope {
            let uri: ActorURI = "/actor/behaviour/scope/poller"
            let lifecycle = ScopeLifecycle()
            let polls = Tally()
            let ended = Tally()
            func activate() {
                lifecycle.own(
                    Task { [polls, ended] in
                        defer { ended.increment() }
                        while !Task.isCancelled {
                            polls.increment()
                            await Task.yield()
                        }
                    })
            }
        }
        let stack = ScopeStack(uri: "/actor/behaviour/stack")
        let poller = Poller()
        try stack.push(poller)
        while poller.polls.count < 3 { await Task.yield() }

        let exit = try #require(try stack.pop())
        await exit.awaitOwnedWork()
        let pollsAtEnd = poller.polls.count

        #expect(poller.ended.count == 1)
        for _ in 0..<10 { await Task.yield() }
        #expect(poller.polls.count == pollsAtEnd)
    }
}
