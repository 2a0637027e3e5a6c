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

    /// Runs `body` with exhaustivity off: what it records needs no expectation, and what is
    /// recorded after it is checked as before.
    @discardableResult
    public func withoutExhaustivity<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let before = recorder.lastSequence
        defer { acceptRecorded(after: before) }
        return try body()
    }

    /// Runs the asynchronous `body` with exhaustivity off, as the synchronous
    /// `withoutExhaustivity(_:)` runs a synchronous one.
    @discardableResult
    nonisolated(nonsending) public func withoutExhaustivity<Result, Failure: Error>(
        _ body: nonisolated(nonsending) () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let before = recorder.lastSequence
        defer { acceptRecorded(after: before) }
        return try await body()
    }

    /// Accepts every record made after the record `sequence`, those the fabric has dropped
    /// since included.
    private func acceptRecorded(after sequence: UInt64) {
        let last = recorder.lastSequence
        guard last > sequence else { return }
        accept(((sequence + 1)...last).lazy.map { TranscriptLine(index: -1, sequence: $0, text: "") })
    }
}
