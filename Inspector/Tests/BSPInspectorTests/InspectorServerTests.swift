import BSPCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import BSPInspector

/// Runs an inspector of `trail` on a free port for `body`, then stops it.
func withInspector(
    trail: URL, onRefusal: @escaping @Sendable (Refusal) -> Void = { _ in },
    _ body: @escaping @Sendable (HTTPProbe, Inspector) async throws -> Void
) async throws {
    let inspector = Inspector(
        trail: trail, token: AccessToken("0123456789abcdef0123456789abcdef"),
        pollInterval: .milliseconds(10))
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let application = inspector.application(
        onRunning: { continuation.yield($0) }, onRefusal: { refusal, _ in onRefusal(refusal) })
    // Stopped as bsp-inspect stops on a signal: gracefully, which ends every stream.
    let services = ServiceGroup(services: [application], logger: Logger(label: "test"))
    try await withThrowingTaskGroup { group in
        group.addTask { try await services.run() }
        var running = ports.makeAsyncIterator()
        let port = try #require(await running.next())
        try await body(HTTPProbe(port: port), inspector)
        await services.triggerGracefulShutdown()
        try await group.waitForAll()
    }
}

/// A folder of its own under the temporary folder, for one test's trail.
func temporaryTrail() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-inspect-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("run.jsonl")
}

@Suite("The inspector's server")
struct InspectorServerTests {
    static let token = "token=0123456789abcdef0123456789abcdef"

    @Test func thePageAllowsOnlyItsOwnScriptsAndIsNeverCachedFramedOrReferred() async throws {
        try await withInspector(trail: try temporaryTrail()) { probe, _ in
            let answer = try await onAThread { try probe.get("/?\(Self.token)") }
            #expect(answer.status == 200)
            let policy = try #require(
                answer.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-security-policy:") })
            let nonce = try #require(policy.firstMatch(of: /'nonce-([0-9a-f]{32})'/)?.1)
            #expect(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"))
            #expect(answer.contains("<script nonce=\"\(nonce)\">"))
            #expect(!answer.contains("<script>"))
            for header in [
                "Cache-Control: no-store", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer",
                "X-Frame-Options: DENY",
            ] {
                #expect(answer.contains(header))
            }
            #expect(answer.contains("new EventSource(\"events\" + location.search)"))
        }
    }

    @Test func eachPageGetsANonceOfItsOwn() async throws {
        try await withInspector(trail: try temporaryTrail()) { probe, _ in
            let nonces = try await onAThread {
                try (0..<2).map { _ in try probe.get("/?\(Self.token)").firstMatch(of: /nonce-([0-9a-f]{32})/)?.1 }
            }
            #expect(nonces[0] != nil && nonces[0] != nonces[1])
        }
    }

