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

extension MemoryBenchmarks {
    /// What an in-memory store holds per record, and what reading it costs at its peak.
    struct RecordFigures {
        let records: Int
        /// Heap growth per record kept: the record and its 40-character text.
        let bytesPerRecord: Double
        /// Heap in use, above the baseline, while the records read from the store are held.
        let peakWhileReadingMiB: Double
    }

    /// Keeps `records` notifications of a 40-character text each — a distinct string per send,
    /// as an app's would be — then reads the store once.
    static func bytesPerRecord(_ configuration: Configuration) -> RecordFigures? {
        let records = configuration.storeNotifications
        guard let baseline = heapBytesInUse() else { return nil }
        let store = InMemoryAuditStore(capacity: records)
        let notifier = EventNotifier<String>(of: "/actor/bench", audit: AuditContext(store: store))
        let token = notifier.observe { _ in }
        let padding = String(repeating: "x", count: 29)
        for value in 0..<records {
            notifier.emit("\(padding)#\(1_000_000_000 + value)")  // 40 characters
        }
        let kept = (heapBytesInUse() ?? baseline) - baseline
        let read = store.records
        let peak = (heapBytesInUse() ?? baseline) - baseline
        precondition(read.count == records && read[0].notification.count == 40)
        withExtendedLifetime((token, read)) {}
        return RecordFigures(
            records: records, bytesPerRecord: Double(kept) / Double(records),
            peakWhileReadingMiB: Double(peak) / 1_048_576)
    }
}
