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

    @Test func keepingTheOldestRefusesANewNotificationWithOneRecordThatNeverClaimsItWasQueued() async throws {
        let recording = Recording()
        let queue = QueuedNotifier<Int>(of: "/actor/service", buffering: .keepingOldest(3), audit: recording.context)
        for value in 0..<5 { queue.send(value) }
        queue.finish()
        var received: [Int] = []

        try await queue.consume { received.append($0) }

        #expect(received == [0, 1, 2])
        #expect(
            recording.lines == [
                "#1 /actor/service/notifier/queue <event>: 0 [queued]",
                "#2 /actor/service/notifier/queue <event>: 1 [queued]",
                "#3 /actor/service/notifier/queue <event>: 2 [queued]",
                "#4 /actor/service/notifier/queue <event>: 3 [dropped]",
                "#5 /actor/service/notifier/queue <event>: 4 [dropped]",
            ])
        #expect(recording.faults.notifier == [.bufferFull(queue.uri), .bufferFull(queue.uri)])
    }

    @Test func keepingTheOldestWithSixteenSendingThreadsRecordsEachNotificationOnceTruly() async throws {
        let recording = Recording()
        let queue = QueuedNotifier<Int>(of: "/actor/service", buffering: .keepingOldest(1), audit: recording.context)
        let consumer = Task {
            var received = 0
            try await queue.consume { _ in received += 1 }
            return received
        }
        DispatchQueue.concurrentPerform(iterations: 16) { thread in
            for index in 0..<500 { queue.send(thread * 500 + index) }
        }
        queue.finish()
        let received = try await consumer.value

        // Each notification has one record: queued if it was taken, dropped if it was refused.
        let records = Array(recording.store.records)
        let queued = records.filter { $0.delivery == .queued }.count
        let dropped = records.filter { $0.delivery == .dropped }.count
        #expect(records.count == 8_000)
        #expect(queued == received && queued + dropped == 8_000)
        #expect(recording.faults.notifier.count == dropped)
    }

    @Test func keepingTheNewestRecordsEachDropAfterTheSendThatPushedItOut() async throws {
        let recording = Recording()
        let queue = QueuedNotifier<Int>(of: "/actor/service", buffering: .keepingNewest(3), audit: recording.context)
        for value in 0..<5 { queue.send(value) }
        queue.finish()
        var received: [Int] = []

        try await queue.consume { received.append($0) }

        #expect(received == [2, 3, 4])
        #expect(
            recording.lines == [
                "#1 /actor/service/notifier/queue <event>: 0 [queued]",
                "#2 /actor/service/notifier/queue <event>: 1 [queued]",
                "#3 /actor/service/notifier/queue <event>: 2 [queued]",
                "#4 /actor/service/notifier/queue <event>: 3 [queued]",
                "#5 /actor/service/notifier/queue <event>: 0 ← #1 [dropped]",
                "#6 /actor/service/notifier/queue <event>: 4 [queued]",
                "#7 /actor/service/notifier/queue <event>: 1 ← #2 [dropped]",
            ])
        #expect(recording.faults.notifier == [.bufferFull(queue.uri), .bufferFull(queue.uri)])
    }

    @Test func anUnboundedQueueKeepsEverything() async throws {
        let recording = Recording()
        let queue = QueuedNotifier<Int>(of: "/actor/service", audit: recording.context)
        for value in 0..<5 { queue.send(value) }
        queue.finish()
        var received: [Int] = []

        try await queue.consume { received.append($0) }

        #expect(received == [0, 1, 2, 3, 4])
        #expect(recording.store.records.map(\.delivery) == Array(repeating: .queued, count: 5))
        #expect(recording.faults.all.isEmpty)
    }

    @Test func whatIsStillQueuedWhenTheQueueIsReleasedIsRecordedAndReported() {
        let recording = Recording()
        do {
            let queue = QueuedNotifier<String>(of: "/actor/service", audit: recording.context)
            queue.send("first")
            queue.send("second")
        }

        #expect(
            recording.lines == [
                "#1 /actor/service/notifier/queue <event>: first [queued]",
                "#2 /actor/service/notifier/queue <event>: second [queued]",
                "#3 /actor/service/notifier/queue <event>: first ← #1 [undelivered]",
                "#4 /actor/service/notifier/queue <event>: second ← #2 [undelivered]",
            ])
        let uri = try! ActorURI(validating: "/actor/service").notifier("queue")
        #expect(recording.faults.notifier == [.abandoned(uri, count: 2)])
    }

    @Test func whatIsStillQueuedWhenTheConsumerIsCancelledIsRecordedAndReported() async throws {
        let recording = Recording()
        let queue = QueuedNotifier<Int>(of: "/actor/service", audit: recording.context)
        let consumer = Task {
            try await queue.consume { value in
                if value == 0 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        queue.send(0)
        queue.send(1)
        try await consumer.value
        queue.send(2)

        let deliveries = recording.store.records.map(\.delivery)
        #expect(deliveries.filter { $0 == .undelivered }.count == 2)  // 1, still queued; 2, sent after
        #expect(recording.faults.notifier.count == 2)
    }

    @Test func aQueueHasOneConsumer() async throws {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        queue.finish()
        try await queue.consume { _ in }

        await #expect(throws: NotifierError.alreadyConsumed(queue.uri)) {
            try await queue.consume { _ in }
        }
    }

    @Test func aSendAfterTheQueueFinishedIsUndeliveredAndReported() {
        let recording = Recording()
        let queue = QueuedNotifier<String>(of: "/actor/service", audit: recording.context)
        queue.finish()

        queue.send("late")

        #expect(recording.lines == ["#1 /actor/service/notifier/queue <event>: late [undelivered]"])
        #expect(recording.faults.notifier == [.consumerFinished(queue.uri)])
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

    @Test(arguments: [0, -3], [true, false])
    func aBufferThatCouldKeepNothingIsAFaultNamingTheQueue(size: Int, keepingOldest: Bool) async throws {
        let recording = Recording()
        let buffering: QueuedNotifier<Int>.Buffering = keepingOldest ? .keepingOldest(size) : .keepingNewest(size)
        let queue = QueuedNotifier<Int>(of: "/actor/service", buffering: buffering, audit: recording.context)

        queue.send(1)
        queue.finish()
        var received: [Int] = []
        try await queue.consume { received.append($0) }

        #expect(recording.faults.notifier == [.invalidBufferSize(queue.uri, size: size)])
        #expect(received == [1])  // it keeps one, as the fault says
    }

    @Test(arguments: [AuditContext.CauseTracking.synchronous, .acrossTasks])
    func aConsumerResendingToItsOwnQueueIsCutAtTheCausalDepthLimit(causeTracking: AuditContext.CauseTracking)
        async throws
    {
        let recording = Recording(causeTracking: causeTracking)
        let queue = QueuedNotifier<Int>(of: "/actor/service", audit: recording.context)
        let limit = QueuedNotifier<Int>.causalDepthLimit
        var rounds = 0

        queue.send(0)
        try await queue.consume { value in
            rounds += 1
            queue.send(value + 1)
            // Without a cut this runs for ever: stop, failing, well past the limit.
            if !recording.faults.all.isEmpty || rounds > 3 * limit { queue.finish() }
        }

        #expect(recording.faults.all == [.runawayCycle(queue.uri, limit: limit)])
        #expect(rounds == limit)
        let last = try #require(recording.store.records.last)
        #expect(last.delivery == .dropped && last.depth == limit && last.notification == "\(limit)")
    }
}
