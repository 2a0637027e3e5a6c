import BSPCore
import Foundation
import Testing

// The code of the "Auditing Notifications" article, compiled and run.

struct ForwardingAuditStore: AuditStore {
    let write: @Sendable (String) -> Void
    func record(_ record: AuditRecord) {
        write(record.description)
    }
}

@Test func recordingIntoMemoryKeepsTheRun() throws {
    let store = InMemoryAuditStore(capacity: 1_000)
    let app = try AuditContext(store: store).withCurrent { try LocationApp() }
    app.presentation.buttonTapped()
    print(store.records.count, "records,", store.droppedCount, "dropped")

    #expect(store.records.count == 4 && store.droppedCount == 0)
}

@Test func followingCausesAcrossTasksIsAChoice() {
    let store = InMemoryAuditStore()
    let audit = AuditContext(store: store, causeTracking: .acrossTasks)

    #expect(audit.causeTracking == .acrossTasks && audit.isEnabled)
}

@Test func aForwardingStoreSeesEveryRecord() throws {
    let lines = Locked<[String]>([])
    let forwarding = ForwardingAuditStore { line in print(line) }
    let both = TeeAuditStore(InMemoryAuditStore(capacity: 500), forwarding)
    let counting = ForwardingAuditStore { line in lines.withLock { $0.append(line) } }
    let app = try AuditContext(store: TeeAuditStore(both, counting)).withCurrent { try LocationApp() }

    app.presentation.buttonTapped()

    #expect(lines.withLock { $0.count } == 4)
}

@Test func aRunIsSavedAndReadBack() throws {
    let store = InMemoryAuditStore()
    let app = try AuditContext(store: store).withCurrent { try LocationApp() }
    app.presentation.buttonTapped()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-docs-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("run.jsonl")

    try store.trail.write(to: url)  // for example URL(fileURLWithPath: "run.jsonl")
    let trail = try AuditTrail(contentsOf: url)

    #expect(trail == store.trail)
}
