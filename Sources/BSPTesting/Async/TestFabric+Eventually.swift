import BSPCore

extension TestFabric {
    /// Waits until the substrings are in lines not yet accounted for, in this order, then
    /// accounts for them; after `timeout`, fails like ``expect(inOrder:in:fileID:filePath:line:column:)``.
    ///
    /// For notifications that arrive asynchronously: from tasks, queued notifiers, clocks.
    nonisolated(nonsending) public func expectEventually(
        inOrder expected: [String],
        in filter: TranscriptFilter = .all,
        timeout: Duration = .seconds(2),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await wait(timeout) { self.wouldPass(inOrder: expected, in: filter) }
        expect(inOrder: expected, in: filter, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits until exactly `count` lines contain `text`, then accounts for them; after
    /// `timeout`, fails like ``expect(count:of:in:fileID:filePath:line:column:)``.
    nonisolated(nonsending) public func expectEventually(
        count: Int,
        of text: String,
        in filter: TranscriptFilter = .all,
        timeout: Duration = .seconds(2),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await wait(timeout) { self.wouldPass(count: count, of: text, in: filter) }
        expect(count: count, of: text, in: filter, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Polls `condition` until it holds or `timeout` passes, letting other tasks run between.
    nonisolated(nonsending) private func wait(_ timeout: Duration, until condition: () -> Bool) async {
        let deadline = ContinuousClock.now + timeout
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
