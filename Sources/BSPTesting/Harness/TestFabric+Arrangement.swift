import BSPCore

extension TestFabric {
    /// Accepts everything recorded so far as the test's arrangement: the notifications that
    /// built the system and brought it to the state the test starts from need no expectation,
    /// exhaustive or not, and later expectations look only at what follows.
    ///
    /// A failure's transcript shows where the arrangement ends:
    ///
    /// ```swift
    /// app.exercise(app.presentation.events, .showLocationRequested)   // arrange
    /// app.acceptArrangement()
    /// app.exercise(app.presentation.events, .showLocationRequested)   // act
    /// app.expect(inOrder: ["resolveLocation", "present(Sydney)"])
    /// ```
    public func acceptArrangement() {
        let lines = transcript.lines(in: .all)
        accept(lines)
        arrangementEnd = lines.last?.sequence
    }

    /// Runs `body` with exhaustivity off: what it records needs no expectation, the changes it
    /// makes to tracked states (``trackState(of:fileID:filePath:line:column:)``) need no
    /// ``expectState(of:_:fileID:filePath:line:column:)``, and what is recorded or changed
    /// after it is checked as before. A change made before it must still be accounted for.
    ///
    /// ```swift
    /// app.withoutExhaustivity {
    ///     for _ in 1...59 { app.exercise(app.clock.ticks, ()) }   // a minute, not of interest
    /// }
    /// app.exercise(app.clock.ticks, ())
    /// app.expectState(of: app.meeting) { $0.secondsElapsed = 60 }
    /// ```
    @discardableResult
    public func withoutExhaustivity<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let before = beginWithoutExhaustivity()
        defer { endWithoutExhaustivity(recordedAfter: before) }
        return try body()
    }

    /// Runs the asynchronous `body` with exhaustivity off, as the synchronous
    /// `withoutExhaustivity(_:)` runs a synchronous one.
    @discardableResult
    nonisolated(nonsending) public func withoutExhaustivity<Result, Failure: Error>(
        _ body: nonisolated(nonsending) () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let before = beginWithoutExhaustivity()
        defer { endWithoutExhaustivity(recordedAfter: before) }
        return try await body()
    }

    /// Fails the state changes made before the block, and returns the last record before it.
    private func beginWithoutExhaustivity() -> UInt64 {
        failUnaccountedStateChanges(at: recorder.currentStep)
        exhaustivityOff += 1
        return recorder.lastSequence
    }

    private func endWithoutExhaustivity(recordedAfter sequence: UInt64) {
        exhaustivityOff -= 1
        acceptRecorded(after: sequence)
        acceptTrackedStates()
    }

    /// Accepts every record made after the record `sequence`, those the fabric has dropped
    /// since included.
    private func acceptRecorded(after sequence: UInt64) {
        let last = recorder.lastSequence
        guard last > sequence else { return }
        accept(((sequence + 1)...last).lazy.map { TranscriptLine(index: -1, sequence: $0, text: "") })
    }
}
