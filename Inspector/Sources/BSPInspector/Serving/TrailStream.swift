import Hummingbird
import ServiceLifecycle

/// One page's stream: what its follower finds, as events, until the page goes or the server
/// stops — a stream never ends by itself, so it ends when the server shuts down gracefully,
/// which waits for every answer to end.
struct TrailStream {
    let follower: TrailFollower
    let pollInterval: Duration
    /// How long an idle stream waits before it tells the page it is still there.
    static let keepAliveInterval = Duration.seconds(15)

    /// Writes a `reset` — the page starts from nothing, as on its first connection — then the
    /// trail's changes, looking again every `pollInterval` when nothing was new.
    ///
    /// The follower reads local files in bounded batches, each read short, so it reads on the
    /// task's own thread; the writer's backpressure paces it to the page.
    func run(into writer: inout any ResponseBodyWriter) async throws {
        try await writer.write(ServerSentEvent.event(of: .reset))
        var quietSince = ContinuousClock.now
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            if let change = follower.next() {
                try await writer.write(ServerSentEvent.event(of: change))
                quietSince = .now
                continue
            }
            if quietSince.duration(to: .now) >= Self.keepAliveInterval {
                try await writer.write(ServerSentEvent.keepAlive)
                quietSince = .now
            }
            try await Task.sleep(for: pollInterval)
        }
        try await writer.finish(nil)
    }
}
