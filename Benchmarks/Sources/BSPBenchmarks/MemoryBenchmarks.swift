import BSPCore

/// The bounded in-memory store under a long run.
enum MemoryBenchmarks {
    struct StoreFigures {
        let capacity: Int
        let kept: Int
        let dropped: Int
        /// Heap growth after a tenth of the run and after all of it, where measurable.
        let bytesAfterTenth: Int64?
        let bytesAfterAll: Int64?
    }

    static func store(_ configuration: Configuration) -> StoreFigures {
        let store = InMemoryAuditStore(capacity: 10_000)
        let notifier = EventNotifier<Int>(of: "/actor/bench", audit: AuditContext(store: store))
        let token = notifier.observe { _ in }
        let total = configuration.storeNotifications
        let baseline = heapBytesInUse()
        var afterTenth: UInt64?
        for value in 0..<total {
            notifier.emit(value)
            if value == total / 10 { afterTenth = heapBytesInUse() }
        }
        let afterAll = heapBytesInUse()
        withExtendedLifetime(token) {}
        func growth(_ bytes: UInt64?) -> Int64? {
            guard let bytes, let baseline else { return nil }
            return Int64(bytes) - Int64(baseline)
        }
        return StoreFigures(
            capacity: store.capacity, kept: store.count, dropped: store.droppedCount,
            bytesAfterTenth: growth(afterTenth), bytesAfterAll: growth(afterAll))
    }
}
