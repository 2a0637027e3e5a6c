import BSPCore
import Dispatch
import Testing

/// The Sendable parts of the audit layer, hammered from many threads at once. Run under
/// `swift test --sanitize=thread` to prove them race-free.
@Suite("Concurrency stress")
struct ConcurrencyStressTests {
    static let threads = 8
    static let chainsPerThread = 2_000

    @Test func fabricsOnManyThreadsShareOneContextWithoutRacesOrCrossedCauses() {
        let memory = InMemoryAuditStore(capacity: 1_000_000)
        let second = InMemoryAuditStore(capacity: 100)
        let faults = FaultLog()
        let context = AuditContext(store: TeeAuditStore(memory, second)) { faults.append($0) }

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            // Each thread owns its fabric: notifiers never cross threads, the context does.
            context.withCurrent {
                let outer = EventNotifier<Int>(of: try! ActorURI(validating: "/actor/thread\(thread)"))
                let inner = RequestNotifier<Int, Void>(of: outer.uri.actor, named: "inner")
                let owner = NamedActor(outer.uri.actor)
                inner.handle(by: owner) { _, _ in }
                outer.observe(by: owner) { _, value in inner.send(value) }
                for value in 0..<Self.chainsPerThread {
                    outer.emit(value)
                }
                withExtendedLifetime(owner) {}
            }
        }

        let records = memory.records
        let total = Self.threads * Self.chainsPerThread * 2
        #expect(records.count == total)
        #expect(Set(records.map(\.sequence)).count == total)
        #expect(second.count == 100)
        #expect(second.droppedCount == total - 100)
        #expect(faults.all.isEmpty)

        let bySequence = Dictionary(uniqueKeysWithValues: records.map { ($0.sequence, $0) })
        for record in records where record.variety == .request {
            let cause = record.cause.flatMap { bySequence[$0] }
            #expect(cause?.notifier.actor == record.notifier.actor, "cause crossed threads: \(record)")
            #expect(cause?.notification == record.notification)
        }
    }

    @Test func storesAreReadWhileOtherThreadsWrite() {
        let store = InMemoryAuditStore(capacity: 64)
        let notifier = try! ActorURI("/actor/stress").notifier("event")

        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<5_000 {
                if thread == 0, index.isMultiple(of: 100) {
                    _ = store.records
                    _ = store.droppedCount
                } else {
                    store.record(
                        AuditRecord(
                            sequence: UInt64(index), notifier: notifier, variety: .event, notification: "\(thread)"))
                }
            }
        }

        #expect(store.count == 64)
        #expect(store.count + store.droppedCount == (Self.threads - 1) * 5_000 + 4_950)
    }
}
