@_spi(Inspection) import BSPCore

/// A clock that moves only when the test says so, for Services that wait on time. (Named so
/// that it never clashes with swift-clocks' `TestClock`, which TCA users import beside it.)
///
/// Give the Service a `some Clock<Duration>` and hand it a `ManualClock` in tests:
///
/// ```swift
/// @MainActor
/// @Test func theTimerCountsTheSecondsThatPass() async {
///     let clock = ManualClock()
///     let timer = MeetingTimer()      // a @MainActor timer: sleeps a second, counts, again
///     timer.start(on: clock)
///
///     await clock.advance(by: .seconds(3))
///     #expect(timer.secondsElapsed == 3)
/// }
/// ```
///
/// ``advance(by:fileID:filePath:line:column:)`` moves time forward one due sleeper at a time, in time order: it wakes
/// those due at the earliest deadline, lets the woken tasks run — so that one which sleeps
/// again within the window is woken again — and goes on to the next, until the window is
/// spent. ``run(timeout:fileID:filePath:line:column:)`` advances until no sleeper is left. For tests that do not care
/// about time, a ``FastForwardClock`` never waits at all.
///
/// ``advance(by:fileID:filePath:line:column:)`` and ``run(timeout:fileID:filePath:line:column:)`` run in the caller's isolation and take their turns
/// on the caller's executor. From a `@MainActor` test, a `@MainActor` timer — a task started
/// just before included — runs each time it is woken, up to its next sleep, before the clock
/// moves on: three seconds are three ticks. A woken task on another executor is waited for
/// until it runs again, however busy that executor is — for up to thirty seconds of real time,
/// and never past `run(timeout:)`'s timeout — then the clock passes through the queue of the
/// actor it sleeps on (known when it calls the clock's own `sleep`) and the main actor's. From
/// a test that is not on the main actor, a main-actor timer is usually exact that way, but not
/// always: main-actor work of other tests running at the same time can hold its turn up. Put
/// the test on the timer's actor for exact counts, and wait for ``sleepers`` before advancing
/// a task started on another executor. A task on no actor at all is given a hundred turns to
/// reach its next sleep: on a machine kept busy, it may reach it only once the window is
/// spent, and that sleep is then left for the next advance. Advance such a task one sleep at a
/// time — wait for ``sleepers``, advance to its deadline — or give it an actor.
public final class ManualClock: Clock, Sendable {
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
        /// How to wake the task, once it has suspended: `nil` until then.
        var continuation: CheckedContinuation<Void, Never>?
        /// The actor the sleeping task runs on, where known: once it is woken, the clock waits
        /// for that actor's queue to reach past it.
        let isolation: (any Actor)?
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        /// Sleepers woken, or cancelled, before their tasks suspended: they must not wait.
        var resumeOnAttach: Set<Int> = []
        /// Sleepers woken by the clock whose tasks have not run since: their executors may be
        /// busy, and what they do next (sleep again, or not) is not known yet.
        var wokenNotYetRunning: Set<Int> = []
        /// The actors of the sleepers woken last.
        var wokenIsolations: [any Actor] = []
        /// Where the clock has been advanced from.
        var advances = AdvanceLog()
    }

    private let state = Locked(State())

    /// Creates a clock at its start.
    public init() {}

    /// The current instant.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// When the earliest task sleeping on the clock is due, if one sleeps: how far a replay
    /// may advance before the system's next timer fires.
    var nextDeadline: Instant? {
        state.withLock { $0.sleepers.values.map(\.deadline).min() }
    }

    /// Whether no task sleeps on the clock, and none it woke is still to run: advancing it
    /// then wakes nothing.
    var isIdle: Bool {
        state.withLock { $0.sleepers.isEmpty && $0.wokenNotYetRunning.isEmpty }
    }

    /// The smallest step: the test clock is exact.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock now.
    public var sleepers: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock is advanced to `deadline`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first, or while it sleeps.
    ///
    /// It runs in the caller's isolation, so that the clock knows the actor a woken task goes
    /// back to, and waits for it (see ``advance(by:fileID:filePath:line:column:)``).
    nonisolated(nonsending) public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let isolation = #isolation
        // The sleeper is registered now, before the first suspension, in the caller's
        // isolation: the closures below may run on another executor, later, and a clock that
        // advanced meanwhile would not have seen the task asleep.
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            if deadline <= state.now {
                state.resumeOnAttach.insert(state.nextID)
            } else {
                state.sleepers[state.nextID] = Sleeper(deadline: deadline, continuation: nil, isolation: isolation)
            }
            return state.nextID
        }
        // No check for cancellation first: a task cancelled already takes the same path — the
        // handler below runs at once — and that path is the one the tests exercise.
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.resumeOnAttach.remove(id) != nil || state.sleepers[id] == nil { return true }
                    state.sleepers[id]?.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else { return nil }
                if sleeper.continuation == nil {
                    state.resumeOnAttach.insert(id)
                }
                return sleeper.continuation
            }
            continuation?.resume()
        }
        state.withLock { state in
            state.resumeOnAttach.remove(id)
            state.wokenNotYetRunning.remove(id)
        }
        try Task.checkCancellation()
    }

    /// Suspends for `duration` on the clock, in the caller's isolation, like
    /// ``sleep(until:tolerance:)``.
    nonisolated(nonsending) public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
    }

    /// Moves the clock forward by `duration`: wakes, in time order, every sleeper due within
    /// it — including those that sleep again within it — letting each one's work run before
    /// going on, and returns once the window is spent and the woken tasks have run.
    ///
    /// It runs in the caller's isolation, so that its turns are the caller's executor's: from a
    /// `@MainActor` test, a `@MainActor` timer that it wakes runs, and sleeps again, before the
    /// clock moves on. A task started just before is given turns first, to begin sleeping.
    ///
    /// A ``TestFabric`` given this clock reports what an advance made — a fault, a change of a
    /// tracked state — at the line that called it.
    nonisolated(nonsending) public func advance(
        by duration: Duration,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        state.withLock { $0.advances.begin(at: location) }
        defer { state.withLock { $0.advances.end() } }
        let target = now.advanced(by: max(.zero, duration))
        await letWokenTasksRun(patience: .zero)
        while wakeEarliest(notAfter: target) != nil {
            await letWokenTasksRun()
        }
        state.withLock { $0.now = max($0.now, target) }
        await letWokenTasksRun()
    }

    /// How many times the clock has been advanced, by ``advance(by:fileID:filePath:line:column:)``
    /// or ``run(timeout:fileID:filePath:line:column:)``: a mark to ask
    /// ``advances(after:)`` from.
    var advanceCount: Int {
        state.withLock { $0.advances.count }
    }

    /// Where the clock was advanced from since `mark` (an earlier ``advanceCount``), oldest first,
    /// as far as the clock remembers them.
    func advances(after mark: Int) -> [SourceContext] {
        state.withLock { $0.advances.locations(after: mark) }
    }

    /// Where the advance under way was called, while one is.
    var advancing: SourceContext? {
        state.withLock { $0.advances.current }
    }

    /// Advances until no task sleeps on the clock: every sleeper is woken in time order, and
    /// the work it does runs. A task that sleeps again and again keeps the clock going; after
    /// `timeout` of real time the clock stops, and the sleepers still there are returned.
    ///
    /// - Returns: How many tasks were left on the clock when it stopped — sleeping, or woken
    ///   but not yet run: 0 unless it timed out.
    ///
    /// Like ``advance(by:fileID:filePath:line:column:)``, it runs in the caller's isolation.
    @discardableResult
    nonisolated(nonsending) public func run(
        timeout: Duration = .seconds(5),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Int {
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        state.withLock { $0.advances.begin(at: location) }
        defer { state.withLock { $0.advances.end() } }
        let stop = ContinuousClock.now + timeout
        while ContinuousClock.now < stop {
            let earliest = state.withLock { $0.sleepers.values.map(\.deadline).min() }
            guard let earliest else {
                // A task started just before may not be asleep yet: give it turns first.
                await letWokenTasksRun(patience: .zero, limit: stop)
                if sleepers == 0 { return 0 }
                continue
            }
            _ = wakeEarliest(notAfter: earliest)
            await letWokenTasksRun(patience: stop - ContinuousClock.now, limit: stop)
        }
        // Those woken last may not be sleeping again yet: give them turns, not time (the
        // timeout is spent), and count those not yet run with the sleepers.
        await letWokenTasksRun(patience: .zero, limit: stop)
        return state.withLock { $0.sleepers.count + $0.wokenNotYetRunning.count }
    }

    /// Moves the clock to the earliest deadline not after `limit` and wakes every sleeper due
    /// then; `nil` when none is due by `limit`.
    private func wakeEarliest(notAfter limit: Instant) -> Instant? {
        let (deadline, due) = state.withLock { state -> (Instant?, [CheckedContinuation<Void, Never>]) in
            guard let earliest = state.sleepers.values.map(\.deadline).min(), earliest <= limit else {
                return (nil, [])
            }
            state.now = max(state.now, earliest)
            let due = state.sleepers.filter { $0.value.deadline <= earliest }
            for (id, sleeper) in due {
                state.sleepers[id] = nil
                state.wokenNotYetRunning.insert(id)
                if sleeper.continuation == nil {
                    state.resumeOnAttach.insert(id)
                }
            }
            state.wokenIsolations += due.values.compactMap(\.isolation)
            return (earliest, due.sorted { $0.key < $1.key }.compactMap(\.value.continuation))
        }
        for continuation in due {
            continuation.resume()
        }
        return deadline
    }

    /// Lets tasks woken just now run until they suspend again: waits until every one has
    /// started running — however busy its executor, for up to `patience` of real time — then
    /// gives enough turns of the executor for each to do its work and sleep again, or end.
    /// Nothing here waits past `limit`: a busy actor cannot hold ``run(timeout:fileID:filePath:line:column:)``
    /// past its timeout.
    nonisolated(nonsending) private func letWokenTasksRun(
        patience: Duration = .seconds(30), limit: ContinuousClock.Instant? = nil
    ) async {
        let limit = limit ?? ContinuousClock.now + .seconds(30)
        let givingUp = min(ContinuousClock.now + patience, limit)
        while state.withLock({ !$0.wokenNotYetRunning.isEmpty }), ContinuousClock.now < givingUp {
            await Task.yield()
        }
        // Through the queue of each woken task's actor, and the main actor's: a job enqueued
        // there after the woken tasks' runs after them, so once it has run they have run on,
        // to their next suspension — their next sleep, for a timer.
        let isolations = state.withLock { state in
            defer { state.wokenIsolations = [] }
            return state.wokenIsolations
        }
        // Twice: a task resumed from another thread may reach its actor's queue a moment late.
        for _ in 0..<2 {
            for isolation in isolations {
                await Self.pass(through: isolation, before: limit)
            }
            await Self.pass(through: MainActor.shared, before: limit)
        }
        for _ in 0..<100 {
            await Task.yield()
        }
    }

    /// Returns once the jobs enqueued on `actor` before this call have run, or at `limit`,
    /// whichever comes first: the pass is made by a task of its own, which the caller stops
    /// waiting for.
    nonisolated(nonsending) private static func pass(
        through actor: any Actor, before limit: ContinuousClock.Instant
    ) async {
        let passed = Locked(false)
        Task {
            await pass(through: actor)
            passed.withLock { $0 = true }
        }
        while !passed.withLock({ $0 }), ContinuousClock.now < limit {
            await Task.yield()
        }
    }

    /// Returns once the jobs enqueued on `actor` before this call have run.
    private static func pass(through actor: isolated any Actor) async {}
}
