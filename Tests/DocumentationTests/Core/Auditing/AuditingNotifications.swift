@_spi(Inspection) import BSPCore
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

@Test func aShippedAppKeepsItsTrailInFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-docs-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for run in 1...2 {
        let url = folder.appendingPathComponent("bsp-trail.jsonl")
        // The last run's trail, crash or not, before a new store replaces it.
        let lastRun = try? FileAuditStore.read(url)
        let store = try FileAuditStore(url: url, maxFileBytes: 1 << 20, fileCount: 4)
        let audit = AuditContext(store: store)

        #expect(lastRun?.trail.records.count == (run == 1 ? nil : 4))
        let app = try audit.withCurrent { try LocationApp() }
        app.presentation.buttonTapped()
        store.flush()
    }
}

/// The portal the article's handler checks credentials with.
final class CredentialChecker {
    private(set) var checked: [String] = []
    func check(user: String, password: String) { checked.append("\(user):\(password)") }
}

@Test func aPrivateFieldIsReadByItsHandlerAndRedactedInTheTrail() {
    let store = InMemoryAuditStore()
    let portal = CredentialChecker()
    AuditContext(store: store).withCurrent {
        enum LogInRequest: Equatable, Sendable {
            case logIn(user: String, password: Private<String>)
        }

        let logIn = RequestNotifier<LogInRequest, Void>(of: "/actor/service", named: "log-in")
        logIn.handle(by: portal) { portal, request in
            if case .logIn(let user, let password) = request {
                portal.check(user: user, password: password.value)
            }
        }
        logIn.send(.logIn(user: "ada", password: "lovelace"))
        // #1 /actor/service/notifier/log-in <request>: logIn(user: "ada", password: <private>)
    }

    #expect(portal.checked == ["ada:lovelace"])
    #expect(
        store.records.map(\.description) == [
            #"#1 /actor/service/notifier/log-in <request>: logIn(user: "ada", password: <private>)"#
        ])
}
