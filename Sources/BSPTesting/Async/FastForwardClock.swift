@_spi(Inspection) import BSPCore

/// A clock whose sleeps return at once, for tests that do not care about time: a Service that
/// waits a second between retries runs its retries without waiting.
///
/// Time still passes on it: each sleep moves ``now`` to the sleep's deadline, so code that
/// measures durations sees the durations it asked for.
///
/// ```swift
/// let service = RetryingService(clock: FastForwardClock())
/// ```
public final class FastForwardClock: Clock, Sendable {
    /// A point on the clock: how far sleeps have moved it.
    public typealias Instant = ManualClock.Instant

    private let current = Locked(Instant(offset: .zero))

    /// Creates a clock at its start.
    public init() {}

    /// The current instant.
    public var now: Instant {
        current.withLock { $0 }
    }

    /// The smallest step: the clock is exact.
    public var minimumResolution: Duration { .zero }

    /// Returns at once, having moved the clock to `deadline` if it was later.
    ///
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
        await Task.yield()
    }
}
