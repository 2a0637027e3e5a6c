import BSPCore

extension TestFabric {
    /// Expects `expected` on `notifier`, in exactly one line not yet accounted for, and
    /// accounts for it: the compiler checks the notification, so renaming a case breaks the
    /// test where it is written rather than when it runs.
    ///
    /// ```swift
    /// app.exercise(app.presentation.events, .showLocationRequested)
    /// app.expect(app.presentation.requests, .present(opera))
    /// ```
    ///
    /// Notifications are compared with `==` as the trail keeps them (a string as its text). A
    /// kept notification is compared as it is now: an object it holds that has
    /// changed since it was sent compares as it is, though the transcript shows it as it was.
    /// Text that shows a `Private` field as `<private>` never matches: it cannot tell
    /// one value from another.
    public func expect<Notifier: ExpectableNotifier>(
        _ notifier: Notifier,
        _ expected: Notifier.Notification,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where Notifier.Notification: Equatable & Sendable {
        let text = String(describing: expected)
        // Text that hides a private field cannot tell one value from another.
        let byText: ((String) -> Bool)? = text.contains("<private>") ? nil : { $0 == text }
        expect(
            on: notifier.uri, described: String(describing: expected), as: Notifier.Notification.self,
            where: { $0 == expected }, byText: byText,
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects a notification on `notifier` that `matches` accepts — a case, and a predicate on
    /// its payload — in exactly one line not yet accounted for, and accounts for it.
    ///
    /// ```swift
    /// app.expect(app.service.events, "a location near Sydney") { event in
    ///     guard case .locationResolved(let place) = event else { return false }
    ///     return abs(place.latitude + 33.86) < 0.1
    /// }
    /// ```
    public func expect<Notifier: ExpectableNotifier>(
        _ notifier: Notifier,
        _ description: String,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        where matches: (Notifier.Notification) -> Bool
    ) where Notifier.Notification: Sendable {
        expect(
            on: notifier.uri, described: description, as: Notifier.Notification.self, where: matches, byText: nil,
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func expect<Notification>(
        on uri: NotifierURI,
        described description: String,
        as type: Notification.Type,
        where matches: (Notification) -> Bool,
        byText matchesText: ((String) -> Bool)?,
        at location: SourceContext
    ) {
        let filter = TranscriptFilter.notifier(uri)
        let lines = unaccountedLines(in: filter)
        let records = transcript.records
        var kept = 0
        let hits = lines.filter { line in
            // A string is kept as its text, which is then the notification itself.
            if let notification = recorder.notification(line.sequence) as? Notification
                ?? records[line.index].notification as? Notification
            {
                kept += 1
                return matches(notification)
            }
            return matchesText?(records[line.index].notification) ?? false
        }
        let outcome: ExpectationResult.Outcome
        switch hits.count {
        case 0: outcome = .missing(closest: TranscriptMatcher.closest(to: description, in: lines))
        case 1: outcome = .matched(hits[0])
        default: outcome = .ambiguous(hits)
        }
        let note =
            kept < lines.count && matchesText == nil
            ? " (\(lines.count - kept) of the \(lines.count) lines on it were kept only as text, which a predicate "
                + "cannot read, nor a private field be compared in)"
            : ""
        conclude(
            MatchReport(
                title: "expect(\(uri.path), …)\(note)", filter: filter,
                results: [ExpectationResult(text: description, outcome: outcome)], unexpected: []),
            needing: .unaccounted, at: location)
    }
}
