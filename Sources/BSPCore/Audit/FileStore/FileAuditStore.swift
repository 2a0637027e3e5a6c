public import Foundation

/// A store that keeps the trail in files, for a shipped app: the trail of the run that
/// went wrong is there for a bug report, even after a crash.
///
/// Records are appended as JSON Lines by a background writer, so a send never waits on the
/// disk: it hands its record over under a lock and goes on. The trail is bounded: when the
/// current file would pass `maxFileBytes`, it becomes `run.1.jsonl` (the previous `run.1.jsonl`
/// becomes `run.2.jsonl`, and so on), and the oldest file beyond `fileCount` is deleted.
///
/// ```swift
/// let url = URL(fileURLWithPath: "Library/Caches/run.jsonl")
/// let store = try FileAuditStore(url: url, maxFileBytes: 1 << 20, fileCount: 4)
/// let audit = AuditContext(store: store)
/// ```
///
/// A new store starts a new trail, replacing the files of the last one — those its `fileCount`
/// can have written, and no other file of the folder, nor one another store writes (it is
/// refused, or its rotation reported, as ``FileAuditStoreError/inUse(_:)``). A trail written to
/// a device, such as `/dev/null`, is never rotated. Read the last run's trail first, with ``read(_:fileCount:)``, which also reads what a crash left. What the
/// writer had handed to the system when the app was killed reads back; a last line cut short
/// is skipped and reported in ``RecoveredTrail/tornLines``.
///
/// The file system's failures after the store is open — a full disk, a removed folder — are
/// told to `onFault` as ``FileAuditStoreError``s naming the path, once each; the app goes on
/// and the store writes again when it can. A writer so far behind that `pendingLimit` records
/// wait drops new ones rather than make senders wait, and reports how many.
public final class FileAuditStore: AuditStore {
    /// The current file of the trail.
    public let url: URL
    /// The size past which the current file is rotated.
    public let maxFileBytes: Int
    /// How many files the trail keeps, the current one included.
    public let fileCount: Int
    /// When records are handed to the system.
    public let flushPolicy: FlushPolicy

    /// Writes the trail, holding the lock that keeps its path to this store until it stops.
    private let writer: TrailWriter

    /// Opens a new trail at `url`, replacing the files of any trail there.
    ///
    /// - Parameters:
    ///   - url: The current file; rotated files are named after it (`run.1.jsonl`, …).
    ///   - maxFileBytes: The size past which the current file is rotated: at least 1 KiB.
    ///   - fileCount: How many files to keep, the current one included: from 1 to 100,000.
    ///   - flushPolicy: When records are handed to the system; by default, as they come.
    ///   - pendingLimit: How many records may wait for the writer before new ones are dropped.
    ///   - onFault: Told of the file system's failures once the store is open; by default,
    ///     a line on standard error.
    /// - Throws: ``FileAuditStoreError/cannotOpen(_:reason:)`` when the file cannot be created,
    ///   ``FileAuditStoreError/invalidSettings(_:reason:)`` for a size or a count out of range,
    ///   or a URL that is not a file's,
    ///   ``FileAuditStoreError/inUse(_:)`` when another store writes the same file, whatever
    ///   the path — a symbolic or a hard link — that names it (advisory locks on the file and
    ///   on `<path>.lock`, released when that store goes or its process dies).
    public init(
        url: URL,
        maxFileBytes: Int = 1 << 20,
        fileCount: Int = 4,
        flushPolicy: FlushPolicy = .everyRecord,
        pendingLimit: Int = 100_000,
        onFault: @escaping @Sendable (FileAuditStoreError) -> Void = FileAuditStore.writeToStandardError
    ) throws(FileAuditStoreError) {
        guard url.isFileURL else {
            throw .invalidSettings(url, reason: "a trail is kept in a local file, and this is not a file URL")
        }
        guard (1...Self.fileCountLimit).contains(fileCount) else {
            throw .invalidSettings(url, reason: "fileCount must be from 1 to 100,000, not \(fileCount)")
        }
        guard maxFileBytes >= 1024 else {
            throw .invalidSettings(url, reason: "maxFileBytes must be at least 1,024, not \(maxFileBytes)")
        }
        let files = TrailFiles(url: url, count: fileCount)
        self.url = url
        self.maxFileBytes = maxFileBytes
        self.fileCount = fileCount
        self.flushPolicy = flushPolicy
        do {
            let lock = try TrailLock(for: url.path)
            writer = try TrailWriter(
                files: files, lock: lock, maxFileBytes: self.maxFileBytes,
                pendingLimit: max(1, pendingLimit), flushPolicy: flushPolicy, onFault: onFault)
        } catch {
            throw files.naming(error)
        }
    }

    deinit {
        writer.stop()
    }

    /// The most files a trail may keep.
    static let fileCountLimit = 100_000

    /// Always `true`.
    public var isRecording: Bool { true }

    /// Hands `record` to the writer; never waits on the disk.
    public func record(_ record: consuming AuditRecord) {
        writer.take(record)
    }

    /// Hands the line of `reply`, the reply to the request `sequence`, to the writer.
    public func record(reply: RecordedValue, toRequest sequence: UInt64) {
        writer.take(reply: reply, toRequest: sequence)
    }

    /// Returns once every record kept before the call has been handed to the system, whatever
    /// the flush policy.
    public func flush() {
        writer.flush()
    }

    /// How many records, and replies to requests, were dropped because the writer was behind.
    /// A dropped record shows as a gap in the trail read back (``RecoveredTrail/gaps``); a
    /// dropped reply leaves its request without one.
    public var droppedCount: Int {
        writer.droppedCount
    }

    /// The paths of the trail's files that exist now, oldest first.
    public var files: [URL] {
        let files = TrailFiles(url: url, count: fileCount)
        return files.existing.map(files.url(of:))
    }

    /// Reads the trail whose current file is `url`, with its rotated files: one trail in
    /// sequence order. A last line cut short by a crash is skipped and reported in
    /// ``RecoveredTrail/tornLines``; records the store dropped or could not write are reported
    /// in ``RecoveredTrail/gaps``, never a reason to refuse the trail.
    ///
    /// - Parameters:
    ///   - url: The current file, as given to ``init(url:maxFileBytes:fileCount:flushPolicy:pendingLimit:onFault:)``.
    ///   - fileCount: How many files the trail may have; by default, as many as its rotation
    ///     reaches: `run.1.jsonl`, `run.2.jsonl` and so on, each generation at most two above
    ///     the one before (a crash during a rotation leaves one missing). A file of a generation
    ///     beyond, such as an archived `run.2024.jsonl`, is not read.
    /// - Throws: ``AuditTrailError/inFile(_:_:)`` naming the file and line of a record that is
    ///   not valid, or ``AuditTrailError/unreadableFile(_:reason:)`` when there is no trail.
    public static func read(_ url: URL, fileCount: Int = .max) throws(AuditTrailError) -> RecoveredTrail {
        guard url.isFileURL else { throw .unreadableFile(url, reason: "it is not a file URL") }
        return try RecoveredTrail(files: TrailFiles(url: url, count: fileCount))
    }

    /// The default fault handler: writes the fault's description to standard error.
    public static let writeToStandardError: @Sendable (FileAuditStoreError) -> Void = { fault in
        StandardError.write("swift-bsp: \(fault)\n")
    }
}
