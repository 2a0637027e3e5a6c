import BSPCore
import Foundation

/// What auditing into a ``FileAuditStore`` costs the sending thread.
enum FileStoreBenchmarks {
    /// The cost per send on the sending thread: an audited send into the file store minus
    /// the same send with auditing off, interleaved round by round; and that cost over the
    /// same for the in-memory store.
    ///
    /// Each round is timed while the writer has caught up with the last (a flush, untimed, in
    /// between), so that what is timed is handing records over, not waiting behind a backlog
    /// or dropping past the pending limit.
    static func overhead(_ configuration: Configuration) throws -> (fileStore: Double, vsMemoryStore: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try FileAuditStore(url: folder.appendingPathComponent("run.jsonl"), maxFileBytes: 8 << 20)
        let sink = Sink()
        let off = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        let audited = EventNotifier<Int>(of: "/actor/bench", audit: AuditContext(store: store))
        let inMemory = EventNotifier<Int>(
            of: "/actor/bench", audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        let tokens = [off, audited, inMemory].map { notifier in notifier.observe { sink.take($0) } }
        // A round fits within the store's pending limit.
        let sends = min(configuration.sends, 50_000)
        let clock = ContinuousClock()
        var differences: [Double] = []
        var ratios: [Double] = []
        for _ in 0...configuration.repetitions {  // the first round warms up
            let offTime = clock.measure { for value in 0..<sends { off.emit(value) } }
            let auditedTime = clock.measure { for value in 0..<sends { audited.emit(value) } }
            let memoryTime = clock.measure { for value in 0..<sends { inMemory.emit(value) } }
            store.flush()
            differences.append((nanoseconds(auditedTime) - nanoseconds(offTime)) / Double(sends))
            ratios.append(
                (nanoseconds(auditedTime) - nanoseconds(offTime)) / (nanoseconds(memoryTime) - nanoseconds(offTime)))
        }
        precondition(store.droppedCount == 0, "the benchmark outran the writer's pending limit")
        withExtendedLifetime(tokens) {}
        return (median(Array(differences.dropFirst())), median(Array(ratios.dropFirst())))
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}

extension FileStoreBenchmarks {
    /// The CPU time the store's writer thread spends per record: the process's CPU time minus
    /// the sending thread's, over a run of `records` records written and flushed, with nothing
    /// else running. A pending limit above the run keeps every record.
    static func writerCPUPerRecord(_ configuration: Configuration) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = min(configuration.sends, 200_000)
        var samples: [Double] = []
        for round in 0...min(configuration.repetitions, 5) {  // the first round warms up
            let store = try FileAuditStore(
                url: folder.appendingPathComponent("run-\(round).jsonl"), maxFileBytes: 256 << 20,
                pendingLimit: records + 1)
            let notifier = EventNotifier<Int>(of: "/actor/bench", audit: AuditContext(store: store))
            let (processBefore, threadBefore) = (CPUTime.process(), CPUTime.thread())
            for value in 0..<records { notifier.emit(value) }
            store.flush()
            let writer = (CPUTime.process() - processBefore) - (CPUTime.thread() - threadBefore)
            precondition(store.droppedCount == 0, "the writer dropped records")
            samples.append(Double(writer) / Double(records))
        }
        return median(Array(samples.dropFirst()))
    }
}

/// CPU time, in nanoseconds, of the process and of the calling thread.
enum CPUTime {
    static func process() -> Int64 { read(CLOCK_PROCESS_CPUTIME_ID) }
    static func thread() -> Int64 { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
