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
        /// The records, packed, oldest block first; blocks before `firstBlock` are let go of.
        var blocks: [RecordBlock] = []
        var firstBlock = 0
        /// How many records of the first block were dropped.
        var droppedFromFirstBlock = 0
        var count = 0
        var droppedCount = 0
        /// How many records were kept since the store was made or last cleared.
        var kept = 0
        /// How many times the store was cleared.
        var clears = 0
        /// The blocks let go of, held until the store's lock is released: a notification they
        /// keep may be an object whose `deinit` reads the store.
        var letGo: [RecordBlock] = []

        /// Where the store is: it changes with every record kept and every clear.
        var mark: RecordMark { RecordMark(kept: kept, clears: clears) }

        /// The newest `wanted` records, as they are now.
        func newest(_ wanted: Int) -> AuditRecords {
            // The blocks that hold them: from the newest, back until `wanted` are found.
            var first = blocks.count
            var found = 0
            while found < wanted {
                first -= 1
                found += blocks[first].count - (first == firstBlock ? droppedFromFirstBlock : 0)
            }
            let skipped = (first == firstBlock ? droppedFromFirstBlock : 0) + (found - wanted)
            return AuditRecords(blocks: Array(blocks[first...]), skipping: skipped)
        }

        /// Forgets the oldest record, letting go of its block once none of its records is kept.
        ///
        /// - Returns: Whether a block was let go of, into ``letGo``, to be released once the
        ///   store's lock is (by whichever sender comes to it first, when several record at once).
        @inline(__always)
        mutating func dropOldest() -> Bool {
            count -= 1
            droppedCount += 1
            droppedFromFirstBlock += 1
            guard droppedFromFirstBlock == blocks[firstBlock].count else { return false }
            letGoOfFirstBlock()
            return true
        }

        /// Lets go of the first block, none of whose records is kept: out of line, since one
        /// record in thousands does.
        @inline(never)
        private mutating func letGoOfFirstBlock() {
            letGo.append(blocks[firstBlock])
            blocks[firstBlock] = RecordBlock.empty
            firstBlock += 1
            droppedFromFirstBlock = 0
            // The let-go blocks are removed together, now and then, rather than shifting the
            // array each time.
            if firstBlock >= 64 && firstBlock * 2 >= blocks.count {
                blocks.removeFirst(firstBlock)
                firstBlock = 0
            }
        }
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
        self.state = Locked(State())
    }

    /// Keeps `record`, forgetting the oldest one if the store is full.
    public func record(_ record: consuming AuditRecord) {
        self.record(
            sequence: record.sequence, origin: record.origin, sender: record.sender, text: record.storedText,
            cause: record.cause, depth: record.depth, scope: record.scope, delivery: record.delivery,
            stackChange: record.stackChange, reply: record.reply, nanoseconds: record.timeInNanoseconds)
    }

    /// Keeps the record of these fields, forgetting the oldest one if the store is full.
    ///
    /// What a context calls on every send, with its fields borrowed: making an ``AuditRecord``
    /// only for the store to take it apart cost a record a tenth of the instructions it runs
    /// (its copies, the call through ``AuditStore``, its destruction).
    @inline(__always)
    func record(
        sequence: UInt64, origin: AuditRecord.Origin, sender: AuditRecord.Sender, text: consuming AuditRecord.Text,
        cause: UInt64?, depth: Int, scope: ActorURI?, delivery: AuditDelivery, stackChange: StackChange?,
        reply: RecordedValue? = nil, nanoseconds: UInt64?
    ) {
        // Taken apart, not switched over borrowed: a text may hold any value, so a borrowed
        // one is copied through its type's witnesses first, and the copy destroyed after.
        let packed: RecordBlock.PackedText
        switch consume text {
        case .rendered(let string): packed = .utf8(string)
        case .scalar(let scalar): packed = RecordBlock.PackedText(scalar)
        // Kept as they are, strings sent through an existential type (`any Sendable`) too:
        // finding them would copy every notification kept.
        case let text:
            return record(
                sequence: sequence, origin: origin, sender: sender, keeping: text, cause: cause, depth: depth,
                scope: scope, delivery: delivery, stackChange: stackChange, reply: reply, nanoseconds: nanoseconds)
        }
        append(
            sequence: sequence, origin: origin, sender: sender, text: packed, cause: cause, depth: depth,
            scope: scope, delivery: delivery, stackChange: stackChange, reply: reply, nanoseconds: nanoseconds
        ) { _ in packed }
    }

    /// Keeps the record of these fields, whose text the store keeps as it is. Out of line, so
    /// that the packing of a block is inlined once, into the path of texts it packs.
    @inline(never)
    private func record(
        sequence: UInt64, origin: AuditRecord.Origin, sender: AuditRecord.Sender, keeping text: AuditRecord.Text,
        cause: UInt64?, depth: Int, scope: ActorURI?, delivery: AuditDelivery, stackChange: StackChange?,
        reply: RecordedValue?, nanoseconds: UInt64?
    ) {
        append(
            sequence: sequence, origin: origin, sender: sender, text: .kept(-1), cause: cause, depth: depth,
            scope: scope, delivery: delivery, stackChange: stackChange, reply: reply, nanoseconds: nanoseconds
        ) { block in block.keep(text) }
    }

    /// Appends the record of these fields to the newest block, or to a new one if that has no
    /// room for it, and forgets the oldest record if the store is then over its capacity.
    ///
    /// - Parameters:
    ///   - text: The text as the block packs it; `.kept` for one kept as it is.
    ///   - resolve: The text to append, from the block that takes the record: where a kept
    ///     text goes into that block's table.
    @inline(__always)
    private func append(
        sequence: UInt64, origin: AuditRecord.Origin, sender: AuditRecord.Sender, text: RecordBlock.PackedText,
        cause: UInt64?, depth: Int, scope: ActorURI?, delivery: AuditDelivery, stackChange: StackChange?,
        reply: RecordedValue?, nanoseconds: UInt64?, resolving resolve: (inout RecordBlock) -> RecordBlock.PackedText
    ) {
        let letGoOfABlock = state.withLock { state in
            if state.blocks.isEmpty || !state.blocks[state.blocks.count - 1].hasRoom(for: text) {
                state.blocks.append(RecordBlock(recordLimit: capacity))
            }
            let newest = state.blocks.count - 1
            let text = resolve(&state.blocks[newest])
            state.blocks[newest].append(
                sequence: sequence, origin: origin, sender: sender, text: text, cause: cause, depth: depth,
                scope: scope, delivery: delivery, stackChange: stackChange, reply: reply, nanoseconds: nanoseconds)
            state.kept += 1
            state.count += 1
            return state.count > capacity && state.dropOldest()
        }
        if letGoOfABlock {
            releaseLetGoBlocks()
        }
    }

    /// Releases the blocks let go of, after the store's lock: the notifications they keep may
    /// be objects whose `deinit` reads the store, and must not find it locked.
    @inline(never)
    private func releaseLetGoBlocks() {
        let blocks = state.withLock { state in
            defer { state.letGo = [] }
            return state.letGo
        }
        withExtendedLifetime(blocks) {}
    }

    /// Gives `reply` to the newest record of the request `sequence` still kept, if any.
    public func record(reply: RecordedValue, toRequest sequence: UInt64) {
        state.withLock { state in
            // The request is among the newest: only what its handler sent came after it.
            for block in (state.firstBlock..<state.blocks.count).reversed()
            where state.blocks[block].giveReply(reply, toRequest: sequence) {
                return
            }
        }
    }

    /// The records kept, oldest first.
    ///
    /// Reading copies none of them: the collection shares the store's packed records, and a
    /// notification that was left to render on demand is rendered when its record is read,
    /// outside the store's lock, so that a `description` may read the store or take its time
    /// without blocking the senders.
    public var records: AuditRecords {
        state.withLock { $0.newest($0.count) }
    }

    /// The records kept after the first `mark` (a ``RecordMark/kept`` read before), oldest
    /// first, rendered, and the mark to pass next time. When some of those records have been
    /// overwritten, or the store was cleared, it is every record kept, and `continues` is `false`.
    ///
    /// What a reader that keeps up with a store reads, without copying the records it has.
    @_spi(Inspection) public func records(after mark: RecordMark) -> (
        records: [AuditRecord], mark: RecordMark, continues: Bool
    ) {
        let (added, next, continues) = state.withLock { state in
            let added = state.kept - mark.kept
            let continues = mark.clears == state.clears && added >= 0 && added <= state.count
            return (state.newest(continues ? added : state.count), state.mark, continues)
        }
        let records = added.map { record in
            var record = record
            record.render()
            return record
        }
        return (records, next, continues)
    }

    /// The place the store has reached: pass it to ``records(after:)`` to read what comes next.
    @_spi(Inspection) public var mark: RecordMark {
        state.withLock { $0.mark }
    }

    /// The place a reader has reached in the store: how many records were kept when it read.
    @_spi(Inspection) public struct RecordMark: Hashable, Sendable {
        @_spi(Inspection) public var kept = 0
        /// Tells a store cleared since the mark apart.
        var clears = 0

        @_spi(Inspection) public init() {}

        init(kept: Int, clears: Int) {
            self.kept = kept
            self.clears = clears
        }
    }

    /// The number of records kept now (at most ``capacity``).
    public var count: Int {
        state.withLock { $0.count }
    }

    /// How many records were overwritten to keep within ``capacity``.
    public var droppedCount: Int {
        state.withLock { $0.droppedCount }
    }

    /// Forgets every record and resets ``droppedCount``.
    public func clear() {
        let forgotten = state.withLock { state in
            var forgotten = State()
            swap(&forgotten, &state)
            state.clears = forgotten.clears + 1
            return forgotten
        }
        // Released after the lock: a notification may be an object whose `deinit` reads the store.
        withExtendedLifetime(forgotten) {}
    }

    /// The records kept, as a trail that can be written as JSON Lines.
    public var trail: AuditTrail {
        AuditTrail(Array(records))
    }
}
