public import Foundation

/// A trail read back from a ``FileAuditStore``'s files, with what is missing from it: the
/// lines a crash cut short, and the gaps where records were dropped.
///
/// A store drops records by design when its writer falls far behind (`pendingLimit`), or
/// loses them when it cannot write; a crash loses what was not yet handed to the system.
/// Reading never refuses a trail for what it lacks: a record whose cause is in a gap is kept,
/// and ``gaps`` says how many records are missing and where.
public struct RecoveredTrail: Hashable, Sendable {
    /// Sequence numbers missing between two records of the trail.
    public struct Gap: Hashable, Sendable {
        /// The missing sequence numbers.
        public var missing: ClosedRange<UInt64>

        /// How many records are missing.
        public var count: UInt64 { missing.upperBound - missing.lowerBound + 1 }

        /// Creates a gap of the sequence numbers `missing`.
        public init(missing: ClosedRange<UInt64>) {
            self.missing = missing
        }
    }

    /// A last line of a file that was cut short while it was written, and is left out.
    public struct TornLine: Hashable, Sendable {
        /// The file.
        public var file: URL
        /// The line, counted from 1.
        public var line: Int
        /// What was written of it.
        public var text: String

        /// Creates a description of a torn line.
        public init(file: URL, line: Int, text: String) {
            self.file = file
            self.line = line
            self.text = text
        }
    }

    /// The records of every file, in sequence order.
    public var trail: AuditTrail
    /// The lines left out because a crash cut them short: at most one per file, its last.
    public var tornLines: [TornLine]
    /// The records missing between the first record of the trail and its last, in order.
    /// Records before the first are not counted: the oldest files of a rotating trail are
    /// deleted by design.
    public var gaps: [Gap]

    /// Reads the files of `files` that exist, oldest first, as one trail.
    init(files: TrailFiles) throws(AuditTrailError) {
        let paths = files.existing
        guard !paths.isEmpty else {
            throw .unreadableFile(files.url, reason: "there is no such file")
        }
        var records: [AuditRecord] = []
        var places: [(path: String, line: Int)] = []
        var torn: [TornLine] = []
        var replies: [ReplyLine] = []
        for path in paths {
            let (fileRecords, lines, fileReplies, tornLine) = try Self.read(path, naming: files.url(of: path))
            records += fileRecords
            replies += fileReplies
            places += lines.map { (path, $0) }
            torn += tornLine.map { [$0] } ?? []
        }
        let order = records.indices.sorted { records[$0].sequence < records[$1].sequence }
        var sorted = order.map { records[$0] }
        // A reply written after a rotation is in a later file than its request.
        _ = ReplyLine.attach(replies, to: &sorted)
        let name = { (index: Int) in "'\(places[order[index]].path)' line \(places[order[index]].line)" }
        if let (index, reason) = AuditTrail.firstInconsistency(in: sorted, allowingGaps: true, naming: name) {
            let place = places[order[index]]
            throw .inFile(files.url(of: place.path), .inconsistentLine(place.line, reason: reason))
        }
        trail = AuditTrail(sorted)
        tornLines = torn
        gaps = Self.gaps(in: sorted)
    }

    /// The runs of sequence numbers missing between consecutive records of `records`, which are
    /// in sequence order without repeats.
    private static func gaps(in records: [AuditRecord]) -> [Gap] {
        zip(records, records.dropFirst()).compactMap { earlier, later in
            later.sequence > earlier.sequence + 1
                ? Gap(missing: (earlier.sequence + 1)...(later.sequence - 1)) : nil
        }
    }

    /// The records of one file, with their lines, and its last line if a crash cut it short.
    private static func read(
        _ path: String, naming file: URL
    ) throws(AuditTrailError) -> ([AuditRecord], [Int], [ReplyLine], TornLine?) {
        let bytes: [UInt8]
        switch TrailFile.contents(of: path) {
        case .success(let contents): bytes = contents
        case .failure(let failure): throw .unreadableFile(file, reason: failure.reason)
        }
        // A crash may cut a character in two: decoding repairs it rather than refusing the file.
        var text = String(decoding: bytes, as: UTF8.self)
        var torn: TornLine?
        if let tail = text.split(separator: "\n", omittingEmptySubsequences: false).last, !tail.isEmpty,
            (try? AuditTrail.decode(jsonLines: String(tail))) == nil
        {
            let line = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            torn = TornLine(file: file, line: line, text: String(tail))
            text.removeLast(tail.count)
        }
        do {
            let (records, lines, replies) = try AuditTrail.decode(jsonLines: text)
            return (records, lines, replies, torn)
        } catch {
            throw .inFile(file, error)
        }
    }
}
