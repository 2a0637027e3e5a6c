import BSPCore
import TestSupport
import Testing

/// Every place the asynchronous notifiers wait, each bounded: a consumer or a sender that
/// keeps waiting fails its test, with a message, instead of hanging the run.
@Suite("Liveness of the asynchronous notifiers")
struct LivenessTests {
    /// What a consumer received, and when the test may go on.
    private actor Inbox {
        private(set) var values: [Int] = []
        func append(_ value: Int) { values.append(value) }
    }

    @Test("a consumer waiting for the next notification receives each one sent while it waits")
    func aWaitingConsumerReceivesWhatIsSent() async {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        let inbox = Inbox()
        let consumer = Task { try await queue.consume { await inbox.append($0) } }

        for value in 0..<50 {
            // The consumer has taken the last one and waits again; a short sleep makes sure.
            try? await Task.sleep(for: .microseconds(200))
            queue.send(value)
            let received = await completes("the consumer receiving \(value)") {
                while await inbox.values.count <= value { await Task.yield() }
                return true
            }
            guard received != nil else { break }
        }
        queue.finish()
        _ = await completes("the consumer returning after finish()") {
            _ = await consumer.result
        }
        #expect(await inbox.values == Array(0..<50))
    }

    @Test("what was queued before the consumer started is received, and finish() ends it")
    func aBacklogIsReceived() async {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        for value in 0..<10 { queue.send(value) }
        queue.finish()
        let inbox = Inbox()

        let ended = await completes("the consumer draining a finished queue") {
            try? await queue.consume { await inbox.append($0) }
            return true
        }

        #expect(ended == true)
        #expect(await inbox.values == Array(0..<10))
    }

    @Test("notifications sent from other threads while the consumer waits all arrive")
    func sendsFromOtherThreadsArrive() async {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        let inbox = Inbox()
        let consumer = Task { try await queue.consume { await inbox.append($0) } }
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for value in 0..<250 {
                        queue.send(sender * 1_000 + value)
                        if value % 50 == 0 { await Task.yield() }
                    }
                }
            }
        }

        let all = await completes("the consumer receiving 1,000 notifications") {
            while await inbox.values.count < 1_000 { try? await Task.sleep(for: .milliseconds(1)) }
            return true
        }
        queue.finish()
        _ = await completes("the consumer returning after finish()") {
            _ = await consumer.result
        }

        #expect(all == true)
        #expect(await inbox.values.count == 1_000)
    }

    @Test("finish() ends a consumer that is waiting")
    func finishEndsAWaitingConsumer() async {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        let consumer = Task { try await queue.consume { _ in } }
        try? await Task.sleep(for: .milliseconds(5))

        queue.finish()

        let ended = await completes("the waiting consumer returning after finish()") {
            (try? await consumer.value) != nil
        }
        #expect(ended == true)
    }

    @Test("cancelling a waiting consumer's task ends it")
    func cancellationEndsAWaitingConsumer() async {
        let queue = QueuedNotifier<Int>(of: "/actor/service")
        let consumer = Task { try await queue.consume { _ in } }
        try? await Task.sleep(for: .milliseconds(5))

        consumer.cancel()

        let ended = await completes("the cancelled consumer returning") {
            _ = await consumer.result
            return true
        }
        #expect(ended == true)
    }

    @Test("an asynchronous request is answered, and one nobody handles fails at once")
    func asynchronousRequestsReturn() async {
        let lookup = AsyncRequestNotifier<String, Int>(of: "/actor/service")
        let service = CountingService()
        lookup.handle(by: service) { _, name in
            try? await Task.sleep(for: .milliseconds(1))
            return name.count
        }

        let reply = await completes("the reply to an asynchronous request") {
            try? await lookup.send("Sydney")
        }
        #expect(reply == 6)

        lookup.removeHandler()
        let refusal = await completes("the refusal of an unhandled request") {
            do {
                _ = try await lookup.send("Sydney")
                return false
            } catch {
                return (error as? NotifierError) == .unhandledRequest(lookup.uri)
            }
        }
        #expect(refusal == true)
    }

    @Test("a request whose sender is cancelled while the handler works returns")
    func aCancelledRequestReturns() async {
        let lookup = AsyncRequestNotifier<String, Int>(of: "/actor/service")
        let service = CountingService()
        lookup.handle(by: service) { _, _ in
            try? await Task.sleep(for: .seconds(3_600))
            return 0
        }
        let request = Task { try await lookup.send("Sydney") }
        try? await Task.sleep(for: .milliseconds(5))

        request.cancel()

        let ended = await completes("the cancelled request returning") {
            _ = await request.result
            return true
        }
        #expect(ended == true)
    }
}

/// A Service that answers asynchronous requests.
private final class CountingService: Sendable {}
