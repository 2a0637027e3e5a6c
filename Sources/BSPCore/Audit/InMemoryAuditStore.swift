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
            if state.buffer.append(record) {
                state.droppedCount += 1
            }
        }
    }

    /// The records kept, oldest first.
    ///
    /// Notifications that were left to render on demand are rendered now — outside the store's
    /// lock, so that a `description` may read the store or take its time without blocking the
    /// senders — and kept rendered.
    public var records: [AuditRecord] {
        let kept = state.withLock { $0.buffer.elements }
        var rendered: [UInt64: AuditRecord] = [:]
        let records = kept.map { record in
            guard !record.isRendered else { return record }
            let text = record.rendered
            rendered[record.sequence] = text
            return text
        }
        if !rendered.isEmpty {
            state.withLock { state in
                state.buffer.transformAll { record in
                    record.isRendered ? record : rendered[record.sequence] ?? record
                }
            }
        }
        return records
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
        }
    }

    /// The records kept, as a trail that can be written as JSON Lines.
    public var trail: AuditTrail {
        AuditTrail(records)
    }
}
