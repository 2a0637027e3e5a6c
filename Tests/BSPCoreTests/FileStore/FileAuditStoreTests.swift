import BSPCore
import Foundation
import Testing

@Suite("File audit store")
struct FileAuditStoreTests {
    @Test("a notification freed once it is written may read the store")
    func aWrittenNotificationMayReadTheStoreAsItIsFreed() async throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")

        let written = try await withTimeout(seconds: 60) {
            guard let store = try? FileAuditStore(url: url) else { return -1 }
            let notifier = EventNotifier<CallsBackWhenFreed>(
                of: "/actor/test", audit: AuditContext(store: store))
            for _ in 0..<100 { notifier.emit(CallsBackWhenFreed { _ = store.droppedCount }) }
            store.flush()
            notifier.emit(CallsBackWhenFreed { _ = store.droppedCount })
            store.flush()
            return (try? FileAuditStore.read(url).trail.records.count) ?? -2
        }

        #expect(written == 101)
    }

    @Test("what was sent reads back as one trail, in sequence order, after a flush")
    func readsBack() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let store = try FileAuditStore(url: folder.file("run.jsonl"))
        emitEvents(1_000, into: store)
        store.flush()

        let recovered = try FileAuditStore.read(folder.file("run.jsonl"))
        #expect(recovered.tornLines.isEmpty)
        #expect(recovered.trail.records.map(\.sequence) == Array(1...1_000))
        #expect(recovered.trail.records.last?.notification == "event 1000")
        #expect(recovered.trail.records.first?.notifier.path == "/actor/writer/notifier/event")
    }

    @Test("records written by hand read as JSONEncoder's sorted keys would have them")
    func linesMatchTheTrailFormat() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let record = AuditRecord(
            sequence: 7, notifier: try NotifierURI(validating: "/actor/a/notifier/request"), variety: .request,
            source: "/actor/b",
            targets: ["/actor/a", "/actor/c"], notification: "quote \" slash / back \\ tab \t nl \n bell \u{07} é 🦊",
            cause: 3, depth: 2, scope: "/actor/b/scope/s", delivery: .dropped,
            stackChange: StackChange(.pushed, "/actor/s"), time: .milliseconds(1_500))
        let store = try FileAuditStore(url: folder.file("run.jsonl"))
        store.record(record)
        store.flush()

        let written = try String(contentsOf: folder.file("run.jsonl"), encoding: .utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(written == String(decoding: try encoder.encode(record), as: UTF8.self) + "\n")
        #expect(try FileAuditStore.read(folder.file("run.jsonl")).trail.records == [record])
    }

    @Test("a full file rotates: at most fileCount files, the newest records kept in order")
    func rotates() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let store = try FileAuditStore(url: url, maxFileBytes: 4_096, fileCount: 3)
        emitEvents(2_000, into: store)
        store.flush()

        #expect(store.files.map(\.lastPathComponent) == ["run.2.jsonl", "run.1.jsonl", "run.jsonl"])
        for file in store.files {
            #expect(try Data(contentsOf: file).count <= 4_096)
        }
        let sequences = try FileAuditStore.read(url).trail.records.map(\.sequence)
        #expect(sequences.last == 2_000)
        #expect(sequences == Array(sequences.first!...2_000))
        #expect(sequences.count < 2_000)
    }

    @Test("a file name without an extension rotates to name.1, name.2")
    func rotatesNamesWithoutExtension() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let store = try FileAuditStore(url: folder.file("trail"), maxFileBytes: 1_024, fileCount: 2)
        emitEvents(100, into: store)
        store.flush()
        #expect(store.files.map(\.lastPathComponent) == ["trail.1", "trail"])
    }

    @Test("with an interval policy, records wait for the interval or a flush")
    func intervalPolicy() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let store = try FileAuditStore(url: url, flushPolicy: .every(.seconds(3_600)))
        emitEvents(10, into: store)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try Data(contentsOf: url).isEmpty)
        store.flush()
        #expect(try FileAuditStore.read(url).trail.records.count == 10)
    }

    @Test("with a short interval, records are written without a flush")
    func shortInterval() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        let store = try FileAuditStore(url: url, flushPolicy: .every(.milliseconds(20)))
        emitEvents(10, into: store)
        // The interval may pass while the ten are being sent: wait for all of them.
        let deadline = Date().addingTimeInterval(30)
        while try FileAuditStore.read(url).trail.records.count < 10, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(try FileAuditStore.read(url).trail.records.count == 10)
        withExtendedLifetime(store) {}
    }

    @Test("releasing the store writes what is pending")
    func releaseWrites() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        do {
            let store = try FileAuditStore(url: url, flushPolicy: .every(.seconds(3_600)))
            emitEvents(25, into: store)
        }
        #expect(try FileAuditStore.read(url).trail.records.count == 25)
    }

    @Test("a new store starts a new trail, replacing the files of the last")
    func newStoreReplaces() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let url = folder.file("run.jsonl")
        do {
            let store = try FileAuditStore(url: url, maxFileBytes: 1_024, fileCount: 4)
            emitEvents(200, into: store)
        }
        let store = try FileAuditStore(url: url, maxFileBytes: 1_024, fileCount: 4)
        emitEvents(3, into: store)
        store.flush()
        #expect(store.files == [url])
        #expect(try FileAuditStore.read(url).trail.records.map(\.notification) == ["event 1", "event 2", "event 3"])
    }

    @Test("a writer far behind drops new records rather than make the sender wait, and says how many")
    func dropsWhenBehind() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let faults = FileFaultLog()
        let store = try FileAuditStore(
            url: folder.file("run.jsonl"), pendingLimit: 1, onFault: faults.handler)
        let emitter = TrailEmitter(into: store)
        emitter.emit(20_000)
        store.flush()
        let dropped = store.droppedCount
        #expect(dropped > 0)
        let written = try FileAuditStore.read(folder.file("run.jsonl")).trail.records.count
        #expect(written + dropped == 20_000)
        withExtendedLifetime(emitter) {}
        emitter.emit(1)
        store.flush()
        let reported = faults.all.reduce(0) { total, fault in
            guard case .recordsDropped(let path, let count) = fault else { return total }
            #expect(path == folder.file("run.jsonl"))
            return total + count
        }
        #expect(reported == dropped)
    }
}

