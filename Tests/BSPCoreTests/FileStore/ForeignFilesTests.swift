import BSPCore
import Foundation
import Testing

/// A store touches, and a reader reads, only the files its own settings can have written, and
/// only one store writes a file, whatever the path that names it.
@Suite("Files that are not the trail's own")
struct ForeignFilesTests {
    /// Emits enough records into `store` for it to rotate a few times.
    private func rotateSeveralTimes(_ store: FileAuditStore) {
        let emitter = TrailEmitter(into: store)
        for _ in 0..<12 {
            emitter.emit(40)
            store.flush()
        }
    }

    @Test func rotationLeavesAnArchivedFileOfAHigherGenerationAlone() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let archive = folder.file("run.2024.jsonl")
        try Data("kept\n".utf8).write(to: archive)

        do {
            let store = try FileAuditStore(url: folder.file("run.jsonl"), maxFileBytes: 1024, fileCount: 4)
            rotateSeveralTimes(store)
            #expect(store.files.count == 4)
        }

        #expect(try String(contentsOf: archive, encoding: .utf8) == "kept\n")
    }

    @Test func aReaderLeavesOutAnArchivedFileOfAGenerationNoRotationReached() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        do {
            let store = try FileAuditStore(url: url, maxFileBytes: 1024, fileCount: 4)
            rotateSeveralTimes(store)
        }
        // An older run's file, kept by hand under a name rotation could give it.
        let older = try FileAuditStore.read(url)
        try FileManager.default.copyItem(at: folder.file("run.3.jsonl"), to: folder.file("run.2024.jsonl"))

        let read = try FileAuditStore.read(url)
        let readWithItsCount = try FileAuditStore.read(url, fileCount: 4)

        #expect(read.trail == older.trail)
        #expect(readWithItsCount.trail == older.trail)
    }

    @Test func aSecondStoreThroughASymbolicLinkToTheFileIsRefused() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let link = folder.file("link.jsonl")
        let first = try FileAuditStore(url: url)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)

        #expect(throws: FileAuditStoreError.inUse(link)) { try FileAuditStore(url: link) }

        emitEvents(3, into: first)
        first.flush()
        #expect(try FileAuditStore.read(url).trail.records.count == 3)
    }

    @Test func aSecondStoreThroughASymbolicLinkToTheFolderIsRefused() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let linkedFolder = folder.url.deletingLastPathComponent().appendingPathComponent("bsp-link-\(UUID())")
        try FileManager.default.createSymbolicLink(at: linkedFolder, withDestinationURL: folder.url)
        defer { try? FileManager.default.removeItem(at: linkedFolder) }
        let first = try FileAuditStore(url: folder.file("run.jsonl"))

        let throughLink = linkedFolder.appendingPathComponent("run.jsonl")
        #expect(throws: FileAuditStoreError.inUse(throughLink)) { try FileAuditStore(url: throughLink) }
        withExtendedLifetime(first) {}
    }

    @Test func aSecondStoreThroughAHardLinkToTheFileIsRefused() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let link = folder.file("hard.jsonl")
        let first = try FileAuditStore(url: url)
        emitEvents(3, into: first)
        first.flush()
        try FileManager.default.linkItem(at: url, to: link)

        #expect(throws: FileAuditStoreError.inUse(link)) { try FileAuditStore(url: link) }

        #expect(try FileAuditStore.read(url).trail.records.count == 3)
    }
}

/// A store whose last reference a record holds is let go of on its writer thread.
@Suite("A store released by its own writer")
struct WriterReleasedStoreTests {
    /// A notification that holds the context it is sent in, as a Swift `actor` holding its
    /// notifiers does when it is itself the notification.
    final class HoldsItsContext: Sendable, CustomStringConvertible {
        let audit: AuditContext
        init(_ audit: AuditContext) { self.audit = audit }
        var description: String { "holder" }
    }

    /// Opens a store at `url`, sends one notification holding its context into it, and lets go
    /// of everything but the pending record.
    private static func sendHolder(into url: URL) throws {
        let store = try FileAuditStore(url: url, flushPolicy: .every(.milliseconds(50)))
        let context = AuditContext(store: store)
        EventNotifier<HoldsItsContext>(of: "/actor/holder", audit: context).emit(HoldsItsContext(context))
    }

    @Test func itsPathCanBeOpenedAgainOnceTheWriterHasLetGoOfIt() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")

        try Self.sendHolder(into: url)

        var reopened: FileAuditStore?
        let deadline = ContinuousClock.now + .seconds(5)
        while reopened == nil, ContinuousClock.now < deadline {
            reopened = try? FileAuditStore(url: url)
            if reopened == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(reopened != nil)
    }
}

/// A store never moves or removes what is not a trail file of its own: a device it writes to,
/// or the file another store writes.
@Suite("What a rotation leaves alone")
struct RotationBoundsTests {
    @Test(arguments: [1, 2])
    func aTrailWrittenToADeviceIsNeverRotated(fileCount: Int) throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("null.jsonl")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/null")

        do {
            let store = try FileAuditStore(url: url, maxFileBytes: 1024, fileCount: fileCount)
            let emitter = TrailEmitter(into: store)
            for _ in 0..<10 {
                emitter.emit(30)
                store.flush()
            }
        }

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names == ["null.jsonl"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "/dev/null")
    }

    @Test func aStoreWhoseRotatedFileAnotherStoreWritesIsRefused() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let other = try FileAuditStore(url: folder.file("run.1.jsonl"))
        emitEvents(5, into: other)
        other.flush()

        #expect(throws: FileAuditStoreError.inUse(folder.file("run.1.jsonl"))) {
            try FileAuditStore(url: folder.file("run.jsonl"), maxFileBytes: 1024, fileCount: 4)
        }
        #expect(try FileAuditStore.read(folder.file("run.1.jsonl")).trail.records.count == 5)
    }

    @Test func aRotationOntoAFileAnotherStoreWritesIsAFaultAndMovesNothing() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let faults = FileFaultLog()
        let store = try FileAuditStore(
            url: folder.file("run.jsonl"), maxFileBytes: 1024, fileCount: 4, onFault: faults.handler)
        let other = try FileAuditStore(url: folder.file("run.1.jsonl"))
        emitEvents(5, into: other)
        other.flush()

        let emitter = TrailEmitter(into: store)
        for _ in 0..<5 {
            emitter.emit(30)
            store.flush()
        }

        #expect(faults.all == [.inUse(folder.file("run.1.jsonl"))])
        #expect(try FileAuditStore.read(folder.file("run.1.jsonl")).trail.records.count == 5)
        #expect(try FileAuditStore.read(folder.file("run.jsonl"), fileCount: 1).trail.records.count == 150)
    }
}
