import BSPCore
import BSPTesting
import Testing

/// The Service of TestClock's documentation: sleeps one second in a loop, then ticks.
private final class Ticker: Sendable {
    let ticks = Locked<[TestClock.Instant]>([])

    func run(on clock: TestClock, times: Int) async {
        for _ in 0..<times {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            ticks.withLock { $0.append(clock.now) }
        }
    }
}

@Suite("Test clock")
struct TestClockTests {
    private func started(_ body: @escaping @Sendable () async -> Void, on clock: TestClock, sleepers: Int = 1) async
        -> Task<Void, Never>
    {
        let task = Task { await body() }
        while clock.sleepers < sleepers { await Task.yield() }
        return task
    }

    @Test("the documentation's example: advancing three seconds runs three ticks, each at its time")
    func threeTicks() async {
        let clock = TestClock()
        let ticker = Ticker()
        let task = await started({ await ticker.run(on: clock, times: 10) }, on: clock)

        await clock.advance(by: .seconds(3))

        #expect(ticker.ticks.withLock { $0 }.map(\.offset) == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
        task.cancel()
        await task.value
    }

    @Test("sleepers of different tasks wake in time order, within one advance")
    func timeOrder() async {
        let clock = TestClock()
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
        let clock = TestClock()
        let ticker = Ticker()
        let task = await started({ await ticker.run(on: clock, times: 4) }, on: clock)
        #expect(await clock.run() == 0)
        #expect(ticker.ticks.withLock { $0.count } == 4)
        #expect(clock.now == TestClock.Instant(offset: .seconds(4)))
        await task.value
    }

    @Test("run() stops after its timeout when a task never stops sleeping, and says how many are left")
    func runTimesOut() async {
        let clock = TestClock()
        let ticker = Ticker()
        let task = await started({ await ticker.run(on: clock, times: .max) }, on: clock)
        #expect(await clock.run(timeout: .milliseconds(200)) == 1)
        task.cancel()
        await task.value
    }

    @Test("a task cancelled before its sleeper is registered does not wait for the clock")
    func cancelledBeforeRegistration() async {
        let clock = TestClock()
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
        let clock = ImmediateClock()
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
