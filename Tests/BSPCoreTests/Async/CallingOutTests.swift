@_spi(Inspection) import BSPCore
import Foundation
import TestSupport
import Testing

/// Nothing from outside the package runs under a package lock: a store, a fault handler or a
/// description may send on the very notifier that called it. Each test would hang on a lock it
/// already holds if one did; it runs on a thread of its own, so a hang fails it instead of the
/// whole run.
@Suite("Calling out with no lock held")
struct CallingOutTests {
    /// A store that, for each record of a notification it has not echoed yet, sends an echo on
    /// the queue it records, and keeps the records.
    final class EchoingStore: AuditStore, Sendable {
        let kept = InMemoryAuditStore(capacity: 1_000)
        private let queue = Locked<QueuedNotifier<String>?>(nil)

        func attach(_ queue: QueuedNotifier<String>) { self.queue.withLock { $0 = queue } }

        func record(_ record: consuming AuditRecord) {
            let text = record.description
            kept.record(record)
            guard !text.contains("echo") else { return }
            queue.withLock { $0 }?.send("echo")
        }
    }

    @Test func aStoreMaySendOnTheQueueItRecords() async {
        let store = EchoingStore()
        let finished = await returnsOnAThread {
            let context = AuditContext(store: store)
            let queue = QueuedNotifier<String>(of: "/actor/service", audit: context)
            store.attach(queue)
            queue.send("hello")
            queue.finish()
            queue.send("late")
        }

        #expect(finished)
        let lines = store.kept.records.map(\.description)
        #expect(lines.contains { $0.contains(": hello [queued]") })
        #expect(lines.contains { $0.contains(": echo [queued]") })
        #expect(lines.contains { $0.contains(": late [undelivered]") })
    }

    @Test func aFaultHandlerMaySendOnTheQueueThatReportedTheFault() async {
        let sent = Tally()
        let dropped = Tally()
        let finished = await returnsOnAThread {
            let queue = Locked<QueuedNotifier<String>?>(nil)
            let context = AuditContext(store: InMemoryAuditStore()) { _ in
                sent.increment()
                queue.withLock { $0 }?.send("again")
            }
            let notifier = QueuedNotifier<String>(
                of: "/actor/service", buffering: .keepingOldest(1), audit: context)
            queue.withLock { $0 = notifier }
            notifier.send("kept")
            notifier.send("refused")
            notifier.send("refused too")
            for _ in 0..<context.droppedFaultCount { dropped.increment() }
        }

        #expect(finished)
        // Each refusal is reported; the refusal of what the handler sends is dropped, not reported.
        #expect(sent.count == 2)
        #expect(dropped.count == 2)
    }

    @Test func aStoreMaySendOnTheEventNotifierItRecords() {
        let store = EchoingEventStore()
        let context = AuditContext(store: store)
        let events = EventNotifier<String>(of: "/actor/service", audit: context)
        var heard: [String] = []
        let token = events.observe { heard.append($0) }
        store.resend = { events.emit("echo") }

        events.emit("hello")

        #expect(heard == ["hello", "echo"])
        withExtendedLifetime(token) {}
    }

    /// A store that calls `resend` once, from the first record it is handed.
    final class EchoingEventStore: AuditStore, @unchecked Sendable {
        // @unchecked: used on one thread only, by the test that made it.
        var resend: (() -> Void)?
        func record(_ record: consuming AuditRecord) {
            let resend = self.resend
            self.resend = nil
            resend?()
        }
    }

    /// A notification whose description sends on the queue that carries it, once.
    struct Loud: CustomStringConvertible, Sendable {
        let queue: QueuedNotifier<Loud>
        let echoes: Tally
        var description: String {
            if echoes.count == 0 {
                echoes.increment()
                queue.send(Loud(queue: queue, echoes: echoes))
            }
            return "loud"
        }
    }

    @Test func aDescriptionMaySendOnTheQueueThatCarriesIt() async {
        let recording = Recording()
        let echoes = Tally()
        let finished = await returnsOnAThread {
            let queue = QueuedNotifier<Loud>(of: "/actor/service", audit: recording.context)
            queue.send(Loud(queue: queue, echoes: echoes))
            _ = recording.lines  // Renders the records, and so runs the descriptions.
            queue.finish()
        }

        #expect(finished)
        #expect(echoes.count == 1)
        #expect(recording.lines.filter { $0.contains("loud [queued]") }.count == 2)
    }
}
