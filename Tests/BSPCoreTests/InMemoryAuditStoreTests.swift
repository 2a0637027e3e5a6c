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

    @Test func aStoresRecordsCompareWithATrailsAndAnArrayEitherWay() {
        let store = InMemoryAuditStore()
        for sequence in 1...3 { store.record(Self.record(UInt64(sequence))) }
        let trail = store.trail

        #expect(store.records == trail.records)
        #expect(trail.records == store.records)
        #expect(store.records != Array(trail.records.dropLast()))
        #expect(Array(trail.records.reversed()) != store.records)
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

    @Test(arguments: [1_023, 1_024, 1_025, 5_000])
    func aLargeStoreGrowsToItsCapacityKeepingOrderWhenItWrapsAndWhenItIsCleared(capacity: Int) {
        let store = InMemoryAuditStore(capacity: capacity)
        let sent = capacity * 2 + 7
        for sequence in 1...sent { store.record(Self.record(UInt64(sequence))) }

        #expect(store.count == capacity)
        #expect(store.droppedCount == sent - capacity)
        #expect(store.records.map(\.sequence) == Array(UInt64(sent - capacity + 1)...UInt64(sent)))
        #expect(store.records.last?.notification == "n\(sent)")

        store.clear()
        for sequence in 1...capacity { store.record(Self.record(UInt64(sequence))) }
        #expect(store.records.map(\.sequence) == Array(1...UInt64(capacity)))
        #expect(store.droppedCount == 0)
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

    @Test func theLargestCapacityKeepsRecordsWithoutReservingForThemAll() {
        let store = InMemoryAuditStore(capacity: .max)
        for sequence in 1...3 { store.record(Self.record(UInt64(sequence))) }

        #expect(store.capacity == .max)
        #expect(store.records.map(\.sequence) == [1, 2, 3])
    }
}
