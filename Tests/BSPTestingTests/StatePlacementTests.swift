@_spi(Inspection) import BSPCore
import BSPTesting
import Testing

/// A clock Service: ticks once a second of its clock, a given number of times.
private final class Ticker: UniqueActor {
    static let uri: ActorURI = "/actor/service/ticker"
    let lifetime = ActorLifetime()
    let ticks = EventNotifier<Void>(of: "/actor/service/ticker", named: "tick")
    let work = OwnedWork(of: Ticker.uri)

    /// Starts ticking in a main-actor task, which the clock lets run at each tick before it
    /// moves on.
    @MainActor
    func start(on clock: ManualClock, ticking count: Int) {
        let ticks = ticks
        work.own(
            Task {
                for _ in 0..<count {
                    do { try await clock.sleep(for: .seconds(1)) } catch { return }
                    ticks.emit(())
                }
            }, named: "ticking")
    }
}

/// A meeting that counts the ticker's ticks and, at `length` of them, ends and dismisses
/// itself: its last change is made in the step that pops it.
private final class MeetingScope: Scope, StatefulActor {
    struct State: Equatable, Sendable {
        var secondsElapsed = 0
        var ended = false
    }

    let uri: ActorURI = "/actor/behaviour/meeting"
    let lifecycle = ScopeLifecycle()
    let ticker: Ticker
    let endTapped = EventNotifier<Void>(of: "/actor/presentation/meeting", named: "end")
    let length: Int
    private(set) var state = State()

    init(ticker: Ticker, length: Int) {
        self.ticker = ticker
        self.length = length
    }

    func activate() {
        ticker.ticks.observe(by: self) { meeting, _ in meeting.tick() }
        endTapped.observe(by: self) { meeting, _ in meeting.end() }
    }

    private func tick() {
        state.secondsElapsed += 1
        if state.secondsElapsed == length { end() }
    }

    private func end() {
        state.ended = true
        lifecycle.dismiss()
    }
}

private struct MeetingApp {
    let ticker = Ticker()
    let stack = ScopeStack(uri: "/actor/behaviour/stack")
    /// The meeting, held by its stack alone, as an app holds its scopes: popped, it is released.
    private(set) weak var meeting: MeetingScope?

    init(length: Int) throws {
        let meeting = MeetingScope(ticker: ticker, length: length)
        try stack.push(meeting)
        self.meeting = meeting
    }
}

/// The one issue `body` records, with where it was recorded.
@MainActor
private func recordedIssue(_ body: @MainActor () async -> Void) async -> (text: String, line: Int?) {
    let found = Locked<(String, Int?)>(("", nil))
    await withKnownIssue {
        await body()
    } matching: { issue in
        found.withLock { $0 = (issue.text, issue.sourceLocation?.line) }
        return true
    }
    return found.withLock { $0 }
}

@MainActor
@Suite("Where an unaccounted change of a tracked state is reported")
struct StatePlacementTests {
    @Test("a change made by a clock advance is reported at the advance, not at the exercise before it")
    func advanceMadeChangeIsReportedAtTheAdvance() async throws {
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try MeetingApp(length: 10) }
        app.trackState(of: app.meeting!)
        app.exercise(app.ticker.ticks, ())
        app.expectState(of: app.meeting!) { $0.secondsElapsed = 1 }
        app.ticker.start(on: clock, ticking: 1)
        while clock.sleepers == 0 { await Task.yield() }

        let advanceLine = #line + 1
        await clock.advance(by: .seconds(1))
        let (text, line) = await recordedIssue { await app.finish() }

        #expect(line == advanceLine)
        #expect(text.contains("The state of /actor/behaviour/meeting changed while the clock advanced"))
        #expect(text.contains("−   secondsElapsed: 1\n+   secondsElapsed: 2"))
    }

    @Test("with nothing exercised, the change is reported at the advance, not where the fabric was made")
    func advanceWithNoExerciseIsReportedAtTheAdvance() async throws {
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try MeetingApp(length: 10) }
        app.trackState(of: app.meeting!)
        app.ticker.start(on: clock, ticking: 2)
        while clock.sleepers == 0 { await Task.yield() }

        let advanceLine = #line + 1
        await clock.advance(by: .seconds(2))
        let (_, line) = await recordedIssue { app.exercise(app.ticker.ticks, ()) }

        #expect(line == advanceLine)
        app.expectState(of: app.meeting!) { $0.secondsElapsed = 3 }
    }

    @Test("a change made by an exercise is still reported at that exercise")
    func exerciseMadeChangeIsReportedAtTheExercise() async throws {
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try MeetingApp(length: 10) }
        app.trackState(of: app.meeting!)

        let exerciseLine = #line + 1
        app.exercise(app.ticker.ticks, ())
        await clock.advance(by: .seconds(5))  // wakes nothing
        let (_, line) = await recordedIssue { await app.finish() }

        #expect(line == exerciseLine)
    }

    @Test("a change expected after the advance passes")
    func expectedAdvanceChangePasses() async throws {
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try MeetingApp(length: 10) }
        app.trackState(of: app.meeting!)
        app.ticker.start(on: clock, ticking: 3)
        while clock.sleepers == 0 { await Task.yield() }

        await clock.advance(by: .seconds(3))

        app.expectState(of: app.meeting!) { $0.secondsElapsed = 3 }
        await app.finish()
    }

    @Test("a scope that changes its state and dismisses itself in the same step is reported at that step")
    func changeOfADismissedScopeIsReported() async throws {
        let app = try TestFabric { try MeetingApp(length: 10) }
        app.trackState(of: app.meeting!)
        let endTapped = app.meeting!.endTapped

        let exerciseLine = #line + 1
        app.exercise(endTapped, ())
        #expect(app.meeting == nil)
        let (text, line) = await recordedIssue { await app.finish() }

        #expect(line == exerciseLine)
        #expect(text.contains("−   ended: false\n+   ended: true"))
    }

    @Test("a scope's last change, expected after it dismissed itself, passes")
    func expectedChangeOfADismissedScopePasses() async throws {
        let app = try TestFabric { try MeetingApp(length: 10) }
        let meeting = try #require(app.meeting)
        app.trackState(of: meeting)

        app.exercise(meeting.endTapped, ())

        app.expectState(of: meeting) { $0.ended = true }
        await app.finish()
    }

    @Test("a scope that the clock ends, and that dismisses itself, is reported at the advance")
    func clockEndedScopeIsReportedAtTheAdvance() async throws {
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try MeetingApp(length: 2) }
        app.trackState(of: app.meeting!)
        app.ticker.start(on: clock, ticking: 2)
        while clock.sleepers == 0 { await Task.yield() }

        let advanceLine = #line + 1
        await clock.advance(by: .seconds(2))
        let (text, line) = await recordedIssue { await app.finish() }

        #expect(line == advanceLine)
        #expect(text.contains("+   ended: true"))
    }
}
