import BSPCore

extension TestFabric {
    /// Expects a fault equal to `fault` among those no expectation has claimed yet, and claims it.
    ///
    /// A fault fails the test unless the test expects it: a fault that no expectation has
    /// claimed by the next exercise, or by ``finish(timeout:fileID:filePath:line:column:)`` (or the
    /// fabric's release), fails the test at the line of the step it arose in.
    ///
    /// ```swift
    /// app.exercise(app.service.requests, .resolveLocation)
    /// app.expectFault(NotifierError.unhandledRequest(geocoderURI))
    /// ```
    public func expectFault<Fault: Error & Equatable>(
        _ fault: Fault,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let unclaimed = recorder.unclaimedFaults
        guard recorder.claimFault(where: { ($0 as? Fault) == fault }) == nil else { return }
        TestFailure.record(
            "expectFault failed: this fault was not reported: \(fault)"
                + (unclaimed.isEmpty
                    ? " No fault is waiting to be claimed."
                    : "\nFaults waiting to be claimed:\n" + unclaimed.map { "  \($0)\n" }.joined()),
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Claims every fault no expectation has claimed yet and returns them, for the test to
    /// check which they are.
    ///
    /// ```swift
    /// let faults = app.claimFaults()
    /// #expect(faults.count == 2)
    /// ```
    @discardableResult
    public func claimFaults() -> [any Error] {
        recorder.takeUnclaimedFaults().map(\.fault)
    }

    /// Fails the test once for each fault no expectation claimed, at the step it arose in.
    func failUnclaimedFaults() {
        for (fault, step) in recorder.takeUnclaimedFaults() {
            TestFailure.record(
                "A fault no expectation claimed: \(fault)\nIt was reported during this step. Expect it with "
                    + "expectFault(_:), or claim every fault with claimFaults() and check them.",
                at: step)
        }
    }
}
