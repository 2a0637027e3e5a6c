@_spi(Inspection) import BSPCore
public import Foundation

/// Follows a running app's file trail (`FileAuditStore`): the lines already written, oldest
/// file first, then each line as it is written, across the store's rotations and the app's
/// new runs.
///
/// It reads the files of the trail named at its start — the current file and its rotated
/// neighbours (`run.1.jsonl`, …) — and no other path. Each file is read through a descriptor
/// opened once, so a rotation, which renames the current file, loses no line: the follower
/// reads the old file to its end, then the new one from its start, and every file rotated in
/// between. A file the store deletes before the follower looks — a few small files written
/// fast — is lost to it; a reader sees the gap in the sequence numbers. A new run, which empties
/// the current file, is told as ``TrailChange/reset``.
///
/// It never waits: ``next()`` says what is new, or `nil`, and the caller decides how often to
/// look.
public final class TrailFollower {
    /// The current file of the trail, as named at the start.
    public let url: URL
    private let files: TrailFiles
    private let batchBytes: Int
    /// The file being read: the oldest not read to its end yet.
    private var file: OpenTrailFile?
    /// The last file read to its end, which the store will write no more: the next file to
    /// read is the one after it in the set, oldest first.
    private var lastFinished: FileIdentity?
    private var offset = 0
    /// The last bytes read from the file, up to ``tailLength``: a file emptied and written
    /// again since has other bytes there, or none.
    private var tail: [UInt8] = []
    /// The start of a line not yet ended.
    private var partial: [UInt8] = []
    private var toldOfMissingFile = false
    /// What to tell before anything else: a line too long to keep.
    private var pendingNotice: String?

    /// The longest line kept while its end is awaited; a longer one is dropped and told of.
    static let lineLimit = 16 << 20
    /// How many of the last bytes read are compared with the file at each look: a new run that
    /// has written past where the last one was read must have written these same bytes there
    /// to pass for it — the records' times differ — and if it did, the page shows the same.
    static let tailLength = 4096

    /// A follower of the trail whose current file is `url`, keeping up to `fileCount` files,
    /// that hands over about `batchBytes` of lines at a time.
    public init(url: URL, fileCount: Int = 100_000, batchBytes: Int = 1 << 20) {
        self.url = url
        self.files = TrailFiles(url: url, count: fileCount)
        self.batchBytes = max(batchBytes, 1)
    }

    /// What is new since the last call, or `nil` if nothing is.
    public func next() -> TrailChange? {
        if let notice = pendingNotice {
            pendingNotice = nil
            return .notice(notice)
        }
        while true {
            guard let file = file ?? openNextFile() else {
                return toldOfMissingFile || lastFinished != nil ? nil : missingFile()
            }
            if wasEmptiedAndWrittenAgain(file) {
                offset = 0
                tail = []
                partial = []
                return .reset
            }
            let bytes = file.read(at: offset, limit: batchBytes)
            if let lines = take(bytes) {
                if lines.bytes.isEmpty { continue }
                return .lines(lines)
            }
            // At the end of the file: the current file waits for more; a rotated one — the
            // store renamed it — has no more to come once read to its end.
            guard FileIdentity(path: files.current) != file.identity else { return nil }
            guard file.read(at: offset, limit: 1).isEmpty else { continue }
            lastFinished = file.identity
            self.file = nil
            if let torn = endOfFile() { return torn }
        }
    }

    /// Opens the oldest file of the set newer than the last one read to its end: after several
    /// rotations between two looks, the files between are read, not skipped. When that file is
    /// gone — the oldest is deleted beyond `fileCount` — every file there is newer.
    private func openNextFile() -> OpenTrailFile? {
        let paths = files.existing
        var next = paths[...]
        if let lastFinished, let index = paths.firstIndex(where: { FileIdentity(path: $0) == lastFinished }) {
            next = paths[(index + 1)...]
        }
        for path in next {
            if let opened = OpenTrailFile(path: path) {
                file = opened
                toldOfMissingFile = false
                return opened
            }
        }
        return nil
    }

    private func missingFile() -> TrailChange {
        toldOfMissingFile = true
        return .notice("Waiting for the trail: there is no regular file at \(files.current) yet")
    }

    /// Whether the app started a new run on `file` — it empties the file — since the last read.
    private func wasEmptiedAndWrittenAgain(_ file: OpenTrailFile) -> Bool {
        guard offset > 0 else { return false }
        return file.read(at: offset - tail.count, limit: tail.count) != tail
    }

    /// The whole lines `bytes` ends, with what came before them; `nil` for no bytes, no lines
    /// for bytes that end none.
    private func take(_ bytes: [UInt8]) -> TrailLines? {
        guard !bytes.isEmpty else { return nil }
        offset += bytes.count
        tail =
            bytes.count >= Self.tailLength
            ? Array(bytes.suffix(Self.tailLength)) : Array((tail + bytes).suffix(Self.tailLength))
        guard let end = bytes.lastIndex(of: UInt8(ascii: "\n")) else {
            partial += bytes
            if partial.count > Self.lineLimit {
                partial = []
                pendingNotice = "A line longer than \(Self.lineLimit >> 20) MiB was left out"
            }
            return TrailLines([])
        }
        var lines = partial
        lines += bytes[...end]
        partial = Array(bytes[(end + 1)...])
        return TrailLines(lines)
    }

    /// Ends a file: a line it left unended was cut short by a crash, and is told of.
    private func endOfFile() -> TrailChange? {
        offset = 0
        tail = []
        defer { partial = [] }
        guard !partial.isEmpty else { return nil }
        return .notice("A line cut short was left out: \(String(decoding: partial.prefix(200), as: UTF8.self))")
    }
}
