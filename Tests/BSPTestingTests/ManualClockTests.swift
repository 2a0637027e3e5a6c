@_spi(Inspection) import BSPCore
import BSPTesting
import Dispatch
import Testing

/// The Service of ManualClock's documentation: sleeps one second in a loop, then ticks.
private final class Ticker: Sendable {
    let ticks = Locked<[ManualClock.Instant]>([])

    func run(on clock: ManualClock, times: Int) async {
        for _ in 0..<times {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            ticks.withLock { $0.append(clock.now) }
        }
    }
}

/// An executor a test can keep busy, so that a task woken on it cannot run at once.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class BusyableExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "BusyableExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Keeps the executor busy for `duration` of real time, returning once it is.
    func occupy(for duration: Duration) async {
        let started = Locked(false)
        queue.async {
            started.withLock { $0 = true }
            let end = ContinuousClock.now + duration
            while ContinuousClock.now < end {}
        }
        while !started.withLock({ $0 }) { await Task.yield() }
    }
}

/// A ``Ticker`` started on an executor that is kept busy for a while (300 ms unless told) once
/// it sleeps: whatever wakes it in that time, it cannot run until then.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private struct TickerOnABusyExecutor {
    let clock = ManualClock()
    let ticker = Ticker()
    /// Kept here as well as by the task: it must outlive the task's every step.
    let executor = BusyableExecutor()
    let task: Task<Void, Never>

    init(ticking times: Int, busyFor busy: Duration = .milliseconds(300)) async {
        let (clock, ticker) = (clock, ticker)
        task = Task(executorPreference: executor) { await ticker.run(on: clock, times: times) }
        while clock.sleepers < 1 { await Task.yield() }
        await executor.occupy(for: busy)
    }

    func stop() async {
        task.cancel()
        await task.value
    }
}

@Suite("Test clock")
struct ManualClockTests {
    private func started(_ body: @escaping @Sendable () async -> Void, on clock: ManualClock, sleepers: Int = 1) async
        -> Task<Void, Never>
    {
        let task = Task { await body() }
        while clock.sleepers < sleepers { await Task.yield() }
        return task
    }

    @Test("the documentation's example: advancing three seconds runs three ticks, each at its time")
    func threeTicks() async {
        let clock = ManualClock()
        let ticker = Ticker()
        let task = await started({ await ticker.run(on: clock, times: 10) }, on: clock)

        await clock.advance(by: .seconds(3))

        #expect(ticker.ticks.withLock { $0 }.map(\.offset) == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.now == ManualClock.Instant(offset: .seconds(3)))
        task.cancel()
        await task.value
    }

    /// A main-actor timer, as an app's meeting screen has: it loops one-second sleeps and
    /// counts, on the main actor, with the test on the main actor too.
    @MainActor
    final class MainActorTimer {
        private(set) var ticks = 0
        private var task: Task<Void, Never>?

        func start(on clock: ManualClock) {
            task = Task { @MainActor in
                while (try? await clock.sleep(for: .seconds(1))) != nil {
                    ticks += 1
                }
            }
        }

        func stop() async {
            task?.cancel()
            await task?.value
        }
    }

    @MainActor
    @Test("a main-actor timer advanced three seconds from a main-actor test ticks three times")
    func mainActorTimer() async {
        let clock = ManualClock()
        let timer = MainActorTimer()

        timer.start(on: clock)
        await clock.advance(by: .seconds(3))

        #expect(timer.ticks == 3)
        await clock.advance(by: .seconds(2))
        #expect(timer.ticks == 5)
        await timer.stop()
    }

    @MainActor
    @Test("five ticks of a main-actor timer started just before each advance, 200 times: none lost")
    func mainActorTimerRepeated() async {
        for round in 1...200 {
            let clock = ManualClock()
            let timer = MainActorTimer()

            timer.start(on: clock)
            await clock.advance(by: .seconds(5))

            #expect(timer.ticks == 5, "round \(round)")
            await timer.stop()
        }
    }

    @Test("sleepers of different tasks wake in time order, within one advance")
    func timeOrder() async {
        let clock = ManualClock()
        let woken = Locked<[Int]>([])
        var tasks: [Task<Void, Never>] = []
        for seconds in [3, 1, 2] {
            tasks.append(
                Task {
                    try? await clock.sleep(for: .seconds(seconds))
                    woken.withLock { $0.append(seconds) }
                })
        }
        while clock.sleepers < 3 { await Task.yield() }
        await clock.advance(by: .seconds(5))
        #expect(woken.withLock { $0 } == [1, 2, 3])
        for task in tasks { await task.value }
    }

