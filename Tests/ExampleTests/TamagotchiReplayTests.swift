import BSPCore
import BSPTesting
import Testing

@testable import tamagotchi

/// A run of the Tamagotchi recorded with its timing, replayed against its clock Service: the
/// ticks must come where they came in the recording, which only a test clock can bring about.
@MainActor
@Suite("Tamagotchi: a recorded run replayed with its timing")
struct TamagotchiReplayTests {
    /// Ticks every second; the player feeds the creature at 2.5 s, then leaves it for 3 s.
    /// Causes are followed into tasks, as a test fabric follows them: the clock ticks from one.
    static func recordedRun(causeTracking: AuditContext.CauseTracking = .acrossTasks) async throws -> AuditTrail {
        let clock = ManualClock()
        let store = InMemoryAuditStore()
        let audit = AuditContext(store: store, causeTracking: causeTracking, clock: clock)
        let app = try audit.withCurrent { try TamagotchiApp(clock: clock) }
        app.behaviour.start(tickEvery: .seconds(1))
        await clock.advance(by: .milliseconds(2_500))
        app.presentation.feedTapped()
        await clock.advance(by: .seconds(3))
        app.clock.requests.send(.stop)
        return store.trail
    }

    @Test func theRecordingKeepsWhenEachNotificationWasSent() async throws {
        let recording = try await Self.recordedRun()

        let ticks = recording.records.filter { $0.notification == "tick" }.map(\.time)
        #expect(ticks == [.seconds(1), .seconds(2), .seconds(3), .seconds(4), .seconds(5)])
        #expect(recording.records.first { $0.notification == "feedTapped" }?.time == .milliseconds(2_500))
    }

    @Test func theRunReplaysWithTheClockAdvancedBetweenItsNotifications() async throws {
        let recording = try await Self.recordedRun()
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try TamagotchiApp(clock: clock) }

        await app.replay(recording, under: ClockService.uri, advancing: clock) {
            app.behaviour.start(tickEvery: .seconds(1))
        }

        #expect(app.store.records.count == recording.records.count)
        #expect(clock.now.offset == .milliseconds(5_500), "advanced to the stop, the last notification")
        #expect(app.presentation.label == "food 10, CONTENT")
    }

    @Test func withoutTheClockTheReplayFailsAtTheFirstTickItWaitedFor() async throws {
        let recording = try await Self.recordedRun()
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try TamagotchiApp(clock: clock) }

        withKnownIssue {
            app.replay(recording, under: ClockService.uri) {
                app.behaviour.start(tickEvery: .seconds(1))
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("Replay under /actor/service/clock: notification 3 of ")
                && text.contains("was never sent: #3 /actor/service/clock/notifier/event <event>: tick")
        }
    }

    @Test func aTapRecordedASecondLaterComesAfterTheTickDueBeforeIt() async throws {
        var recording = try await Self.recordedRun()
        let tap = try #require(recording.records.firstIndex { $0.notification == "feedTapped" })
        recording.records[tap].time = .milliseconds(3_500)
        try await withKnownIssue {
            try await Self.replay(recording)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("Replay under /actor/service/clock: notification \(tap + 1) of ")
                && text.contains("differs in the notifier")
                && text.contains("recorded  #\(tap + 1) /actor/presentation/notifier/event <event>: feedTapped")
                && text.contains("replayed  #\(tap + 1) /actor/service/clock/notifier/event <event>: tick")
        }
    }

    @Test func aTickThatComesEarlierThanRecordedFailsNamingBothTimes() async throws {
        let recording = Self.shifted(try await Self.recordedRun(), ticksBy: .milliseconds(500))
        try await withKnownIssue {
            try await Self.replay(recording)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("Replay under /actor/service/clock: notification 3 of ")
                && text.contains("differs in the time.")
                && text.contains("sent at 1.0 seconds, recorded at 1.5 seconds (within 0.0 seconds expected)")
        }
    }

    @Test func withinItsToleranceAReplayAcceptsTimesThatDiffer() async throws {
        let recording = Self.shifted(try await Self.recordedRun(), ticksBy: .milliseconds(200))
        let app = try await Self.replay(recording, tolerance: .milliseconds(250))

        #expect(app.store.records.count == recording.records.count)
    }

    @Test func aRecordingThatFollowedCausesOnlyThroughHandlersDiffersInTheCauseOfWhatATaskSent() async throws {
        let recording = try await Self.recordedRun(causeTracking: .synchronous)
        try await withKnownIssue {
            try await Self.replay(recording)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("notification 3 of ") && text.contains("differs in the cause")
        }
    }

    /// Replays `recording` under the clock Service of a new app, on the fabric's test clock,
    /// as the recorded run started it.
    @discardableResult
    static func replay(_ recording: AuditTrail, tolerance: Duration = .zero) async throws -> TestFabric<TamagotchiApp> {
        let clock = ManualClock()
        let app = try TestFabric(clock: clock) { try TamagotchiApp(clock: clock) }
        await app.replay(recording, under: ClockService.uri, advancing: clock, tolerance: tolerance) {
            app.behaviour.start(tickEvery: .seconds(1))
        }
        return app
    }

    /// `recording` with every tick, and what it caused, recorded `delay` later.
    static func shifted(_ recording: AuditTrail, ticksBy delay: Duration) -> AuditTrail {
        var shifted = recording
        var ticks: Set<UInt64> = []
        for index in shifted.records.indices {
            let record = shifted.records[index]
            if record.notification == "tick" || record.cause.map(ticks.contains) == true {
                ticks.insert(record.sequence)
                shifted.records[index].time = record.time.map { $0 + delay }
            }
        }
        return shifted
    }
}
