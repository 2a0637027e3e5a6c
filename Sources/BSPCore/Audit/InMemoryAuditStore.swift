/// A store that keeps the most recent records in memory, up to a fixed capacity.
///
/// When full, each new record replaces the oldest one and ``droppedCount`` goes up, so memory
/// stays bounded however long the app runs, and a reader can tell that the trail is incomplete.
///
/// ```swift
/// let store = InMemoryAuditStore(capacity: 1_000)
/// let audit = AuditContext(store: store)
/// // … build and run the fabric inside audit.withCurrent { … } …
/// for record in store.records { print(record) }
/// ```
public final class InMemoryAuditStore: AuditStore {
    private struct State {
        var buffer: RingBuffer<AuditRecord>
        var droppedCount = 0
        /// How many records were kept since the store was made or last cleared.
        var kept = 0
        /// How many times the store was cleared.
        var clears = 0

        /// Where the store is: it changes with every record kept and every clear.
        var mark: RecordMark { RecordMark(kept: kept, clears: clears) }
    }

    private let state: Locked<State>

    /// The largest number of records kept at once.
    public let capacity: Int

    /// Creates a store that keeps at most `capacity` records.
    ///
    /// - Parameter capacity: The number of records to keep; values below 1 are raised to 1.
    public init(capacity: Int = 10_000) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        self.state = Locked(State(buffer: RingBuffer(capacity: capacity)))
    }

    /// Keeps `record`, overwriting the oldest one if the store is full.
    public func record(_ record: consuming AuditRecord) {
        state.withLock(moving: record) { state, record in
            state.kept += 1
            if state.buffer.append(record) {
                state.droppedCount += 1
            }
        }
    }

    /// Gives `reply` to the newest record of the request `sequence` still kept, if any.
    public func record(reply: RecordedValue, toRequest sequence: UInt64) {
        state.withLock { state in
            // The request is among the newest: only what its handler sent came after it.
            for offset in (0..<state.buffer.count).reversed() {
                var found = false
                state.buffer.modify(at: offset) { record in
                    guard record.sequence == sequence, record.variety == .request else { return }
                    record.reply = reply
                    found = true
                }
                if found { return }
            }
        }
    }

    /// The records kept, oldest first.
    ///
    /// Notifications that were left to render on demand are rendered now — outside the store's
    /// lock, so that a `description` may read the store or take its time without blocking the
    /// senders — and kept rendered.
    public var records: [AuditRecord] {
        var (records, mark) = state.withLock { ($0.buffer.elements, $0.mark) }
        render(&records, readAt: mark)
        return records
    }

    /// The records kept after the first `mark` (a ``RecordMark/kept`` read before), oldest
    /// first, rendered, and the mark to pass next time. When some of those records have been
    /// overwritten, or the store was cleared, it is every record kept, and `continues` is `false`.
    ///
    /// What a reader that keeps up with a store reads, without copying the records it has.
    package func records(after mark: RecordMark) -> (records: [AuditRecord], mark: RecordMark, continues: Bool) {
        var (records, next, continues) = state.withLock { state in
            let added = state.kept - mark.kept
            let continues = mark.clears == state.clears && added >= 0 && added <= state.buffer.count
            return (continues ? state.buffer.elements(last: added) : state.buffer.elements, state.mark, continues)
        }
        render(&records, readAt: next)
        return (records, next, continues)
    }

    /// The place the store has reached: pass it to ``records(after:)`` to read what comes next.
    package var mark: RecordMark {
        state.withLock { $0.mark }
    }

    /// The place a reader has reached in the store: how many records were kept when it read.
    package struct RecordMark: Hashable, Sendable {
        package var kept = 0
        /// Tells a store cleared since the mark apart.
        var clears = 0

        package init() {}

        init(kept: Int, clears: Int) {
            self.kept = kept
            self.clears = clears
        }
    }

    /// Renders `records`, the newest records of the buffer when the store was at `mark`, outside
    /// the lock; the text is written back to the buffer if nothing was recorded meanwhile.
    private func render(_ records: inout [AuditRecord], readAt mark: RecordMark) {
        var rendered: [(offset: Int, text: AuditRecord.Text)] = []
        for index in records.indices where !records[index].isRendered {
            records[index].render()
            rendered.append((index, records[index].storedText))
        }
        if !rendered.isEmpty {
            state.withLock { state in
                // Only if nothing was recorded meanwhile: then the offsets are still right.
                guard state.mark == mark else { return }
                let first = state.buffer.count - records.count
                for (offset, text) in rendered {
                    state.buffer.modify(at: first + offset) { $0.storedText = text }
                }
            }
        }
    }

    /// The number of records kept now (at most ``capacity``).
    public var count: Int {
        state.withLock { $0.buffer.count }
    }

    /// How many records were overwritten to keep within ``capacity``.
    public var droppedCount: Int {
        state.withLock { $0.droppedCount }
    }

    /// Forgets every record and resets ``droppedCount``.
    public func clear() {
        state.withLock { state in
            state.buffer.removeAll()
            state.droppedCount = 0
            state.clears += 1
            state.kept = 0
        }
    }

    /// The records kept, as a trail that can be written as JSON Lines.
    public var trail: AuditTrail {
        AuditTrail(records)
    }
}
