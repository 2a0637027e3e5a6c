@_spi(Inspection) import BSPCore
import Testing

@Suite("Reading a store from where a reader left off")
struct RecordMarkTests {
    private func keep(_ sequences: ClosedRange<UInt64>, in store: InMemoryAuditStore) {
        for sequence in sequences {
            store.record(InMemoryAuditStoreTests.record(sequence))
        }
    }

    @Test("a reader that keeps up reads each record once, rendered")
    func readsWhatCameNext() {
        let store = InMemoryAuditStore(capacity: 10)
        keep(1...3, in: store)
        let first = store.records(after: InMemoryAuditStore.RecordMark())
        #expect(first.records.map(\.sequence) == [1, 2, 3] && first.continues)
        keep(4...5, in: store)
        let next = store.records(after: first.mark)
        #expect(next.records.map(\.sequence) == [4, 5] && next.continues)
        #expect(store.records(after: next.mark).records.isEmpty)
        #expect(store.records(after: store.mark).continues)
    }

    @Test("a reader reads exactly what came next, wherever the full buffer has wrapped to")
    func readsAcrossTheWrap() {
        for before in 0...9 {
            for after in 0...4 {
                let store = InMemoryAuditStore(capacity: 4)
                keep(1...UInt64(before + 1), in: store)
                let mark = store.records(after: InMemoryAuditStore.RecordMark()).mark
                let last = UInt64(before + 1 + after)
                if after > 0 { keep(UInt64(before + 2)...last, in: store) }
                let read = store.records(after: mark)
                #expect(read.records.map(\.sequence) == Array(UInt64(before + 2)..<(last + 1)), "\(before), \(after)")
                #expect(read.continues)
                #expect(store.records.map(\.sequence) == Array((max(1, Int(last) - 3)...Int(last)).map(UInt64.init)))
            }
        }
    }

    @Test("when records the reader had not read were overwritten, it gets everything kept")
    func overwrittenRecords() {
        let store = InMemoryAuditStore(capacity: 4)
        keep(1...2, in: store)
        let mark = store.records(after: InMemoryAuditStore.RecordMark()).mark
        keep(3...9, in: store)
        let read = store.records(after: mark)
        #expect(read.records.map(\.sequence) == [6, 7, 8, 9] && !read.continues)
    }

    @Test("after a clear, the reader starts again")
    func cleared() {
        let store = InMemoryAuditStore(capacity: 10)
        keep(1...5, in: store)
        let mark = store.mark
        store.clear()
        keep(1...2, in: store)
        let read = store.records(after: mark)
        #expect(read.records.map(\.sequence) == [1, 2] && !read.continues)
    }

    @Test("records read while a full buffer wraps keep their rendered text in place")
    func renderingWrittenBackInPlace() {
        let store = InMemoryAuditStore(capacity: 3)
        let events = EventNotifier<String>(of: "/actor/test", audit: AuditContext(store: store))
        for text in ["a", "b", "c", "d", "e"] {
            events.emit(text)
        }
        let mark = store.records(after: InMemoryAuditStore.RecordMark()).mark
        events.emit("f")
        #expect(store.records(after: mark).records.map(\.notification) == ["f"])
        #expect(store.records.map(\.notification) == ["d", "e", "f"])
    }
}
