import BSPCore
import BSPTesting
import TestSupport
import Testing

@testable import standup

/// The stand-up's meeting, tested as The Composable Architecture's SyncUps tests its
/// RecordMeeting feature: the timer, the next speaker, ending early with save or discard — with
/// the meeting's state tracked exhaustively, time on a test clock, and the meeting's scope
/// dismissing itself at the end.
@MainActor
@Suite("Stand-up: recording a meeting")
struct StandupTests {
    static let standup = Standup(title: "Daily", attendees: ["Ada", "Grace", "Edsger"], ticksPerAttendee: 2)

    /// The app on a test clock, exhaustive for what the screen and the history are told.
    private static func app(clock: ManualClock) throws -> TestFabric<StandupApp> {
        try TestFabric(exhaustive: ["/actor/presentation", "/actor/service/history"], clock: clock) {
            try StandupApp(clock: clock)
        }
    }

    /// A meeting started on a test clock and tracked, its first screen accepted as the
    /// arrangement.
    private static func startedMeeting() throws -> (ManualClock, TestFabric<StandupApp>, RecordMeetingScope) {
        let clock = ManualClock()
        let app = try Self.app(clock: clock)
        let meeting = try app.system.startMeeting(Self.standup)
        app.trackState(of: meeting)
        app.acceptArrangement()
        return (clock, app, meeting)
    }

    private static func shown(_ speaker: String, _ number: Int, left: Int) -> MeetingScreen.Request {
        .show(MeetingScreen.Shown(speaker: speaker, speakerNumber: number, ticksLeft: left))
    }

    @Test("the timer runs the meeting through every speaker, then saves it and dismisses the scope")
    func theTimerRunsTheMeetingToItsEnd() async throws {
        let clock = ManualClock()
        let app = try Self.app(clock: clock)
        let meeting = try app.system.startMeeting(Self.standup)
        app.trackState(of: meeting)
        app.expect(app.screen.requests, Self.shown("Ada", 1, left: 6))

        await clock.advance(by: .seconds(1))
        app.expectState(of: meeting) { $0.ticksElapsed = 1 }
        await clock.advance(by: .seconds(1))
        app.expectState(of: meeting) {
            $0.ticksElapsed = 2
            $0.speakerIndex = 1
        }
        app.withoutExhaustivity {
            app.expect(app.screen.requests, inOrder: [Self.shown("Ada", 1, left: 5), Self.shown("Grace", 2, left: 4)])
        }

        await clock.advance(by: .seconds(4))

        // The last change the scope made before it dismissed itself, read as it deactivated.
        app.expectState(of: meeting) {
            $0.ticksElapsed = 6
            $0.speakerIndex = 2
        }
        app.expect(inOrder: [
            .on(app.screen.requests, Self.shown("Grace", 2, left: 3)),
            .on(app.screen.requests, Self.shown("Edsger", 3, left: 2)),
            .on(app.screen.requests, Self.shown("Edsger", 3, left: 1)),
            .on(app.history.requests, .save(Meeting(title: "Daily", ticks: 6, ranItsLength: true))),
        ])
        #expect(app.stack.top == nil)
        await app.finish(timeout: livenessBound)
    }

    @Test("next moves to the next speaker, and at the last one asks before ending")
    func nextSpeaker() async throws {
        let (_, app, meeting) = try Self.startedMeeting()

        app.exercise(app.screen.events, .nextTapped)
        app.expectState(of: meeting) {
            $0.speakerIndex = 1
            $0.ticksElapsed = 2
        }
        app.exercise(app.screen.events, .nextTapped)
        app.expectState(of: meeting) {
            $0.speakerIndex = 2
            $0.ticksElapsed = 4
        }
        app.exercise(app.screen.events, .nextTapped)
        app.expectState(of: meeting) { $0.alert = .endMeeting(isDiscardable: false) }

        app.expect(
            app.screen.requests,
            exactly: [
                Self.shown("Grace", 2, left: 4), Self.shown("Edsger", 3, left: 2),
                .alert(.endMeeting(isDiscardable: false)),
            ])
        app.cancelInFlightWork()  // the meeting's timer still ticks; this test is done with it
        await app.finish(timeout: livenessBound)
    }

    @Test("ending early, then saving, saves the meeting as ended early")
    func endMeetingSave() async throws {
        let (clock, app, meeting) = try Self.startedMeeting()

        app.exercise(app.screen.events, .endTapped)
        app.expectState(of: meeting) { $0.alert = .endMeeting(isDiscardable: true) }
        await clock.advance(by: .seconds(3))  // the alert is up: time does not count
        app.exercise(app.screen.events, .alertButtonTapped(.save))

        app.expectState(of: meeting) { $0.alert = nil }
        app.expect(inOrder: [
            .on(app.screen.requests, .alert(.endMeeting(isDiscardable: true))),
            .on(app.history.requests, .save(Meeting(title: "Daily", ticks: 0, ranItsLength: false))),
        ])
        await app.finish(timeout: livenessBound)
    }

    @Test("ending early, then discarding, saves nothing")
    func endMeetingDiscard() async throws {
        let (_, app, meeting) = try Self.startedMeeting()

        app.exercise(app.screen.events, .endTapped)
        app.expectState(of: meeting) { $0.alert = .endMeeting(isDiscardable: true) }
        app.exercise(app.screen.events, .alertButtonTapped(.discard))

        app.expectState(of: meeting) { $0.alert = nil }
        app.expect(app.screen.requests, .alert(.endMeeting(isDiscardable: true)))
        app.expect(none: ["/actor/service/history"])
        #expect(app.history.meetings.isEmpty)
        await app.finish(timeout: livenessBound)
    }

    @Test("a meeting resumed after the alert counts time again")
    func resumeAfterTheAlert() async throws {
        let (clock, app, meeting) = try Self.startedMeeting()

        app.exercise(app.screen.events, .endTapped)
        app.expectState(of: meeting) { $0.alert = .endMeeting(isDiscardable: true) }
        app.exercise(app.screen.events, .alertButtonTapped(.resume))
        app.expectState(of: meeting) { $0.alert = nil }
        await clock.advance(by: .seconds(1))

        app.expectState(of: meeting) { $0.ticksElapsed = 1 }
        app.expect(
            app.screen.requests,
            exactly: [
                .alert(.endMeeting(isDiscardable: true)), .dismissAlert, Self.shown("Ada", 1, left: 5),
            ])
        app.cancelInFlightWork()
        await app.finish(timeout: livenessBound)
    }
}

@Suite("Stand-up: the executable")
struct StandupExecutableTests {
    @Test func theExecutableRunsAMeetingOnARealClockAndSavesIt() throws {
        let output = try run(product: "standup")

        #expect(output.hasPrefix("Ada speaking (1), 9 left\n"))
        #expect(output.contains("(Grace taps NEXT)\nEdsger speaking (3), 3 left\n"))
        #expect(output.hasSuffix("Edsger speaking (3), 1 left\nSaved: Daily, 9 ticks\n"))
    }
}
