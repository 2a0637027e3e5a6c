// The code of the article's sections on faults, exhaustivity, typed expectations, time and
// golden transcripts, compiled and run.

import BSPCore
import BSPTesting
import Testing

@Test func aFaultIsExpectedOrTheTestFails() {
    let app = TestFabric { RequestNotifier<ServiceRequest, Void>(of: LocationService.uri) }
    app.exercise(app.system, .resolveLocation)  // nobody handles it: a fault
    app.expectFault(NotifierError.unhandledRequest(app.system.uri))
}

@Test func anExhaustiveFabricAccountsForEveryPresentationRequest() async throws {
    let app = try TestFabric(exhaustive: ["/actor/presentation"]) { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)
    app.expect(app.presentation.requests, .show("Darwin"))
    await app.finish()
}

@Test func aTestAcceptsItsArrangementAndSwitchesExhaustivityOffForABlock() async throws {
    let app = try TestFabric(exhaustive: ["/actor/presentation"]) { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)  // arrange: the first location
    app.acceptArrangement()

    app.exercise(app.presentation.events, .showLocationTapped)  // act
    app.expect(app.presentation.requests, .show("Darwin"))
    app.withoutExhaustivity {
        app.exercise(app.presentation.events, .showLocationTapped)  // whatever it shows
    }
    await app.finish()
}

@Test func typedExpectationsAreCheckedByTheCompiler() throws {
    let app = try TestFabric { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)

    app.expect(app.presentation.requests, .show("Darwin"))
    app.expect(app.service.events, "a resolved place") { event in
        if case .resolved = event { true } else { false }
    }
}

@Test func typedExpectationsHaveEveryFormOfTheSubstringOnes() throws {
    let app = try TestFabric(exhaustive: ["/actor/presentation"]) { try LocationApp(locate: { "Darwin" }) }
    for _ in 1...3 { app.exercise(app.presentation.events, .showLocationTapped) }

    app.expect(app.service.events, inOrder: [.resolved("Darwin"), .resolved("Darwin")])
    app.expect(app.presentation.requests, .show("Darwin"), occurrence: .latest)
    app.expect(app.presentation.requests, count: 2, of: .show("Darwin"))
    app.expect(app.service.requests, exactly: [.resolveLocation, .resolveLocation, .resolveLocation])
}

/// The article's main-actor timer: it ticks once a second, on the main actor.
@MainActor
final class MeetingTimer {
    private(set) var secondsElapsed = 0

    func start(on clock: some Clock<Duration>) {
        Task {
            while (try? await clock.sleep(for: .seconds(1))) != nil {
                secondsElapsed += 1
            }
        }
    }
}

@MainActor
@Test func theTimerCountsTheSecondsThatPass() async {
    let clock = ManualClock()
    let timer = MeetingTimer()
    timer.start(on: clock)

    await clock.advance(by: .seconds(3))
    #expect(timer.secondsElapsed == 3)
}

@Test func theWholeRunMatchesItsGoldenTranscript() throws {
    let app = try TestFabric { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)
    app.expectTranscript(matchesGolden: "tap-to-label")
}
