import BSPCore

extension TestFabric {
    /// One notification an expectation across notifiers names: the notifier, and the value of
    /// its own type expected on it.
    ///
    /// ```swift
    /// app.expect(inOrder: [
    ///     .on(app.service.requests, .resolveLocation),
    ///     .on(app.presentation.requests, .show("Darwin")),
    /// ])
    /// ```
    public struct ExpectedNotification {
        /// How the expectation reads in a failure: the notifier's URI and the value.
        let text: String
        /// The first line not yet accounted for on the notifier, after the record `after`,
        /// that is the value; and, if none is, the closest line on the notifier.
        let find: (_ fabric: TestFabric, _ after: UInt64?) -> (match: TranscriptLine?, closest: TranscriptLine?)

        /// `notification`, on `notifier`: checked by the compiler against what the notifier
        /// carries, and matched by value where the trail kept it.
        public static func on<Notifier: ExpectableNotifier>(
            _ notifier: Notifier, _ notification: Notifier.Notification
        ) -> Self where Notifier.Notification: Equatable & Sendable {
            let uri = notifier.uri
            return Self(text: "\(uri.path): \(String(describing: notification))") { fabric, after in
                let lines = TypedLines<Notifier.Notification>(on: uri, in: fabric)
                let index = lines.lines.indices.first { index in
                    after.map { lines.lines[index].sequence > $0 } ?? true
                        && lines.line(at: index, matches: notification)
                }
                return (index.map { lines.lines[$0] }, lines.closest(to: notification))
            }
        }
    }

    /// Expects these notifications, each on its own notifier, in lines not yet accounted for,
    /// in this order across notifiers, with any lines between them; and accounts for them.
    ///
    /// ```swift
    /// app.expect(inOrder: [
    ///     .on(app.service.requests, .resolveLocation),
    ///     .on(app.presentation.requests, .show("Darwin")),
    /// ])
    /// ```
    ///
    /// The typed counterpart of ``expect(inOrder:in:fileID:filePath:line:column:)``: renaming
    /// a case breaks the test where it is written, rather than a substring that no longer
    /// matches.
    public func expect(
        inOrder expected: [ExpectedNotification],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        var after: UInt64?
        let results = expected.map { notification in
            let (match, closest) = notification.find(self, after)
            guard let match else {
                return ExpectationResult(text: notification.text, outcome: .missing(closest: closest))
            }
            after = match.sequence
            return ExpectationResult(text: notification.text, outcome: .matched(match))
        }
        conclude(
            MatchReport(title: "expect(inOrder: …) across notifiers", filter: .all, results: results, unexpected: []),
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