@Suite("File audit store gaps")
struct FileAuditStoreGapTests {
    /// A request whose handler emits an event, so that each event's cause is a record the
    /// writer may have dropped.
    final class Chain {
        let requests: RequestNotifier<Int, Void>
        let events: EventNotifier<Int>

        init(audit: AuditContext) {
            requests = RequestNotifier(of: "/actor/service", audit: audit)
            events = EventNotifier(of: "/actor/service", audit: audit)
            requests.handle(by: self) { chain, value in chain.events.emit(value) }
        }
    }

    @Test func recordsDroppedByAWriterBehindAreReportedAsGapsAndTheTrailStillReads() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let store = try FileAuditStore(url: folder.file("run.jsonl"), pendingLimit: 1, onFault: { _ in })
        let chain = Chain(audit: AuditContext(store: store))
        for value in 0..<10_000 {
            chain.requests.send(value)
        }
        store.flush()
        let dropped = store.droppedCount
        try #require(dropped > 0, "the writer kept up: nothing to read around")

        let recovered = try FileAuditStore.read(folder.file("run.jsonl"))

        #expect(recovered.trail.records.count + dropped == 20_000)
        let lastWritten = recovered.trail.records.last?.sequence ?? 0
        let droppedAfterLast = 20_000 - Int(lastWritten)
        #expect(
            recovered.gaps.reduce(0) { $0 + Int($1.count) } + droppedAfterLast
                + Int((recovered.trail.records.first?.sequence ?? 1) - 1) == dropped)
    }

    @Test func aRecordWhoseCauseWasDroppedIsKeptAndTheGapReported() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let notifier = try NotifierURI(validating: "/actor/service/notifier/event")
        let causes: [UInt64: UInt64] = [5: 3, 9: 8]
        let records = [UInt64(1), 2, 5, 6, 9].map { (sequence: UInt64) -> AuditRecord in
            let cause = causes[sequence]
            return AuditRecord(
                sequence: sequence, notifier: notifier, variety: .event, notification: "n\(sequence)",
                cause: cause, depth: cause == nil ? 0 : 1)
        }
        try AuditTrail(records).write(to: folder.file("run.jsonl"))

        let recovered = try FileAuditStore.read(folder.file("run.jsonl"))

        #expect(recovered.trail.records.map(\.sequence) == [1, 2, 5, 6, 9])
        #expect(recovered.gaps == [RecoveredTrail.Gap(missing: 3...4), RecoveredTrail.Gap(missing: 7...8)])
        #expect(recovered.gaps.map(\.count) == [2, 2])
    }

    @Test func aTrailWithoutGapsReportsNone() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let store = try FileAuditStore(url: folder.file("run.jsonl"))
        emitEvents(50, into: store)
        store.flush()

        #expect(try FileAuditStore.read(folder.file("run.jsonl")).gaps.isEmpty)
    }
}

@Suite("File audit store under load")
struct FileAuditStoreLoadTests {
    @Test("threads sending at once into one store: every record written once")
    func concurrentSenders() async throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let store = try FileAuditStore(url: folder.file("run.jsonl"), maxFileBytes: 64 << 20)
        let audit = AuditContext(store: store)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    let events = EventNotifier<Int>(of: "/actor/writer", named: "thread\(thread)", audit: audit)
                    for value in 0..<2_000 {
                        events.emit(value)
                    }
                }
            }
        }
        store.flush()
        let records = try FileAuditStore.read(folder.file("run.jsonl")).trail.records
        #expect(records.map(\.sequence) == Array(1...8_000))
        #expect(Set(records.map(\.notifier.path)).count == 4)
    }

    @Test("a fault handler that flushes the store does not wait for itself")
    func faultHandlerFlushes() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        let box = StoreBox()
        let faults = FileFaultLog()
        let store = try FileAuditStore(url: folder.file("run.jsonl"), pendingLimit: 1) { fault in
            box.store?.flush()
            faults.handler(fault)
        }
        box.store = store
        TrailEmitter(into: store).emit(20_000)
        store.flush()
        TrailEmitter(into: store).emit(1)
        store.flush()
        #expect(!faults.all.isEmpty)
        box.store = nil
    }
}

/// Lets a fault handler reach the store it was given to.
final class StoreBox: @unchecked Sendable {
    // @unchecked: set before the store runs, cleared after; read by the handler in between.
    var store: FileAuditStore?
}

@Suite("File audit store lifetime")
struct FileAuditStoreLifetimeTests {
    final class Sentinel: Sendable {}

    @Test("a released store lets go of its writer, and of what its fault handler holds")
    func releasedStoreLeavesNothing() throws {
        let folder = try TrailFolder()
        defer { folder.remove() }
        weak var released: Sentinel?
        do {
            let sentinel = Sentinel()
            released = sentinel
            let store = try FileAuditStore(url: folder.file("run.jsonl")) { _ in withExtendedLifetime(sentinel) {} }
            emitEvents(10, into: store)
        }
        // The writer thread lets go of the writer as it ends, just after the store's release returns.
        let deadline = Date().addingTimeInterval(10)
        while released != nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(released == nil)
    }
}
