import Foundation

/// The background thread of a ``FileAuditStore``: senders hand it records under a lock and go
/// on; it encodes them, rotates the files and writes, so that no send waits on the disk.
///
/// It holds no reference to its store, which stops it when it goes away.
final class TrailWriter: @unchecked Sendable {
    // @unchecked: `guarded` is read and written under the condition alone; `spare` is swapped
    // with its pending batch under it; `spare`, `file`, `files` and the encoding buffer belong
    // to the writer thread alone (and to `init`, before it starts).
    private let condition = NSCondition()
    /// What the condition guards. One stored value, so that one annotation turns the runtime's
    /// exclusivity checks off for all of it: the lock already keeps any two accesses apart, and
    /// the checks cost every record handed over about 115 instructions, more than the rest of
    /// handing it over (`file_store_overhead_vs_memory_store`; the sender's cost fell from 85
    /// to 68 ns without them).
    @exclusivity(unchecked) private var guarded = Guarded()
    /// The batch the writer thread emptied last, swapped with ``Guarded/pending`` under the
    /// lock: the writer thread's alone otherwise.
    private var spare = TrailBatch()

    private struct Guarded {
        var pending = TrailBatch()
        var received = 0
        var written = 0
        var dropped = 0
        var droppedReported = 0
        var isWaiting = false
        var isStopping = false
        var hasStopped = false
        /// How many records a ``flush()`` waits for: they are written without waiting for the
        /// interval.
        var flushTarget = 0
    }

    private let files: TrailFiles
    private let maxFileBytes: Int
    private let pendingLimit: Int
    private let interval: Duration?
    private let onFault: @Sendable (FileAuditStoreError) -> Void
    private var file: TrailFile?
    /// The lock that keeps the trail's path to this store, held until the writer has written
    /// everything and closed the file — which may be after the store has gone, when a record
    /// held its last reference. Touched by the writer thread alone once it runs.
    private var trailLock: TrailLock?
    /// The batch being encoded: kept, with its capacity, from one batch to the next.
    private var bytes: [UInt8] = []
    /// The writer thread, so that a flush from a fault handler it runs does not wait for itself.
    /// Set before the thread starts, and never again. Weak: the thread holds its closure,
    /// which holds this writer, so a strong reference would be a cycle that outlives the store.
    private weak var writerThread: Thread?
    /// The faults reported and not cleared since, with the step that met each: each is reported
    /// once until that step succeeds again.
    private var reportedFaults: Set<ReportedFault> = []

    /// What the writer was doing when a fault arose.
    private enum Step: Hashable {
        case write, rotate
    }

    private struct ReportedFault: Hashable {
        let step: Step
        let fault: FileAuditStoreError
    }

    init(
        files: TrailFiles, lock: TrailLock, maxFileBytes: Int, pendingLimit: Int,
        flushPolicy: FileAuditStore.FlushPolicy, onFault: @escaping @Sendable (FileAuditStoreError) -> Void
    ) throws(FileAuditStoreError) {
        self.files = files
        self.trailLock = lock
        self.maxFileBytes = maxFileBytes
        self.pendingLimit = pendingLimit
        self.onFault = onFault
        if case .every(let interval) = flushPolicy {
            self.interval = interval
        } else {
            self.interval = nil
        }
        file = try TrailFile(creating: files.current)
        try files.removeRotated()
        guarded.pending.records.reserveCapacity(1024)
        let thread = Thread { [self] in run() }
        thread.name = "swift-bsp trail writer"
        writerThread = thread
        thread.start()
    }

    /// Takes `record` for writing, or counts it dropped when the writer is too far behind.
    func take(_ record: consuming AuditRecord) {
        condition.lock()
        guard admitsOne() else { return condition.unlock() }
        guarded.pending.records.append(record)
        unlockWakingTheWriter()
    }

    /// Takes the reply to the request `sequence` for writing, after the records taken so far.
    func take(reply: RecordedValue, toRequest sequence: UInt64) {
        condition.lock()
        guard admitsOne() else { return condition.unlock() }
        guarded.pending.replies.append(
            TrailBatch.Reply(afterRecords: guarded.pending.records.count, value: reply, request: sequence))
        unlockWakingTheWriter()
    }

    /// Under the lock: whether one more item may wait, counted as received; if not, it is
    /// counted as dropped.
    private func admitsOne() -> Bool {
        guard guarded.pending.count < pendingLimit, !guarded.isStopping else {
            guarded.dropped += 1
            return false
        }
        guarded.received += 1
        return true
    }

    /// Unlocks, and wakes the writer if it waits for what was just taken.
    private func unlockWakingTheWriter() {
        // With an interval, the writer needs waking only for the first item of a batch.
        let wakes = guarded.isWaiting && (interval == nil || guarded.pending.count == 1)
        condition.unlock()
        if wakes {
            condition.signal()
        }
    }

