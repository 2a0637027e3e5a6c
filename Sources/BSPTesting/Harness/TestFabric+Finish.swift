import BSPCore

extension TestFabric {
    /// Ends the test's checks: fails for every fault no expectation claimed and, when the
    /// fabric is exhaustive, for every notification under its prefixes that no expectation
    /// accounted for.
    ///
    /// Releasing the fabric runs the same checks if the test did not call this, reporting at
    /// the line that made the fabric; call it to have them reported where the test ends.
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
    /// app.finish()   // fails if the presentation was told anything else
    /// ```
    public func finish(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        check(at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The end-of-test checks, reported at `location`.
    func check(at location: SourceContext) {
        isFinished = true
        failUnclaimedFaults()
        guard !exhaustivePrefixes.isEmpty else { return }
        var unaccounted: [TranscriptLine] = []
        for prefix in exhaustivePrefixes {
            unaccounted += unaccountedLines(in: .under(prefix))
        }
        guard !unaccounted.isEmpty else { return }
        let sorted = Dictionary(unaccounted.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            .values.sorted { $0.index < $1.index }
        let title = "finish(): exhaustive under \(exhaustivePrefixes.map(\.path).joined(separator: ", "))"
        conclude(
            MatchReport(title: title, filter: .all, results: [], unexpected: sorted), at: location)
    }
}
