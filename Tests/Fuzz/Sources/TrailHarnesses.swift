import BSPCore
import Foundation

/// The trail's readers: one text of JSON Lines, and a set of files.
enum TrailHarnesses {
    /// A trail it reads is the trail it reads back from the JSON Lines it writes.
    static func lines(_ bytes: [UInt8]) {
        guard let trail = try? AuditTrail(jsonLines: String(decoding: bytes, as: UTF8.self)) else { return }
        let again = try? AuditTrail(jsonLines: trail.jsonLines())
        require(again == trail, "a trail read back from the JSON Lines it wrote is the same trail")
    }

    /// The folder the file sets are written into, one per process.
    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// The bytes split at each `0xFF` (never part of UTF-8) into a current file and up to three
    /// rotated ones; read back, records come in sequence order, each number once.
    static func files(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0xFF, maxSplits: 3, omittingEmptySubsequences: false)
        let names = ["run.jsonl", "run.1.jsonl", "run.2.jsonl", "run.3.jsonl"]
        for (index, name) in names.enumerated() {
            let url = folder.appendingPathComponent(name)
            if index < parts.count {
                _ = FileManager.default.createFile(atPath: url.path, contents: Data(parts[index]))
            } else {
                try? FileManager.default.removeItem(at: url)
            }
        }
        guard let recovered = try? FileAuditStore.read(folder.appendingPathComponent("run.jsonl")) else { return }
        let sequences = recovered.trail.records.map(\.sequence)
        require(
            zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 }, "records come in sequence order, once each")
    }
}
