/// Records packed into one run of bytes of about 64 KiB: what an ``InMemoryAuditStore`` keeps,
/// block by block, and lets go of a whole block at a time.
///
/// A record is an eight-byte header, the fields it has as variable-length numbers and its text's
/// UTF-8 bytes: 53 bytes for a 40-character text, with its share of the block, where the record
/// itself, made on a send, is 128 bytes and its text a separate allocation. What many records
/// share — the notifier's origin, an actor's URI — is kept once in the block's tables and
/// referred to by index; numbers are kept as differences from the block's first record, which
/// are small. A notification the block cannot pack (not a rendered text, an `Int`, a `Double` or
/// a `Bool`) is kept as the record kept it, in a table.
///
/// A block is a value: a reader's copy shares its storage with the store's until the store
/// appends to it, so a reader never sees a record it did not read, and reading a store of
/// full blocks copies none of them.
struct RecordBlock: Sendable {
    /// The bytes at which a block takes no more records: a record that would reach past it
    /// starts the next block, unless it is the block's first.
    static let byteLimit = 65_536
    /// What a record takes besides its text, at most: an eight-byte header and seven numbers
    /// of at most ten bytes each.
    private static let headerLimit = 80

    /// The packed records, in the first `used` bytes; the rest is room to write in.
    private var bytes: [UInt8]
    private var used = 0
    /// Where each record starts in `bytes`; below `byteLimit`, since a record starts a block
    /// or fits within the limit.
    private var starts: [UInt16] = []
    private var origins: [AuditRecord.Origin] = []
    private var originIndices: [ObjectIdentifier: Int] = [:]
    private var actors: [ActorURI] = []
    private var actorIndices: [ActorURI: Int] = [:]
    /// Where an origin or an actor was found lately, by a hash cheaper than the dictionaries'.
    private var recentlyFound = RecentlyFound()
    /// Texts kept as the records kept them: notifications this block cannot pack.
    private var texts: [AuditRecord.Text] = []
    private var stackChanges: [StackChange] = []
    /// Replies, with the index of their request in the block, in the order of those indices.
    private var replies: [(offset: Int, value: RecordedValue)] = []
    private var firstSequence: UInt64 = 0
    private var firstTime: UInt64?

    /// The most records the block takes.
    private let recordLimit: Int
    /// The lowest and highest sequence numbers of its records, for finding a request to reply
    /// to without reading blocks that cannot hold it.
    private var lowestSequence = UInt64.max
    private var highestSequence = UInt64.min

    /// Creates an empty block for at most `recordLimit` records.
    ///
    /// A block is let go of when the last of its records is forgotten, and what it keeps apart
    /// from its bytes — notifications of other types, replies — goes with it: a store limits
    /// its blocks to its capacity, so that it never keeps more than twice its capacity of them.
    init(recordLimit: Int) {
        // Room for records of 64 bytes, up to the limit; a block of larger ones grows.
        self.init(recordLimit: recordLimit, reservedBytes: min(max(1, recordLimit), Self.byteLimit / 64) * 64)
    }

    private init(recordLimit: Int, reservedBytes: Int) {
        self.recordLimit = max(1, recordLimit)
        bytes = Array(repeating: 0, count: reservedBytes)
    }

    /// A block let go of: it holds nothing and allocates nothing.
    static var empty: RecordBlock {
        RecordBlock(recordLimit: 1, reservedBytes: 0)
    }

    /// The number of records in the block.
    var count: Int { starts.count }

    /// Whether the block takes a record whose text packs as `text`: not when the record would
    /// reach past ``byteLimit`` or the block holds its most records, unless the block is empty.
    func hasRoom(for text: PackedText) -> Bool {
        starts.isEmpty || (used + Self.headerLimit + text.limit <= Self.byteLimit && starts.count < recordLimit)
    }

    /// Keeps `text`, which the block does not pack, in its table: what the next record
    /// appended with the returned text refers to.
    mutating func keep(_ text: AuditRecord.Text) -> PackedText {
        texts.append(text)
        return .kept(texts.count - 1)
    }

