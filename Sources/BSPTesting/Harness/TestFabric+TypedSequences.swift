import BSPCore

extension TestFabric {
    /// Which of the lines that match a typed expectation it takes.
    public enum Occurrence: Hashable, Sendable {
        /// The one line that matches: several are reported as ambiguous, naming them.
        case only
        /// The latest of the lines that match.
        case latest
        /// The n-th of the lines that match, counted from 1.
        case nth(Int)
    }

    /// Expects these notifications on `notifier`, in lines not yet accounted for, in this order
    /// with any lines between them, and accounts for them.
    ///
    /// ```swift
    /// app.expect(app.presentation.requests, inOrder: [.showSpinner, .present(opera)])
    /// ```
    public func expect<Notifier: ExpectableNotifier>(
        _ notifier: Notifier,
        inOrder expected: [Notifier.Notification],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where Notifier.Notification: Equatable & Sendable {
        let lines = TypedLines<Notifier.Notification>(on: notifier.uri, in: self)
        var start = 0
        let results = expected.map { notification in
            let text = String(describing: notification)
            guard let index = lines.firstIndex(matching: notification, from: start) else {
                return ExpectationResult(text: text, outcome: .missing(closest: lines.closest(to: notification)))
            }
            start = index + 1
            return ExpectationResult(text: text, outcome: .matched(lines.lines[index]))
        }
        conclude(
            MatchReport(
                title: "expect(\(notifier.uri.path), inOrder: …)", filter: lines.filter, results: results,
                unexpected: []),
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the lines on `notifier` not yet accounted for to be exactly these notifications,
    /// in this order: every one of them accounted for.
    public func expect<Notifier: ExpectableNotifier>(
        _ notifier: Notifier,
        exactly expected: [Notifier.Notification],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where Notifier.Notification: Equatable & Sendable {
        let lines = TypedLines<Notifier.Notification>(on: notifier.uri, in: self)
        let results = expected.enumerated().map { index, notification in
            let text = String(describing: notification)
            guard index < lines.lines.count else {
                return ExpectationResult(text: text, outcome: .missing(closest: nil))
            }
            let matches = lines.line(at: index, matches: notification)
            return ExpectationResult(
                text: text, outcome: matches ? .matched(lines.lines[index]) : .mismatched(lines.lines[index]))
        }
        conclude(
            MatchReport(
                title: "expect(\(notifier.uri.path), exactly: …)", filter: lines.filter, results: results,
                unexpected: Array(lines.lines.dropFirst(expected.count))),
            needing: .unaccounted, at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects exactly `count` lines on `notifier` not yet accounted for to be `expected`, and
    /// accounts for them.
    public func expect<Notifier: ExpectableNotifier>(
        _ notifier: Notifier,
        count: Int,
        of expected: Notifier.Notification,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where Notifier.Notification: Equatable & Sendable {
        let lines = TypedLines<Notifier.Notification>(on: notifier.uri, in: self)
        let hits = lines.indices(matching: expected).map { lines.lines[$0] }
        let outcome: ExpectationResult.Outcome =
            hits.count == count
            ? .matched(TranscriptLine(index: -1, sequence: 0, text: "")) : .wrongCount(hits, expected: count)
        let report = MatchReport(
            title: "expect(\(notifier.uri.path), count: \(count), of: …)", filter: lines.filter,
            results: [ExpectationResult(text: String(describing: expected), outcome: outcome)], unexpected: [])
        let location = SourceContext(fileID: fileID, filePath: filePath, line: line, column: column)
        if conclude(report, needing: .unaccounted, at: location) {
            accept(hits)
        }
    }

    /// Expects `expected` on `notifier` in a line not yet accounted for — the only one, the
    /// latest or the n-th of those that match — and accounts for that line.
    ///
    /// ```swift
    /// app.expect(app.presentation.requests, .alert(.speechRecognizerFailed), occurrence: .latest)
    /// ```
    public func expect<Notifier: ExpectableNotifier>(
        _ notifier: Notifier,
        _ expected: Notifier.Notification,
        occurrence: Occurrence,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where Notifier.Notification: Equatable & Sendable {
        let lines = TypedLines<Notifier.Notification>(on: notifier.uri, in: self)
        let hits = lines.indices(matching: expected).map { lines.lines[$0] }
        let chosen: [TranscriptLine] =
            switch occurrence {
            case .only: hits
            case .latest: hits.suffix(1)
            case .nth(let n): n >= 1 && n <= hits.count ? [hits[n - 1]] : []
            }
        let outcome: ExpectationResult.Outcome =
            switch chosen.count {
            case 0: .missing(closest: lines.closest(to: expected))
            case 1: .matched(chosen[0])
            default: .ambiguous(chosen)
            }
        conclude(
            MatchReport(
                title: "expect(\(notifier.uri.path), …, occurrence: \(occurrence))", filter: lines.filter,
                results: [ExpectationResult(text: String(describing: expected), outcome: outcome)], unexpected: []),
            // The only line, or the n-th, is told among all those not accounted for; the latest
            // is the latest kept.
            needing: occurrence == .latest ? .matched : .unaccounted,
            at: SourceContext(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// The lines on one notifier not yet accounted for, with the notification of each where the
/// trail kept it: a typed expectation compares values where it can, text where it must.
struct TypedLines<Notification: Equatable & Sendable> {
    let filter: TranscriptFilter
    let lines: [TranscriptLine]
    private let values: [Notification?]
    private let texts: [String]

    init(on uri: NotifierURI, in fabric: TestFabric<some Any>) {
        filter = .notifier(uri)
        lines = fabric.unaccountedLines(in: filter)
        let records = fabric.transcript.records
        values = lines.map { fabric.recorder.notification($0.sequence) as? Notification }
        texts = lines.map { records[$0.index].notification }
    }

    /// Whether the line at `index` is `expected`: by value if the trail kept it, else by text —
    /// unless the text hides a private field, and so cannot tell one value from another.
    func line(at index: Int, matches expected: Notification) -> Bool {
        if let value = values[index] { return value == expected }
        let text = String(describing: expected)
        return !text.contains("<private>") && texts[index] == text
    }

    func firstIndex(matching expected: Notification, from start: Int) -> Int? {
        (start..<lines.count).first { line(at: $0, matches: expected) }
    }

    func indices(matching expected: Notification) -> [Int] {
        lines.indices.filter { line(at: $0, matches: expected) }
    }

    func closest(to expected: Notification) -> TranscriptLine? {
        TranscriptMatcher.closest(to: String(describing: expected), in: lines)
    }
}