    /// The records dropped so far because the writer was behind.
    var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return guarded.dropped
    }

    /// Returns once every record taken before the call has been handed to the system.
    func flush() {
        // The fault handler runs on the writer thread: a flush there would wait for itself.
        if let writerThread, writerThread === Thread.current { return }
        condition.lock()
        let target = guarded.received
        guarded.flushTarget = max(guarded.flushTarget, target)
        condition.broadcast()
        while guarded.written < target, !guarded.hasStopped {
            condition.wait()
        }
        condition.unlock()
    }

    /// Writes what is pending, stops the thread, closes the file and lets go of the trail's
    /// lock; waits for all of it — unless called on the writer thread itself, when a record
    /// it let go of held the store's last reference: waiting there would wait for itself, and
    /// the writer finishes the trail once that release returns.
    func stop() {
        condition.lock()
        guarded.isStopping = true
        condition.broadcast()
        let isWriterThread = writerThread.map { $0 === Thread.current } ?? false
        while !guarded.hasStopped, !isWriterThread {
            condition.wait()
        }
        condition.unlock()
    }

    // MARK: The writer thread

    private func run() {
        while let batch = nextBatch() {
            write(batch)
        }
    }

    /// Waits for records — with an interval, for it to pass since the first of them arrived —
    /// and takes what is pending; `nil` once the store stops and everything is written.
    private func nextBatch() -> TrailBatch? {
        // Emptied before the lock: the records written last are freed here, and a notification
        // may be an object whose `deinit` reads the store or sends into it.
        spare.removeAll()
        condition.lock()
        let newlyDropped = finishBatch()
        condition.unlock()
        if newlyDropped > 0 {
            // Outside the lock: the handler may record, or read the store.
            report(.recordsDropped(URL(trailFile: files.current), count: newlyDropped))
        }
        condition.lock()
        defer { condition.unlock() }
        var deadline: ContinuousClock.Instant?
        while true {
            if guarded.pending.isEmpty {
                if guarded.isStopping {
                    file = nil
                    // Let go of before the store's `deinit` returns: a store opened on the path
                    // right after this one goes finds it free.
                    trailLock = nil
                    guarded.hasStopped = true
                    condition.broadcast()
                    return nil
                }
            } else if let interval, !guarded.isStopping, guarded.flushTarget <= guarded.written {
                let due = deadline ?? .now + interval
                deadline = due
                if due <= .now {
                    break
                }
            } else {
                break
            }
            guarded.isWaiting = true
            if let deadline, !guarded.pending.isEmpty {
                _ = condition.wait(until: Date(timeIntervalSinceNow: (deadline - .now).seconds))
            } else {
                condition.wait()
            }
            guarded.isWaiting = false
        }
        swap(&guarded.pending, &spare)
        return spare
    }

    /// Called under the lock once a batch is written: wakes flushes, and returns how many
    /// records were dropped since the last report.
    private func finishBatch() -> Int {
        guarded.written = guarded.received - guarded.pending.count
        condition.broadcast()
        defer { guarded.droppedReported = guarded.dropped }
        return guarded.dropped - guarded.droppedReported
    }

    private func write(_ batch: TrailBatch) {
        var nextReply = 0
        for index in batch.records.indices {
            appendLine { JSONLine.append(batch.records[index], to: &$0) }
            // A reply follows the records taken before it: its request and what its handler sent.
            while nextReply < batch.replies.count, batch.replies[nextReply].afterRecords <= index + 1 {
                let reply = batch.replies[nextReply]
                appendLine { JSONLine.appendReply(reply.value, to: reply.request, to: &$0) }
                nextReply += 1
            }
        }
        for reply in batch.replies[nextReply...] {
            appendLine { JSONLine.appendReply(reply.value, to: reply.request, to: &$0) }
        }
        writeOut(&bytes)
    }

    /// Encodes a line in place at the end of the batch's bytes with `encode`; a line that would
    /// overfill the file goes to the next one, after the lines before it are written and the
    /// files rotated.
    private func appendLine(_ encode: (inout [UInt8]) -> Void) {
        let start = bytes.count
        encode(&bytes)
        bytes.append(UInt8(ascii: "\n"))
        if let file, file.isRegular, file.size + bytes.count > maxFileBytes, file.size + start > 0 {
            let line = bytes[start...]
            bytes.removeLast(bytes.count - start)
            writeOut(&bytes)
            rotate()
            bytes.append(contentsOf: line)
        } else if bytes.count >= Self.chunkBytes {
            writeOut(&bytes)
        }
    }

    /// How many bytes of whole lines a large batch gathers before it writes them: a buffer
    /// that stays in the cache, where one the size of a batch of 200,000 records took a page
    /// fault every 4 KiB, an eighth of the writer's time.
    private static let chunkBytes = 64 << 10

    private func writeOut(_ bytes: inout [UInt8]) {
        defer { bytes.removeAll(keepingCapacity: true) }
        guard !bytes.isEmpty else { return }
        do {
            if file == nil {
                file = try TrailFile(creating: files.current)
            }
            try file?.write(bytes)
            clearFaults(of: .write)
        } catch {
            report(error, during: .write)
        }
    }

    private func rotate() {
        do {
            try files.rotate()
            file = try TrailFile(creating: files.current)
            clearFaults(of: .rotate)
        } catch {
            // Writing goes on where it can: to the file still open, or to a new one later.
            report(error, during: .rotate)
        }
    }

    /// Reports `fault` unless it was reported and has not cleared since: a full disk fails
    /// every write until space is freed, and one report says so — even when writes to a file
    /// still open succeed in between, as they do once its folder is removed.
    private func report(_ fault: FileAuditStoreError, during step: Step? = nil) {
        let fault = files.naming(fault)
        guard let step else { return onFault(fault) }
        guard reportedFaults.insert(ReportedFault(step: step, fault: fault)).inserted else { return }
        onFault(fault)
    }

    /// Forgets the faults that `step` met, now that it has succeeded, so that they are reported
    /// again if they come back.
    private func clearFaults(of step: Step) {
        if !reportedFaults.isEmpty {
            reportedFaults = reportedFaults.filter { $0.step != step }
        }
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
