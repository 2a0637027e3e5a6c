@_spi(Inspection) import BSPCore

extension TestFabric {
    /// Waits until the system has settled — no notification waiting in a queue or being
    /// consumed, no asynchronous request being handled, no task a scope or an actor owns
    /// (`ScopeLifecycle.own(_:)`, `OwnedWork`) still running —
    /// then ends the test's checks: fails for every fault no expectation claimed and, when the
    /// fabric is exhaustive, for every notification under its prefixes that no expectation
    /// accounted for. What is still running after `timeout` fails the test, by name.
    ///
    /// Releasing the fabric runs the same checks (without waiting) if the test did not call
    /// this, reporting at the line that made the fabric; call it to have them reported where
    /// the test ends.
    ///
    /// Exhaustivity is chosen per fabric, for the actors under test, because a fabric usually
    /// holds a whole system: a test of the Behaviour's answer to a tap should not have to
    /// account for every analytics event a Service sends meanwhile. Be exhaustive where the
    /// test's subject lives:
    ///
    /// ```swift
    /// let app = try TestFabric(exhaustive: ["/actor/presentation"]) { try LocationApp() }
    /// app.exercise(app.presentation.events, .showLocationRequested)
    /// app.expect(contains: ["present(Sydney"])
    /// await app.finish()   // fails if the presentation was told anything else
    /// ```
    nonisolated(nonsending) public func finish(
        timeout: Duration = .seconds(5),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        let deadline = ContinuousClock.now + timeout
        while !audit.pendingWork.descriptions.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        let running = audit.pendingWork.descriptions
        if !running.isEmpty {
            TestFailure.record(
                "finish(): the system had not settled after \(timeout); still running:\n"
                    + running.map { "  \($0)\n" }.joined(),
                at: location)
        }
        check(at: location)
    }

    /// Cancels the tasks the system's actors and scopes own that are still running
    /// (`OwnedWork`, `ScopeLifecycle.own(_:)`): a test that leaves work in flight on purpose —
    /// a meeting whose timer still ticks — says so, and ``finish(timeout:fileID:filePath:line:column:)``
    /// then waits only for the cancelled tasks to end. Notifications still queued and
    /// asynchronous requests still being handled are left to finish.
    ///
    /// ```swift
    /// app.exercise(app.meeting.intents, .start)     // the meeting's timer starts ticking
    /// app.expect(contains: ["meetingStarted"])
    /// app.cancelInFlightWork()                      // the test is done with it
    /// await app.finish()
    /// ```
    ///
    /// This is `TestStore.skipInFlightEffects()`: what the cancelled tasks send as they end is
    /// recorded, and checked, like anything else.
    public func cancelInFlightWork() {
        audit.pendingWork.cancelTasks()
    }

    /// The end-of-test checks, reported at `location`: by ``finish()``, or when the fabric was
    /// released without it, which the failure then says.
    func check(at location: SourceContext, releasedWithoutFinish: Bool = false) {
        isFinished = true
        failUnclaimedFaults()
        failUnaccountedStateChanges(at: location)
        guard !exhaustivePrefixes.isEmpty else { return }
        var unaccounted: [TranscriptLine] = []
        for prefix in exhaustivePrefixes {
            unaccounted += unaccountedLines(in: .under(prefix))
        }
        let unseen = exhaustivePrefixes.reduce(0) { $0 + droppedUnaccounted(in: .under($1)) }
        guard !unaccounted.isEmpty || unseen > 0 else { return }
        let sorted = Dictionary(unaccounted.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            .values.sorted { $0.index < $1.index }
        let step = releasedWithoutFinish ? "the fabric, released without finish()" : "finish()"
        let (title, filter) =
            exhaustivePrefixes.count == 1
            ? ("\(step): exhaustive", TranscriptFilter.under(exhaustivePrefixes[0]))
            : ("\(step): exhaustive under \(exhaustivePrefixes.map(\.path).joined(separator: ", "))", .all)
        conclude(
            MatchReport(title: title, filter: filter, results: [], unexpected: sorted), needing: .unaccounted,
            at: location)
    }
}
