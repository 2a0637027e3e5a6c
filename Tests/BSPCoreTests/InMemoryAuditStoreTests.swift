import BSPCore
import Testing

@Suite("In-memory audit store")
struct InMemoryAuditStoreTests {
    static func record(_ sequence: UInt64) -> AuditRecord {
        AuditRecord(
            sequence: sequence,
            notifier: try! ActorURI("/actor/test").notifier("event"),
            variety: .event,
            notification: "n\(sequence)"
        )
    }

    @Test func keepsRecordsOldestFirstUntilFull() {
        let store = InMemoryAuditStore(capacity: 3)
        for sequence in 1...3 { store.record(Self.record(UInt64(sequence))) }

        #expect(store.records.map(\.sequence) == [1, 2, 3])
        #expect(store.droppedCount == 0)
    }

    @Test func staysBoundedAndCountsWhatItDropped() {
        let store = InMemoryAuditStore(capacity: 100)
        for sequence in 1...10_000 { store.record(Self.record(UInt64(sequence))) }

        #expect(store.count == 100)
        #expect(store.droppedCount == 9_900)
        #expect(store.records.map(\.sequence) == Array(9_901...10_000))
    }

    @Test func clearForgetsRecordsAndTheDroppedCount() {
        let store = InMemoryAuditStore(capacity: 2)
        for sequence in 1...5 { store.record(Self.record(UInt64(sequence))) }

        store.clear()
        store.record(Self.record(6))

        #expect(store.records.map(\.sequence) == [6])
        #expect(store.droppedCount == 0)
    }

    @Test func aCapacityBelowOneKeepsOneRecord() {
        let store = InMemoryAuditStore(capacity: 0)
        store.record(Self.record(1))
        store.record(Self.record(2))

        #expect(store.capacity == 1)
        #expect(store.records.map(\.sequence) == [2])
        #expect(store.droppedCount == 1)
    }
}
