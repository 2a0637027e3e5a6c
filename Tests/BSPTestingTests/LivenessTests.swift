import BSPCore
import BSPTesting
import TestSupport
import Testing

/// A Service with a task that runs until it is cancelled.
private final class Poller: UniqueActor {
    static let uri: ActorURI = "/actor/service/poller"
    let lifetime = ActorLifetime()
    let work = OwnedWork(of: Poller.uri)

    func start(on clock: ManualClock) {
        work.own(
            Task {
                while (try? await clock.sleep(for: .seconds(1))) != nil {}
            }, named: "polling")
    }
}

/// Every place BSPTesting waits, each bounded: a wait that never ends fails its test, with a
/// message, instead of hanging the run.
@Suite("Liveness of BSPTesting's waits")
struct LivenessTests {
    @Test("finish() returns at its timeout, naming the work that never ends")
    func finishReturnsAtItsTimeout() async {
        let clock = ManualClock()
        let app = TestFabric(clock: clock) { Poller() }
        app.system.start(on: clock)

        let returned = await completes("finish(timeout: 100 ms) returning") {
            @MainActor in
            await withKnownIssue {
                await app.finish(timeout: .milliseconds(100))
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("work owned by /actor/service/poller: polling")
            }
            return true
        }
        #expect(returned == true)
    }

    @Test("finish() returns once the system settles")
    func finishReturnsOnceSettled() async {
        let app = TestFabric { Poller() }
        let clock = ManualClock()
        app.system.start(on: clock)
        while clock.sleepers == 0 { await Task.yield() }
        app.system.work.cancelAll()

        let returned = await completes("finish() returning once the work ended") {
            @MainActor in
            await app.finish(timeout: livenessBound)
            return true
        }
        #expect(returned == true)
    }

    @Test("the clock's run(timeout:) returns at its timeout while a task sleeps again and again")
    func clockRunReturnsAtItsTimeout() async {
        let clock = ManualClock()
        let sleeper = Task { while (try? await clock.sleep(for: .seconds(1))) != nil {} }
        while clock.sleepers == 0 { await Task.yield() }

        let left = await completes("run(timeout: 200 ms) returning") {
            await clock.run(timeout: .milliseconds(200))
        }

        #expect(left == 1)
        sleeper.cancel()
    }

    @Test("the clock's advance(by:) returns once its window is spent")
    func clockAdvanceReturns() async {
        let clock = ManualClock()
        let sleeper = Task { while (try? await clock.sleep(for: .seconds(1))) != nil {} }
        while clock.sleepers == 0 { await Task.yield() }

        let now = await completes("advance(by: 1 hour) returning") {
            await clock.advance(by: .seconds(3_600))
            return clock.now
        }

        #expect(now == ManualClock.Instant(offset: .seconds(3_600)))
        sleeper.cancel()
    }
}
