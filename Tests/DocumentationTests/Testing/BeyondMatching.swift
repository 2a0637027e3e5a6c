// The code of the article's sections on faults, exhaustivity, typed expectations, time and
// golden transcripts, compiled and run.

import BSPCore
import BSPTesting
import Testing

@Test func aFaultIsExpectedOrTheTestFails() {
    let app = TestFabric { RequestNotifier<ServiceRequest, Void>(of: LocationService.self) }
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

/// A Service's loop: waits a second on the clock it is given, then ticks.
func tick(on clock: some Clock<Duration>, _ onTick: @Sendable () async -> Void) async {
    while (try? await clock.sleep(for: .seconds(1))) != nil {
        await onTick()
    }
}

actor Ticks {
    var count = 0
    func add() { count += 1 }
}

@Test func aManualClockRunsEverySleeperDueInTheWindow() async {
    let clock = ManualClock()
    let ticks = Ticks()
    let ticker = Task { await tick(on: clock) { await ticks.add() } }
    while clock.sleepers == 0 { await Task.yield() }

    await clock.advance(by: .seconds(3))
    #expect(await ticks.count == 3)

    ticker.cancel()
    await ticker.value
}

@Test func theWholeRunMatchesItsGoldenTranscript() throws {
    let app = try TestFabric { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)
    app.expectTranscript(matchesGolden: "tap-to-label")
}
