import BSPCore

/// A clock that moves only when the test says so, for Services that wait on time.
///
/// Give the Service a `some Clock<Duration>` and hand it a `TestClock` in tests:
///
/// ```swift
/// let clock = TestClock()
/// let ticker = TickService(clock: clock)      // sleeps with `try await clock.sleep(for: .seconds(1))`
/// clock.advance(by: .seconds(3))              // three ticks are due
/// await app.expectEventually(count: 3, of: "<event>: tick")
/// ```
public final class TestClock: Clock, Sendable {
    /// A point on the test clock: how far it has been advanced.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock started.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    /// Creates a clock at its start.
    public init() {}

    /// The current instant.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest step: the test clock is exact.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock now.
    public var sleepers: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock is advanced to `deadline`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if deadline <= state.now { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume()
        }
        try Task.checkCancellation()
    }

    /// Moves the clock forward, waking every sleeper whose deadline has come, earliest first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: max(.zero, duration))
            let due = state.sleepers.filter { $0.value.deadline <= state.now }.sorted {
                $0.value.deadline < $1.value.deadline
            }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value.continuation)
        }
        for continuation in due {
            continuation.resume()
        }
    }
}
