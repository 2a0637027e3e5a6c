@_spi(Inspection) import BSPCore
import BSPTesting
import TestSupport
import Testing

/// A speech Service that recognizes in a task of its own, as a meeting app's does.
private final class SpeechService: UniqueActor {
    static let uri: ActorURI = "/actor/service/speech"
    let lifetime = ActorLifetime()

    let heard = Locked<[String]>([])
    let work = OwnedWork(of: SpeechService.uri)
    let stopped = Locked(false)

    /// Recognizes for `duration` on `clock`, then reports what it heard.
    func startRecognition(on clock: some Clock<Duration> & Sendable, for duration: Duration) {
        let (heard, stopped) = (heard, stopped)
        work.own(
            Task {
                do {
                    try await clock.sleep(for: duration)
                    heard.withLock { $0.append("hello") }
                } catch {
                    stopped.withLock { $0 = true }
                }
            }, named: "recognition")
    }
}

@Suite("Work an actor owns")
struct OwnedWorkTests {
    @Test("finish() waits for a task the Service started")
    func finishWaitsForIt() async {
        let app = TestFabric { SpeechService() }
        app.system.startRecognition(on: ContinuousClock(), for: .milliseconds(30))

        await app.finish(timeout: livenessBound)

        #expect(app.system.heard.withLock { $0 } == ["hello"])
    }

    @Test("finish() names a task the Service started that has not ended")
    func finishNamesIt() async {
        let app = TestFabric { SpeechService() }
        let clock = ManualClock()
        app.system.startRecognition(on: clock, for: .seconds(10))

        await withKnownIssue {
            await app.finish(timeout: .milliseconds(50))
        } matching: { issue in
            issue.text.contains("work owned by /actor/service/speech: recognition")
        }
        await clock.advance(by: .seconds(10))
        await app.finish(timeout: livenessBound)
    }

    @Test("releasing the actor cancels what it owns")
    func releasingCancels() async throws {
        let clock = ManualClock()
        var service: SpeechService? = SpeechService()
        let stopped = try #require(service).stopped
        service?.startRecognition(on: clock, for: .seconds(10))
        while clock.sleepers == 0 { await Task.yield() }

        service = nil

        let deadline = ContinuousClock.now + .seconds(60)
        while !stopped.withLock({ $0 }), ContinuousClock.now < deadline { await Task.yield() }
        #expect(stopped.withLock { $0 }, "the recognition task was not cancelled")
    }

    @Test("cancelAll() cancels what is running, and it is no longer listed once it has ended")
    func cancelAll() async {
        let clock = ManualClock()
        let service = SpeechService()
        service.startRecognition(on: clock, for: .seconds(10))
        while clock.sleepers == 0 { await Task.yield() }

        service.work.cancelAll()

        let deadline = ContinuousClock.now + .seconds(60)
        while !service.stopped.withLock({ $0 }) || !service.work.running.isEmpty, ContinuousClock.now < deadline {
            await Task.yield()
        }
        #expect(service.stopped.withLock { $0 })
        #expect(service.work.running.isEmpty)
    }
}

@Suite("Work left in flight on purpose")
struct InFlightWorkTests {
    @Test("cancelInFlightWork() ends an actor's running task, and finish() passes")
    func cancellingOwnedWork() async {
        let app = TestFabric { SpeechService() }
        let clock = ManualClock()
        app.system.startRecognition(on: clock, for: .seconds(10))
        while clock.sleepers == 0 { await Task.yield() }

        app.cancelInFlightWork()

        await app.finish(timeout: livenessBound)
        #expect(app.system.stopped.withLock { $0 })
    }

    /// A scope that owns a task which never ends on its own.
    private final class Listening: Scope {
        let uri: ActorURI = "/actor/behaviour/listening"
        let lifecycle = ScopeLifecycle()
        let clock: ManualClock
        init(clock: ManualClock) { self.clock = clock }
        func activate() {
            let clock = clock
            lifecycle.own(Task { while (try? await clock.sleep(for: .seconds(1))) != nil {} })
        }
    }

    @Test("cancelInFlightWork() ends a task a scope on the stack owns, without popping the scope")
    func cancellingScopeWork() async throws {
        let clock = ManualClock()
        let app = try TestFabric {
            let stack = ScopeStack(uri: "/actor/behaviour/stack")
            try stack.push(Listening(clock: clock))
            return stack
        }

        app.cancelInFlightWork()

        await app.finish(timeout: livenessBound)
        #expect(app.system.top?.uri == "/actor/behaviour/listening")
    }
}
