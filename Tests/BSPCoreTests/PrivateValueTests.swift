import BSPCore
import Foundation
import Testing

@Suite("Private values in the trail")
struct PrivateValueTests {
    enum Request: Equatable, Sendable {
        case logIn(user: String, password: Private<String>)
    }

    struct Credentials: Equatable, Sendable {
        var user: String
        var key: Private<String>
    }

    /// A class holding a secret: rendered when sent, on the sending thread.
    final class Session: CustomStringConvertible, Sendable {
        let key = Private("k-SESSION-42")
        var description: String { "Session(key: \(key))" }
    }

    @Test func everyRecordShowsARedactionWhereverTheValueSits() {
        let store = InMemoryAuditStore()
        let audit = AuditContext(store: store)
        let requests = EventNotifier<Request>(of: "/actor/service", audit: audit)
        let credentials = EventNotifier<[Credentials?]>(of: "/actor/service", named: "credentials", audit: audit)
        let sessions = EventNotifier<Session>(of: "/actor/service", named: "session", audit: audit)

        requests.emit(.logIn(user: "ada", password: "lovelace"))
        credentials.emit([Credentials(user: "ada", key: Private("k-77")), nil])
        sessions.emit(Session())

        let texts = store.records.map(\.notification)
        #expect(texts[0] == #"logIn(user: "ada", password: <private>)"#)
        #expect(texts[1].contains("key: <private>") && texts[1].contains(#"user: "ada""#))
        #expect(texts[2] == "Session(key: <private>)")
        for secret in ["lovelace", "k-77", "k-SESSION-42"] {
            #expect(!texts.joined().contains(secret))
        }
    }

    @Test func reflectionReachesNoPrivateValue() {
        var dumped = ""
        dump(Credentials(user: "ada", key: "k-77"), to: &dumped)

        #expect(!dumped.contains("k-77"))
        #expect(dumped.contains("<private>"))
        #expect(String(reflecting: Private("k-77")) == "<private>")
    }

    @Test func theCodeThatHandlesTheNotificationReadsTheValueAndComparesIt() {
        let request = Request.logIn(user: "ada", password: "lovelace")
        guard case .logIn(_, let password) = request else { return }

        #expect(password.value == "lovelace")
        #expect(request == .logIn(user: "ada", password: Private("lovelace")))
        #expect(request != .logIn(user: "ada", password: "guess"))
    }

    @Test func aFileTrailNeverHoldsAPrivateValue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-private-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("run.jsonl")
        let store = try FileAuditStore(url: url)
        let requests = EventNotifier<Request>(of: "/actor/service", audit: AuditContext(store: store))

        requests.emit(.logIn(user: "ada", password: "lovelace"))
        store.flush()

        let bytes = try String(contentsOf: url, encoding: .utf8)
        #expect(!bytes.contains("lovelace"))
        #expect(bytes.contains("<private>"))
    }
}
