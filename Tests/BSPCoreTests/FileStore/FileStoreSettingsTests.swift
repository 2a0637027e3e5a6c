import BSPCore
import Foundation
import Testing

/// Settings a file store cannot keep are refused with a typed error naming the path, and a
/// trail's files are found by looking, not by trying every generation a count allows.
@Suite("File store settings and files")
struct FileStoreSettingsTests {
    @Test(arguments: [(0, 1 << 20), (-1, 1 << 20), (Int.max, 1 << 20), (100_001, 1 << 20), (4, 1_023), (4, -5)])
    func settingsItCannotKeepAreATypedErrorNamingThePath(fileCount: Int, maxFileBytes: Int) throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")

        #expect {
            _ = try FileAuditStore(url: url, maxFileBytes: maxFileBytes, fileCount: fileCount)
        } throws: { error in
            guard case .invalidSettings(let path, let reason)? = error as? FileAuditStoreError else { return false }
            return path == url && !reason.isEmpty
        }
    }

    @Test func aTrailWithAGenerationMissingReadsEveryFileThatIsThere() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        // What a crash between the two renames of a rotation leaves: no run.1.jsonl.
        let records = (1...20).map { sequence in
            AuditRecord(
                sequence: UInt64(sequence), notifier: try! ActorURI("/actor/writer").notifier("event"),
                variety: .event, notification: "event \(sequence)")
        }
        try AuditTrail(Array(records[0..<16])).jsonLines().write(
            to: folder.file("run.2.jsonl"), atomically: true, encoding: .utf8)
        try AuditTrail(Array(records[16...])).jsonLines().write(to: url, atomically: true, encoding: .utf8)

        let read = try FileAuditStore.read(url)

        #expect(read.trail.records.count == 20)
    }

    @Test func aNewStoreRemovesTheRotatedFilesItsSettingsCanHaveWritten() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        for generation in [1, 3, 7] {
            try "{}\n".write(to: folder.file("run.\(generation).jsonl"), atomically: true, encoding: .utf8)
        }
        try "keep\n".write(to: folder.file("run.other.jsonl"), atomically: true, encoding: .utf8)

        let store = try FileAuditStore(url: url, fileCount: 4)
        withExtendedLifetime(store) {}

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        // Generations 1 and 3 are a trail of four files, one missing after a crash; a
        // seventh is beyond what four files reach, and is not the store's.
        #expect(names == ["run.7.jsonl", "run.jsonl", "run.jsonl.lock", "run.other.jsonl"])
    }

    @Test func aSecondStoreOnALiveStoresPathIsATypedErrorAndTheFirstWritesOn() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let first = try FileAuditStore(url: url)

        #expect(throws: FileAuditStoreError.inUse(url)) { try FileAuditStore(url: url) }

        let emitter = TrailEmitter(into: first)
        emitter.emit(3)
        first.flush()
        #expect(try FileAuditStore.read(url).trail.records.count == 3)
    }

    @Test func aPathIsFreeAgainOnceItsStoreIsReleased() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        do {
            let first = try FileAuditStore(url: url)
            withExtendedLifetime(first) {}
        }

        let second = try FileAuditStore(url: url)
        withExtendedLifetime(second) {}
    }
}