    /// Packs the record of these fields after the others; the block has room for it (see
    /// ``hasRoom(for:)``), and a text it keeps as it is was kept first (see ``keep(_:)``).
    mutating func append(
        sequence: UInt64, origin: AuditRecord.Origin, sender: AuditRecord.Sender, text: PackedText,
        cause: UInt64?, depth: Int, scope: ActorURI?, delivery: AuditDelivery, stackChange: StackChange?,
        reply: RecordedValue?, nanoseconds: UInt64?
    ) {
        let room = Self.headerLimit + text.limit
        if used + room > bytes.count {
            // A small block, or a record larger than a block: grown to fit, at most doubled.
            bytes.append(
                contentsOf: repeatElement(
                    0, count: max(used + room, min(2 * bytes.count, Self.byteLimit)) - bytes.count))
        }
        if starts.isEmpty {
            firstSequence = sequence
        }
        lowestSequence = min(lowestSequence, sequence)
        highestSequence = max(highestSequence, sequence)
        // What goes in the tables first: the writer holds the bytes while it writes.
        let originIndex = index(of: origin)
        var flags: UInt8
        var senderIndex: Int?
        switch sender {
        case .notifierActor: flags = SenderKind.notifierActor << 4
        case .outside: flags = SenderKind.outside << 4
        case .actor(let actor):
            flags = SenderKind.actor << 4
            senderIndex = index(of: actor)
        }
        let scopeIndex = scope.map { index(of: $0) }
        let stackChangeIndex = stackChange.map { change in
            stackChanges.append(change)
            return stackChanges.count - 1
        }
        if let reply {
            replies.append((starts.count, reply))
        }
        if let nanoseconds, firstTime == nil {
            firstTime = nanoseconds
        }
        starts.append(UInt16(truncatingIfNeeded: used))
        let sequenceDelta = Int64(bitPattern: sequence &- firstSequence)
        if cause != nil { flags |= Flag.cause }
        if nanoseconds != nil { flags |= Flag.time }
        if scopeIndex != nil { flags |= Flag.scope }
        if stackChangeIndex != nil { flags |= Flag.stackChange }
        if depth != 0 { flags |= Flag.depth }
        if UInt32(exactly: sequenceDelta) == nil { flags |= Flag.wideSequence }
        // The fields every record has, in one word: a block holds at most 2¹³ records (each
        // takes at least this word), so fewer origins; a sequence number too far from the
        // block's first follows, flagged.
        let header =
            UInt64(flags) | UInt64(delivery.packedIndex | text.tag << 3) << 8 | UInt64(UInt16(originIndex)) << 16
            | (flags & Flag.wideSequence == 0 ? UInt64(sequenceDelta) << 32 : 0)
        let firstTime = firstTime ?? 0
        used = bytes.withUnsafeMutableBufferPointer { buffer in
            var writer = PackedWriter(buffer: buffer, position: used)
            writer.fixed64(header)
            if flags & Flag.wideSequence != 0 { writer.signed(sequenceDelta) }
            if let senderIndex { writer.unsigned(UInt64(senderIndex)) }
            if let cause { writer.signed(Int64(bitPattern: sequence &- cause)) }
            if flags & Flag.depth != 0 { writer.signed(Int64(depth)) }
            if let scopeIndex { writer.unsigned(UInt64(scopeIndex)) }
            if let nanoseconds { writer.signed(Int64(bitPattern: nanoseconds &- firstTime)) }
            if let stackChangeIndex { writer.unsigned(UInt64(stackChangeIndex)) }
            text.write(to: &writer)
            return writer.position
        }
    }

    /// The record at `offset` from the block's first, as it was appended.
    func record(at offset: Int) -> AuditRecord {
        var reader = PackedReader(bytes: bytes, position: Int(starts[offset]))
        let header = reader.fixed64()
        let flags = UInt8(truncatingIfNeeded: header)
        let second = UInt8(truncatingIfNeeded: header >> 8)
        let origin = origins[Int(UInt16(truncatingIfNeeded: header >> 16))]
        let delta = flags & Flag.wideSequence == 0 ? Int64(header >> 32) : reader.signed()
        let sequence = firstSequence &+ UInt64(bitPattern: delta)
        let sender: AuditRecord.Sender =
            switch flags >> 4 & 0x03 {
            case SenderKind.outside: .outside
            case SenderKind.actor: .actor(actors[reader.index()])
            default: .notifierActor
            }
        let cause = flags & Flag.cause == 0 ? nil : sequence &- UInt64(bitPattern: reader.signed())
        let depth = flags & Flag.depth == 0 ? 0 : Int(reader.signed())
        let scope = flags & Flag.scope == 0 ? nil : actors[reader.index()]
        let nanoseconds = flags & Flag.time == 0 ? nil : (firstTime ?? 0) &+ UInt64(bitPattern: reader.signed())
        let stackChange = flags & Flag.stackChange == 0 ? nil : stackChanges[reader.index()]
        let text = Self.readText(tag: second >> 3, from: &reader, kept: texts)
        var record = AuditRecord(
            sequence: sequence, origin: origin, sender: sender, text: text, cause: cause, depth: depth,
            scope: scope, delivery: AuditDelivery(packedIndex: second & 0x07), stackChange: stackChange,
            nanoseconds: nanoseconds)
        if !replies.isEmpty, let reply = reply(at: offset) {
            record.reply = reply
        }
        return record
    }

