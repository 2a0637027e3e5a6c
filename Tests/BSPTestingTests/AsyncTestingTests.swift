@_spi(Inspection) import BSPCore
import BSPTesting
import Testing

/// A time-based Service: ticks on whatever clock it is given, reporting through a queue.
final class Metronome: Sendable {
    let ticks = QueuedNotifier<Int>(of: "/actor/service/metronome", named: "tick")

    func run(on clock: some Clock<Duration>, beats: Int) async {
        for beat in 1...beats {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            ticks.send(beat)
        }
        ticks.finish()
    }
}

@Suite("Asynchronous testing")
struct AsyncTestingTests {
    @Test func aManualClockMovesOnlyWhenAdvancedAndWakesSleepersInOrder() async {
        let clock = ManualClock()
        let woken = Locked<[Int]>([])
        let sleepers = (1...3).map { seconds in
            Task {
                try? await clock.sleep(for: .seconds(seconds))
                woken.withLock { $0.append(seconds) }
            }
        }
        while clock.sleepers < 3 { await Task.yield() }

        await clock.advance(by: .seconds(2))
        for sleeper in sleepers.prefix(2) { await sleeper.value }
        #expect(woken.withLock { $0 }.sorted() == [1, 2])
        #expect(clock.sleepers == 1)

        sleepers[2].cancel()
        await sleepers[2].value
        #expect(clock.sleepers == 0)
        #expect(clock.now == ManualClock.Instant(offset: .seconds(2)))
    }

    @Test func aServiceOnAManualClockIsDrivenByTheTestAndMatchedWhenItsNotificationsArrive() async {
        let clock = ManualClock()
        let app = TestFabric { Metronome() }
        let service = Task { [metronome = app.system] in await metronome.run(on: clock, beats: 3) }
        let consumer = Task { [ticks = app.system.ticks] in try? await ticks.consume { _ in } }

        // The metronome runs on no actor: one sleep at a time, each waited for, as the clock's
        // documentation says, so that a busy machine cannot make a sleep fall past the window.
        for _ in 1...3 {
            while clock.sleepers == 0 { await Task.yield() }
            await clock.advance(by: .seconds(1))
        }

        await app.expectEventually(inOrder: ["<event>: 1 [queued]", "<event>: 2 [queued]", "<event>: 3 [queued]"])
        app.expectNothingElse(in: .under("/actor/service/metronome"))
        await service.value
        await consumer.value
    }

    /// A Behaviour that answers a tap by fetching in a task of its own.
    @MainActor
    final class Fetcher: BSPActor {
        let uri: ActorURI = "/actor/behaviour"
        let lifetime = ActorLifetime()
        let taps = EventNotifier<String>(of: "/actor/presentation")
        let results = EventNotifier<String>(of: "/actor/behaviour", named: "result")
        private(set) var fetch: Task<Void, Never>?

        init() {
            taps.observe(by: self) { fetcher, tap in
                MainActor.assumeIsolated {
                    fetcher.fetch = Task { @MainActor in
                        await Task.yield()
                        fetcher.results.emit("fetched for \(tap)")
                    }
                }
            }
        }
    }

    @MainActor
    @Test func whatATaskStartedByAHandlerSendsNamesThatHandlersNotificationAsItsCause() async {
        let app = TestFabric { Fetcher() }

        app.exercise(app.taps, "tap")
        await app.fetch?.value

        app.expect(inOrder: ["/actor/behaviour/notifier/result <event>: fetched for tap ← #1"])
    }

    @Test func waitingInVainFailsAfterTheTimeoutWithTheTranscript() async {
        let app = TestFabric { EventNotifier<String>(of: "/actor/service") }
        app.system.emit("early")

        await withKnownIssue {
            await app.expectEventually(inOrder: ["late"], timeout: .milliseconds(50))
        } matching: { issue in
            let text = issue.text
            return text.contains("[1] \"late\" ✗ not found")
                && text.contains("#1 /actor/service/notifier/event <event>: early")
        }
    }
}
