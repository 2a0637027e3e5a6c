import BSPCore
import Testing

/// A long run keeps memory flat: the bounded store's own counters say so.
@Suite("Load")
struct LoadTests {
    @Test func aMillionAuditedNotificationsKeepTheStoreAtItsCapacity() {
        let store = InMemoryAuditStore(capacity: 1_000)
        let audit = AuditContext(store: store)
        let (events, requests, owner) = audit.withCurrent {
            (
                EventNotifier<Int>(of: "/actor/load"), RequestNotifier<Int, Void>(of: "/actor/load"),
                NamedActor("/actor/load")
            )
        }
        requests.handle(by: owner) { _, _ in }
        let token = events.observe { if $0.isMultiple(of: 10) { requests.send($0) } }
        var checkpoints: [Int] = []

        for value in 0..<1_000_000 {
            events.emit(value)
            if value.isMultiple(of: 250_000) { checkpoints.append(store.count) }
        }

        #expect(checkpoints == [2, 1_000, 1_000, 1_000])
        #expect(store.count == 1_000)
        #expect(store.droppedCount == 1_100_000 - 1_000)
        #expect(store.records.last?.sequence == 1_100_000)
        withExtendedLifetime((token, owner)) {}
    }
}
