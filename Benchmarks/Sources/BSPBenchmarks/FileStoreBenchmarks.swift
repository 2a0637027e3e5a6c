import BSPCore
import Foundation

/// What auditing into a ``FileAuditStore`` costs the sending thread.
enum FileStoreBenchmarks {
    /// The cost per send on the sending thread: an audited send into the file store minus
    /// the same send with auditing off, interleaved round by round.
    ///
    /// Each round is timed while the writer has caught up with the last (a flush, untimed, in
    /// between), so that what is timed is handing records over, not waiting behind a backlog
    /// or dropping past the pending limit.
    static func overhead(_ configuration: Configuration) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try FileAuditStore(url: folder.appendingPathComponent("run.jsonl"), maxFileBytes: 8 << 20)
        let sink = Sink()
        let off = EventNotifier<Int>(of: "/actor/bench", audit: .disabled)
        let audited = EventNotifier<Int>(of: "/actor/bench", audit: AuditContext(store: store))
        let tokens = [off, audited].map { notifier in notifier.observe { sink.take($0) } }
        // A round fits within the store's pending limit.
        let sends = min(configuration.sends, 50_000)
        let clock = ContinuousClock()
        var differences: [Double] = []
        for _ in 0...configuration.repetitions {  // the first round warms up
            let offTime = clock.measure { for value in 0..<sends { off.emit(value) } }
            let auditedTime = clock.measure { for value in 0..<sends { audited.emit(value) } }
            store.flush()
            differences.append((nanoseconds(auditedTime) - nanoseconds(offTime)) / Double(sends))
        }
        precondition(store.droppedCount == 0, "the benchmark outran the writer's pending limit")
        withExtendedLifetime(tokens) {}
        return median(Array(differences.dropFirst()))
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}