    /// Gives `reply` to the newest record of the request `sequence` in the block.
    ///
    /// - Returns: Whether the block holds that request.
    mutating func giveReply(_ reply: RecordedValue, toRequest sequence: UInt64) -> Bool {
        guard lowestSequence <= sequence && sequence <= highestSequence else { return false }
        for offset in starts.indices.reversed() {
            var reader = PackedReader(bytes: bytes, position: Int(starts[offset]))
            let header = reader.fixed64()
            let delta =
                UInt8(truncatingIfNeeded: header) & Flag.wideSequence == 0 ? Int64(header >> 32) : reader.signed()
            guard firstSequence &+ UInt64(bitPattern: delta) == sequence,
                origins[Int(UInt16(truncatingIfNeeded: header >> 16))].variety == .request
            else { continue }
            let place = replyPlace(of: offset)
            if place < replies.count, replies[place].offset == offset {
                replies[place].value = reply
            } else {
                replies.insert((offset, reply), at: place)
            }
            return true
        }
        return false
    }

    /// Where the reply to the request at `offset` is, or would go, in the sorted replies.
    private func replyPlace(of offset: Int) -> Int {
        var low = 0
        var high = replies.count
        while low < high {
            let middle = (low + high) / 2
            if replies[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The reply to the request at `offset`, if it has one.
    private func reply(at offset: Int) -> RecordedValue? {
        let place = replyPlace(of: offset)
        return place < replies.count && replies[place].offset == offset ? replies[place].value : nil
    }

    private enum Flag {
        static let cause: UInt8 = 1
        static let time: UInt8 = 2
        static let scope: UInt8 = 4
        static let stackChange: UInt8 = 8
        /// The sequence number is beyond 2³² of the block's first, and follows the header.
        static let wideSequence: UInt8 = 64
        static let depth: UInt8 = 128
    }

    /// Who sent the notification, in bits 4 and 5 of the flags.
    private enum SenderKind {
        static let notifierActor: UInt8 = 0
        static let outside: UInt8 = 1
        static let actor: UInt8 = 2
    }

    /// The index of `origin` in the block's table, added if it is new.
    @inline(__always)
    private mutating func index(of origin: AuditRecord.Origin) -> Int {
        let identifier = ObjectIdentifier(origin)
        let slot = RecentlyFound.slot(of: identifier)
        if let index = recentlyFound.origin(in: slot), origins[index] === origin {
            return index
        }
        // The table holds the origin, so its identifier stays its own while the block lives.
        let index = Self.index(of: origin, key: identifier, in: &origins, indices: &originIndices)
        recentlyFound.found(origin: index, in: slot)
        return index
    }

    /// The index of `actor` in the block's table, added if it is new.
    private mutating func index(of actor: ActorURI) -> Int {
        let slot = RecentlyFound.slot(of: actor)
        if let index = recentlyFound.actor(in: slot), actors[index] == actor {
            return index
        }
        let index = Self.index(of: actor, key: actor, in: &actors, indices: &actorIndices)
        recentlyFound.found(actor: index, in: slot)
        return index
    }

    /// The index of `value` in `table`, looked up by `key` in `indices`, or added at the end:
    /// what finding an origin or an actor falls back on when its recent slot holds another.
    private static func index<Key: Hashable, Value>(
        of value: Value, key: Key, in table: inout [Value], indices: inout [Key: Int]
    ) -> Int {
        if let index = indices[key] {
            return index
        }
        table.append(value)
        indices[key] = table.count - 1
        return table.count - 1
    }
}

extension AuditDelivery {
    /// The delivery as three bits of a packed record.
    fileprivate var packedIndex: UInt8 {
        switch self {
        case .delivered: 0
        case .unobserved: 1
        case .undelivered: 2
        case .queued: 3
        case .dropped: 4
        }
    }

    /// The delivery whose ``packedIndex`` is `index`.
    fileprivate init(packedIndex index: UInt8) {
        self =
            switch index {
            case 1: .unobserved
            case 2: .undelivered
            case 3: .queued
            case 4: .dropped
            default: .delivered
            }
    }
}