    @Test("run() advances until no sleeper is left")
    func runUntilDone() async {
        let clock = ManualClock()
        let ticker = Ticker()
        let task = await started({ await ticker.run(on: clock, times: 4) }, on: clock)
        #expect(await clock.run(timeout: .seconds(60)) == 0)
        #expect(ticker.ticks.withLock { $0.count } == 4)
        #expect(clock.now == ManualClock.Instant(offset: .seconds(4)))
        await task.value
    }

    @Test("run() gives a task started just before it the turns to begin sleeping")
    func runRightAfterStarting() async {
        let clock = ManualClock()
        let ticker = Ticker()
        let task = Task { await ticker.run(on: clock, times: 3) }

        #expect(await clock.run(timeout: .seconds(60)) == 0)

        #expect(ticker.ticks.withLock { $0.count } == 3)
        task.cancel()
        await task.value
    }

    @Test("run() stops after its timeout when a task never stops sleeping, and says how many are left")
    func runTimesOut() async {
        let clock = ManualClock()
        let ticker = Ticker()
        let task = await started({ await ticker.run(on: clock, times: .max) }, on: clock)
        #expect(await clock.run(timeout: .milliseconds(200)) == 1)
        task.cancel()
        await task.value
    }

    @Test("a sleeper whose executor is busy when it is woken has run before advance(by:) returns")
    func wokenOnABusyExecutor() async {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let busy = await TickerOnABusyExecutor(ticking: 10)

        await busy.clock.advance(by: .seconds(1))

        #expect(busy.ticker.ticks.withLock { $0.count } == 1)
        await busy.stop()
    }

    @Test("run() goes on past a sleeper whose executor is busy when it is woken, until it is done")
    func runPastABusyExecutor() async {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let busy = await TickerOnABusyExecutor(ticking: 2)

        // Generous: tests run in parallel may keep every thread busy for seconds.
        #expect(await busy.clock.run(timeout: .seconds(60)) == 0)

        #expect(busy.ticker.ticks.withLock { $0.count } == 2)
        #expect(busy.clock.now == ManualClock.Instant(offset: .seconds(2)))
        await busy.stop()
    }

    @Test("run()'s timeout counts a sleeper woken on an executor still busy when the clock stops")
    func timeoutWithABusyExecutor() async {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        // Busy far longer than the timeout, so that a machine slowed by the tests running beside
        // this one cannot end the busy spell before the clock stops.
        let busy = await TickerOnABusyExecutor(ticking: .max, busyFor: .seconds(3))

        #expect(await busy.clock.run(timeout: .milliseconds(100)) == 1)

        await busy.stop()
    }

    @Test("run(timeout:) returns at its timeout while the main actor is busy for far longer")
    func runTimesOutWhileTheMainActorIsBusy() async {
        let clock = ManualClock()
        let ticker = Ticker()
        let task = await started({ await ticker.run(on: clock, times: .max) }, on: clock)
        let busy = Locked(false)
        Task { @MainActor in
            busy.withLock { $0 = true }
            let end = ContinuousClock.now + .seconds(2)
            while ContinuousClock.now < end {}
        }
        while !busy.withLock({ $0 }) { await Task.yield() }

        let start = ContinuousClock.now
        await clock.run(timeout: .milliseconds(300))

        // Well under the two seconds the main actor is held for.
        #expect(ContinuousClock.now - start < .milliseconds(1_500))
        task.cancel()
        await task.value
    }

    @Test("a task cancelled before its sleeper is registered does not wait for the clock")
    func cancelledBeforeRegistration() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(1))
                return false
            } catch {
                return error is CancellationError
            }
        }
        #expect(await task.value)
        #expect(clock.sleepers == 0)
    }

    @Test("an immediate clock never waits, and its time passes by what was slept")
    func immediateClock() async throws {
        let clock = FastForwardClock()
        for _ in 0..<1_000 {
            try await clock.sleep(for: .seconds(60))
        }
        #expect(clock.now.offset == .seconds(60_000))
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (try? await clock.sleep(for: .seconds(1))) == nil
        }
        #expect(await cancelled.value)
    }
}
