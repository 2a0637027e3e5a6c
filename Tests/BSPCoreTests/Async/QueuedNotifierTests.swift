import BSPCore
import Dispatch
import Testing

@Suite("Queued notifiers")
struct QueuedNotifierTests {
    /// Collects what a consumer received.
    actor Received {
        var values: [Int] = []
        func append(_ value: Int) { values.append(value) }
    }

    @Test func theConsumerReceivesEverythingInOrder() async throws {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        for value in 0..<100 { queue.send(value) }
        queue.finish()
        var received: [Int] = []

        try await queue.consume { received.append($0) }

        #expect(received == Array(0..<100))
    }

    @Test(arguments: [
        (QueuedNotifier<Int>.Buffering.keepingOldest(3), [0, 1, 2], [3, 4]),
        (.keepingNewest(3), [2, 3, 4], [0, 1]),
        (.unbounded, [0, 1, 2, 3, 4], []),
    ])
    func aFullBufferDropsByItsPolicyAndRecordsWhatItDropped(
        buffering: QueuedNotifier<Int>.Buffering, kept: [Int], dropped: [Int]
    ) async throws {
        let recording = Recording()
        let queue = QueuedNotifier<Int>(of: "/actor/service", buffering: buffering, audit: recording.context)
        for value in 0..<5 { queue.send(value) }
        queue.finish()
        var received: [Int] = []

        try await queue.consume { received.append($0) }

        #expect(received == kept)
        let records = recording.store.records
        #expect(records.filter { $0.delivery == .dropped }.map(\.notification) == dropped.map(String.init))
        #expect(records.filter { $0.delivery == .queued }.count == 5)
        #expect(recording.faults.all == dropped.map { _ in .bufferFull(queue.uri) })
    }

    @Test func aQueueHasOneConsumer() async throws {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        queue.finish()
        try await queue.consume { _ in }

        await #expect(throws: NotifierError.handlerAlreadyInstalled(queue.uri)) {
            try await queue.consume { _ in }
        }
    }

    @Test func aSendAfterTheQueueFinishedIsUndeliveredAndReported() {
        let recording = Recording()
        let queue = QueuedNotifier<String>(of: "/actor/service", audit: recording.context)
        queue.finish()

        queue.send("late")

        #expect(recording.store.records.map(\.delivery) == [.queued, .undelivered])
        #expect(recording.faults.all == [.consumerFinished(queue.uri)])
    }

    @MainActor
    @Test func whatTheConsumerSendsHasTheQueuedNotificationAsItsCause() async throws {
        let recording = Recording()
        let (queue, presentation) = recording.context.withCurrent {
            (QueuedNotifier<Int>(of: "/actor/service/location"), EventNotifier<String>(of: "/actor/presentation"))
        }
        queue.send(7)
        queue.finish()

        try await queue.consume { presentation.emit("show \($0)") }

        #expect(
            recording.lines == [
                "#1 /actor/service/location/notifier/queue <event>: 7 [queued]",
                "#2 /actor/presentation/notifier/event <event>: show 7 ← #1 [unobserved]",
            ])
    }

    @Test func producersOnManyThreadsReachOneConsumerInEachProducersOrder() async throws {
        let recording = Recording()
        let queue = QueuedNotifier<Int>(of: "/actor/service", audit: recording.context)
        let threads = 8
        let perThread = 1_000

        let consumer = Task {
            var last = [Int](repeating: -1, count: threads)
            var count = 0
            try await queue.consume { value in
                let (thread, index) = value.quotientAndRemainder(dividingBy: perThread)
                #expect(index == last[thread] + 1)
                last[thread] = index
                count += 1
            }
            return count
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { queue.send(thread * perThread + index) }
        }
        queue.finish()

        #expect(try await consumer.value == threads * perThread)
        #expect(Set(recording.store.records.map(\.sequence)).count == threads * perThread)
    }
}
