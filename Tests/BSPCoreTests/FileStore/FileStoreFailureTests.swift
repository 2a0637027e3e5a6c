import BSPCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("File audit store failures")
struct FileStoreFailureTests {
    @Test("a missing folder is a typed error naming the path")
    func missingFolder() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID())/run.jsonl")
        #expect(throws: FileAuditStoreError.cannotOpen(url, reason: "No such file or directory")) {
            try FileAuditStore(url: url)
        }
    }

    @Test("a path through a file is a typed error naming the path")
    func notAFolder() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        try Data().write(to: folder.file("plain"))
        let url = folder.file("plain").appendingPathComponent("run.jsonl")
        #expect(throws: FileAuditStoreError.cannotOpen(url, reason: "Not a directory")) {
            try FileAuditStore(url: url)
        }
    }

    @Test("no permission is a typed error naming the path")
    func noPermission() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.url.path)
        var url = folder.file("run.jsonl")
        #if os(Linux)
        // Permissions do not stop root; sysfs refuses new files to everyone.
        if getuid() == 0 {
            url = URL(fileURLWithPath: "/sys/bsp-trail-\(UUID()).jsonl")
        }
        #endif
        #expect(throws: FileAuditStoreError.cannotOpen(url, reason: "Permission denied")) {
            try FileAuditStore(url: url)
        }
    }

    #if os(Linux)
    @Test("a full disk is a fault naming the path, reported once, and the app goes on")
    func fullDisk() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        // Writing to /dev/full fails with ENOSPC, as a full disk does.
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/full")
        let faults = FileFaultLog()
        let store = try FileAuditStore(url: url, onFault: faults.handler)
        let emitter = TrailEmitter(into: store)
        for _ in 0..<3 {
            emitter.emit(100)
            store.flush()
        }
        #expect(faults.all == [.cannotWrite(url, reason: "No space left on device")])
    }
    #endif

    /// A store of small rotating files that wrote five records, whose folder was then removed.
    private static func storeWhoseFolderWasRemoved() throws -> (
        folder: TrailFolder, url: URL, faults: FileFaultLog, store: FileAuditStore, emitter: TrailEmitter
    ) {
        let folder = try TrailFolder()
        let url = folder.file("run.jsonl")
        let faults = FileFaultLog()
        let store = try FileAuditStore(url: url, maxFileBytes: 1_024, fileCount: 2, onFault: faults.handler)
        let emitter = TrailEmitter(into: store)
        emitter.emit(5)
        store.flush()
        try FileManager.default.removeItem(at: folder.url)
        return (folder, url, faults, store, emitter)
    }

    @Test("a folder removed while the app runs is a fault, and writing resumes when it is back")
    func folderRemoved() throws {
        let (folder, url, faults, store, emitter) = try Self.storeWhoseFolderWasRemoved()
        defer { folder.remove() }
        emitter.emit(100)
        store.flush()
        #expect(
            faults.all.contains { fault in
                if case .cannotRotate(let path, _) = fault { path == url } else { false }
            }
                || faults.all.contains { fault in
                    if case .cannotOpen(let path, _) = fault { path == url } else { false }
                })

        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        emitter.emit(100)
        store.flush()
        let records = try FileAuditStore.read(url).trail.records
        #expect(records.last?.notification == "event 205")
    }

    @Test("a failure that lasts is reported once until it clears, however many records meet it")
    func aLastingFailureIsReportedOnce() throws {
        let (folder, _, faults, store, emitter) = try Self.storeWhoseFolderWasRemoved()
        defer { folder.remove() }

        for _ in 0..<80 {
            emitter.emit(1)
            store.flush()
        }

        let distinct = Set(faults.all.map { "\($0)" })
        #expect(faults.all.count == distinct.count, "\(faults.all)")
        #expect(!faults.all.isEmpty)
    }
}

@Suite("File store errors in words")
struct FileStoreErrorDescriptionTests {
    @Test("each error is a sentence naming the path")
    func descriptions() {
        #expect(
            "\(FileAuditStoreError.cannotOpen(URL(fileURLWithPath: "/x/run.jsonl"), reason: "No such file or directory"))"
                == "Cannot open the audit trail file '/x/run.jsonl': No such file or directory.")
        #expect(
            "\(FileAuditStoreError.cannotWrite(URL(fileURLWithPath: "/x/run.jsonl"), reason: "No space left on device"))"
                == "Cannot write to the audit trail file '/x/run.jsonl': No space left on device.")
        #expect(
            "\(FileAuditStoreError.cannotRotate(URL(fileURLWithPath: "/x/run.jsonl"), reason: "Permission denied"))"
                == "Cannot rotate the audit trail file '/x/run.jsonl': Permission denied.")
        #expect(
            "\(FileAuditStoreError.recordsDropped(URL(fileURLWithPath: "/x/run.jsonl"), count: 12))"
                == "The writer of '/x/run.jsonl' fell behind: 12 records or replies were dropped.")
        #expect(
            "\(AuditTrailError.inFile(URL(fileURLWithPath: "/x/run.1.jsonl"), .malformedLine(3, reason: "not valid JSON")))"
                == "In '/x/run.1.jsonl': Line 3 of the audit trail is not a valid record: not valid JSON.")
    }
}
