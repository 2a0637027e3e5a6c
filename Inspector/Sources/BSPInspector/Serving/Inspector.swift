@_spi(Inspection) import BSPDiagrams
public import Foundation
public import Hummingbird
import Logging

/// The live trail inspector: serves a running app's trail to a browser on this machine as it
/// is written — the viewer page at `/`, the trail as Server-Sent Events at `/events` — and
/// nothing else.
///
/// Safe by default: it listens on 127.0.0.1 only, refuses every request without its token or
/// from another site (``AccessPolicy``), only reads, and reads only the files of the trail
/// named at its start.
public struct Inspector: Sendable {
    /// The trail's current file, as named at the start.
    public let trail: URL
    /// How many files of the trail to read: the store's `fileCount`.
    public let fileCount: Int
    /// The token every request must carry.
    public let token: AccessToken
    /// The port to listen on; 0 for any free one.
    public let port: Int
    /// How long the stream waits before it looks at the trail again when nothing was new.
    public let pollInterval: Duration

    /// An inspector of the trail whose current file is `trail`.
    public init(
        trail: URL, fileCount: Int = 100_000, token: AccessToken = AccessToken(), port: Int = 0,
        pollInterval: Duration = .milliseconds(50)
    ) {
        self.trail = trail
        self.fileCount = fileCount
        self.token = token
        self.port = port
        self.pollInterval = pollInterval
    }

    /// The address to open, token included, once the server listens on `port`.
    public func address(port: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)/?token=\(token)")!
    }

    /// The server, which calls `onRunning` with the port it listens on and tells
    /// `onRefusal` of each request it refused.
    public func application(
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onRefusal: @escaping @Sendable (Refusal, Request) -> Void = { _, _ in }
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "bsp-inspect")
        logger.logLevel = .warning
        return Application(
            router: router(onRefusal: onRefusal),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// The routes, behind the access policy.
    func router(onRefusal: @escaping @Sendable (Refusal, Request) -> Void) -> Router<InspectorContext> {
        let router = Router(context: InspectorContext.self)
        router.add(middleware: AccessPolicy(token: token, onRefusal: onRefusal))
        router.get("/") { _, _ in page() }
        router.get("/events") { _, _ in events() }
        return router
    }

    /// The viewer, whose inline style and scripts alone may run: a nonce for each answer.
    func page() -> Response {
        let nonce = AccessToken().description
        let html = TrailViewer.livePage(title: "bsp-inspect — \(trail.lastPathComponent)", nonce: nonce)
        let policy =
            "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: policy],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The trail from its first line, then each line as it is written: each page that opens
    /// the stream follows the files itself, so a page opened late, or again, sees it all.
    func events() -> Response {
        let (trail, fileCount, pollInterval) = (self.trail, self.fileCount, self.pollInterval)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8"],
            body: ResponseBody { writer in
                try await TrailStream(
                    follower: TrailFollower(url: trail, fileCount: fileCount), pollInterval: pollInterval
                ).run(into: &writer)
            })
    }
}
