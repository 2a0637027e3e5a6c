import Foundation

/// A trail read back from a ``FileAuditStore``'s files, with what a crash cut short.
public struct RecoveredTrail: Hashable, Sendable {
    /// A last line of a file that was cut short while it was written, and is left out.
    public struct TornLine: Hashable, Sendable {
        /// The file.
        public var path: String
        /// The line, counted from 1.
        public var line: Int
        /// What was written of it.
        public var text: String

        /// Creates a description of a torn line.
        public init(path: String, line: Int, text: String) {
            self.path = path
            self.line = line
            self.text = text
        }
    }

    /// The records of every file, in sequence order.
    public var trail: AuditTrail
    /// The lines left out because a crash cut them short: at most one per file, its last.
    public var tornLines: [TornLine]

    /// Reads the files of `files` that exist, oldest first, as one trail.
    init(files: TrailFiles) throws(AuditTrailError) {
        let paths = files.existing
        guard !paths.isEmpty else {
            throw .unreadableFile(files.current, reason: "there is no such file")
        }
        var records: [AuditRecord] = []
        var places: [(path: String, line: Int)] = []
        var torn: [TornLine] = []
        for path in paths {
            let (fileRecords, lines, tornLine) = try Self.read(path)
            records += fileRecords
            places += lines.map { (path, $0) }
            torn += tornLine.map { [$0] } ?? []
        }
        let order = records.indices.sorted { records[$0].sequence < records[$1].sequence }
        let sorted = order.map { records[$0] }
        let name = { (index: Int) in "'\(places[order[index]].path)' line \(places[order[index]].line)" }
        if let (index, reason) = AuditTrail.firstInconsistency(in: sorted, naming: name) {
            let place = places[order[index]]
            throw .inFile(place.path, .inconsistentLine(place.line, reason: reason))
        }
        trail = AuditTrail(sorted)
        tornLines = torn
    }

    /// The records of one file, with their lines, and its last line if a crash cut it short.
    private static func read(_ path: String) throws(AuditTrailError) -> ([AuditRecord], [Int], TornLine?) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path, reason: error.localizedDescription)
        }
        // A crash may cut a character in two: decoding repairs it rather than refusing the file.
        var text = String(decoding: data, as: UTF8.self)
        var torn: TornLine?
        if let tail = text.split(separator: "\n", omittingEmptySubsequences: false).last, !tail.isEmpty,
            (try? AuditTrail.decode(jsonLines: String(tail))) == nil
        {
            let line = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            torn = TornLine(path: path, line: line, text: String(tail))
            text.removeLast(tail.count)
        }
        do {
            let (records, lines) = try AuditTrail.decode(jsonLines: text)
            return (records, lines, torn)
        } catch {
            throw .inFile(path, error)
        }
    }
}
