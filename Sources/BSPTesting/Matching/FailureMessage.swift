import BSPCore

/// Renders a failed expectation: what was expected, what each expected substring matched or
/// missed, and the transcript once, with each matched line marked.
enum FailureMessage {
    /// How many transcript lines a message shows at most; the rest are elided around the lines
    /// that matter.
    static let transcriptLimit = 60

    /// - Parameter arrangementEnd: The sequence number of the arrangement's last line, if the
    ///   test accepted one: the transcript shows where it ends.
    static func render(_ report: MatchReport, transcript: Transcript, arrangementEnd: UInt64? = nil) -> String {
        var text = "\(report.title) failed (\(report.filter)).\n"
        if let dropped = report.dropped {
            text += droppedNote(dropped, unseen: report.unseen)
        }
        if !report.results.isEmpty {
            text += "\nExpected:\n"
            for (number, result) in report.results.enumerated() {
                text += "  [\(number + 1)] \(quoted(result.text)) \(verdict(result))\n"
                if readsTheSame(result, in: transcript) {
                    text +=
                        "      It reads the same as that line, yet is not the same value: they differ where the "
                        + "transcript does not show, in a Private field (shown as <private>) or an object's state.\n"
                }
            }
        }
        if !report.unexpected.isEmpty {
            text += "\nNot accounted for:\n"
            text += report.unexpected.map { "  \($0.text)\n" }.joined()
        }
        let arrangement = arrangementEnd.flatMap { end in
            transcript.lines(in: .all).lastIndex { $0.sequence <= end }
        }
        text += "\n" + renderTranscript(transcript, marks: marks(for: report), arrangementEnd: arrangement)
        return text
    }

    /// What the fabric's dropping records means for the failed expectation.
    private static func droppedNote(_ dropped: (count: Int, capacity: Int), unseen: Int) -> String {
        let kept = "The fabric keeps its last \(dropped.capacity) records and dropped \(dropped.count) records"
        let remedy = "Give it room for the whole test: TestFabric(capacity:)."
        guard unseen > 0 else {
            return "\n\(kept): a line among them cannot be matched. \(remedy)\n"
        }
        return "\n\(kept), \(unseen) of which this check needed to see and never did. \(remedy)\n"
    }

    /// Whether an expectation that failed reads exactly as the line it was closest to, or the
    /// line in its place: a value that its text cannot tell from another.
    private static func readsTheSame(_ result: ExpectationResult, in transcript: Transcript) -> Bool {
        let line: TranscriptLine
        switch result.outcome {
        case .missing(let closest?): line = closest
        case .mismatched(let mismatched): line = mismatched
        default: return false
        }
        guard line.index >= 0, line.index < transcript.records.count else { return false }
        return transcript.records[line.index].notification == result.text
    }

    private static func verdict(_ result: ExpectationResult) -> String {
        switch result.outcome {
        case .matched(let line):
            line.index < 0 ? "✓" : "✓ matched #\(line.sequence)"
        case .missing(let closest):
            "✗ not found" + (closest.map { "; closest: \($0.text)" } ?? "")
        case .ambiguous(let lines):
            "✗ ambiguous: matches \(lines.count) lines (\(numbers(lines))); make it more specific, use "
                + "expect(count:of:), or take one with occurrence: .latest or .nth(_:)"
        case .forbidden(let lines):
            "✗ found in \(numbers(lines))"
        case .wrongCount(let lines, let expected):
            "✗ expected \(expected) lines, found \(lines.count)" + (lines.isEmpty ? "" : " (\(numbers(lines)))")
        case .mismatched(let line):
            "✗ not in its line: \(line.text)"
        }
    }

    private static func marks(for report: MatchReport) -> [Int: [String]] {
        var marks: [Int: [String]] = [:]
        for (number, result) in report.results.enumerated() {
            for line in result.markedLines where line.index >= 0 {
                marks[line.index, default: []].append("[\(number + 1)]")
            }
            if case .missing(let closest?) = result.outcome {
                marks[closest.index, default: []].append("closest to [\(number + 1)]")
            }
        }
        for line in report.unexpected {
            marks[line.index, default: []].append("unexpected")
        }
        return marks
    }

    private static func renderTranscript(
        _ transcript: Transcript, marks: [Int: [String]], arrangementEnd: Int?
    ) -> String {
        let lines = transcript.lines
        guard !lines.isEmpty else { return "Transcript: (no notifications)\n" }
        let shown = visibleIndexes(count: lines.count, marked: Set(marks.keys).union(arrangementEnd.map { [$0] } ?? []))
        var text = "Transcript (\(lines.count) notifications):\n"
        var previous = -1
        for index in shown {
            if index > previous + 1 {
                text += "  … \(index - previous - 1) more\n"
            }
            let mark = marks[index].map { "    ◀ " + $0.joined(separator: " ") } ?? ""
            text += "  \(lines[index])\(mark)\n"
            if index == arrangementEnd {
                text += "  ── arrangement accepted by acceptArrangement() ──\n"
            }
            previous = index
        }
        if previous < lines.count - 1 {
            text += "  … \(lines.count - 1 - previous) more\n"
        }
        return text
    }

    /// All lines of a short transcript; of a long one, the first lines and those around marks.
    private static func visibleIndexes(count: Int, marked: Set<Int>) -> [Int] {
        guard count > transcriptLimit else { return Array(0..<count) }
        var shown = Set(0..<10)
        for index in marked {
            shown.formUnion(Swift.max(0, index - 2)...Swift.min(count - 1, index + 2))
        }
        return shown.sorted().prefix(transcriptLimit).map { $0 }
    }

    private static func numbers(_ lines: [TranscriptLine]) -> String {
        lines.map { "#\($0.sequence)" }.joined(separator: ", ")
    }

    /// The expected substring as the test wrote it: a Swift string literal.
    static func quoted(_ text: String) -> String {
        text.debugDescription
    }
}