    @Test func theStreamStartsOverThenSendsEachRecordAsItIsWritten() async throws {
        let trail = try temporaryTrail()
        let store = try FileAuditStore(url: trail)
        EventNotifier<Int>(of: "/actor/service", audit: AuditContext(store: store)).emit(1)
        store.flush()
        try await withInspector(trail: trail) { probe, _ in
            let stream = try await onAThread {
                try probe.get("/events?\(Self.token)") { text in
                    // The app writes again once the page has what was there.
                    if text.contains("notification\":\"1\""), !text.contains("notification\":\"2\"") {
                        let handle = try? FileHandle(forWritingTo: trail)
                        _ = try? handle?.seekToEnd()
                        try? handle?.write(contentsOf: Data(#"{"notification":"2","sequence":2}"#.utf8 + [0x0A]))
                        try? handle?.close()
                    }
                    return text.contains("notification\":\"2\"")
                }
            }
            #expect(stream.contains("Content-Type: text/event-stream"))
            let body = try #require(stream.range(of: "\r\n\r\n")).upperBound
            let events = stream[body...]
            let reset = try #require(events.range(of: "event: reset\ndata:\n\n"))
            let first = try #require(events.range(of: "event: lines\ndata: {"))
            let second = try #require(events.range(of: "\"notification\":\"2\""))
            #expect(reset.upperBound <= first.lowerBound && first.upperBound < second.lowerBound)
        }
    }

    @Test func aTrailNotThereYetIsToldThenFollowed() async throws {
        let trail = try temporaryTrail()
        try await withInspector(trail: trail) { probe, _ in
            let stream = try await onAThread {
                try probe.get("/events?\(Self.token)") { $0.contains("event: notice") }
            }
            #expect(
                stream.contains(
                    "event: notice\ndata: Waiting for the trail: there is no regular file at \(trail.path) yet"))
        }
    }

    @Test(arguments: [
        ("GET /events HTTP/1.1\nHost: 127.0.0.1:PORT\n\n", 403, "lacks the token"),
        (
            "GET /events?token=0123456789abcdef0123456789abcdee HTTP/1.1\nHost: 127.0.0.1:PORT\n\n", 403,
            "lacks the token"
        ),
        (
            "GET /events?token=0123456789ABCDEF0123456789ABCDEF HTTP/1.1\nHost: 127.0.0.1:PORT\n\n", 403,
            "lacks the token"
        ),
        ("GET /events?token= HTTP/1.1\nHost: 127.0.0.1:PORT\n\n", 403, "lacks the token"),
        ("GET /?TOKEN HTTP/1.1\nHost: attacker.example:PORT\n\n", 421, "names the host 'attacker.example:PORT'"),
        ("GET /?TOKEN HTTP/1.1\nHost: 127.0.0.1:1\n\n", 421, "names the host"),
        ("GET /?TOKEN HTTP/1.0\n\n", 421, "names the host ''"),
        (
            "GET /?TOKEN HTTP/1.1\nHost: 127.0.0.1:PORT\nOrigin: http://attacker.example\n\n", 403,
            "a page of 'http://attacker.example'"
        ),
        ("GET /?TOKEN HTTP/1.1\nHost: 127.0.0.1:PORT\nOrigin: null\n\n", 403, "a page of 'null'"),
        ("GET /?TOKEN HTTP/1.1\nHost: 127.0.0.1:PORT\nSec-Fetch-Site: cross-site\n\n", 403, "a page of 'cross-site'"),
        ("POST /?TOKEN HTTP/1.1\nHost: 127.0.0.1:PORT\nContent-Length: 0\n\n", 405, "only reads: POST"),
        ("DELETE /events?TOKEN HTTP/1.1\nHost: 127.0.0.1:PORT\n\n", 405, "only reads: DELETE"),
        ("HEAD /?TOKEN HTTP/1.1\nHost: 127.0.0.1:PORT\n\n", 405, "Allow: GET\r\n"),
        ("GET /?TOKEN HTTP/1.1\nHost: 127.0.0.1:PORT\nHost: attacker.example:PORT\n\n", 421, "names the host"),
        ("GET /?TOKEN HTTP/1.1\nHost: attacker.example:PORT\nHost: 127.0.0.1:PORT\n\n", 421, "names the host"),
    ])
    func everyRequestThatIsNotThePagesOwnReadIsRefused(request: String, status: Int, reason: String) async throws {
        let refusals = Mutex<[Refusal]>([])
        let record: @Sendable (Refusal) -> Void = { refusal in refusals.withLock { $0.append(refusal) } }
        try await withInspector(trail: try temporaryTrail(), onRefusal: record) { probe, _ in
            let port = String(probe.port)
            let text = request.replacingOccurrences(of: "PORT", with: port)
                .replacingOccurrences(of: "TOKEN", with: Self.token)
            let answer = try await onAThread {
                try probe.exchange(text) { HTTPProbe.isWhole($0, answering: text) }
            }
            #expect(answer.status == status, "\(answer)")
            #expect(answer.contains(reason.replacingOccurrences(of: "PORT", with: port)), "\(answer)")
            #expect(!answer.contains("0123456789abcdef0123456789abcdef"))
            #expect(!answer.contains("event: reset"))
        }
        #expect(refusals.withLock { $0.count } == 1)
    }

    @Test(arguments: ["/trail.jsonl", "/..%2F..%2Fetc%2Fpasswd", "/events/../../etc/passwd", "/run.1.jsonl"])
    func noPathButThePageAndItsStreamIsServed(path: String) async throws {
        try await withInspector(trail: try temporaryTrail()) { probe, _ in
            let answer = try await onAThread { try probe.get("\(path)?\(Self.token)") }
            #expect(answer.status == 404, "\(answer)")
        }
    }

    @Test func itsOwnOriginAndNamesAreAllowed() async throws {
        try await withInspector(trail: try temporaryTrail()) { probe, _ in
            for (host, origin) in [("127.0.0.1", "http://127.0.0.1"), ("localhost", "http://localhost")] {
                let answer = try await onAThread {
                    try probe.exchange(
                        "GET /?\(Self.token) HTTP/1.1\nHost: \(host):\(probe.port)\nOrigin: \(origin):\(probe.port)\n"
                            + "Sec-Fetch-Site: same-origin\nConnection: close\n\n")
                }
                #expect(answer.status == 200, "\(host)")
            }
        }
    }

    @Test func theAddressCarriesTheToken() {
        let inspector = Inspector(trail: URL(fileURLWithPath: "/tmp/run.jsonl"), token: AccessToken("abc"))
        #expect(inspector.address(port: 8123).absoluteString == "http://127.0.0.1:8123/?token=abc")
    }
}
