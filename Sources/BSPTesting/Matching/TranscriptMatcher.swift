/// Matches expected substrings against transcript lines. Pure: no reporting, no state.
enum TranscriptMatcher {
    /// Each expected substring is in exactly one line, in any order.
    static func contains(_ expected: [String], in lines: [TranscriptLine]) -> [ExpectationResult] {
        expected.map { text in
            let hits = lines.filter { TextSearch.contains($0.text, text) }
            switch hits.count {
            case 0: return ExpectationResult(text: text, outcome: .missing(closest: closest(to: text, in: lines)))
            case 1: return ExpectationResult(text: text, outcome: .matched(hits[0]))
            default: return ExpectationResult(text: text, outcome: .ambiguous(hits))
            }
        }
    }

    /// The expected substrings are in lines in this order, with any lines between them.
    static func inOrder(_ expected: [String], in lines: [TranscriptLine]) -> [ExpectationResult] {
        var position = lines.startIndex
        return expected.map { text in
            let rest = lines[position...]
            guard let hit = rest.firstIndex(where: { TextSearch.contains($0.text, text) }) else {
                return ExpectationResult(text: text, outcome: .missing(closest: closest(to: text, in: Array(rest))))
            }
            position = hit + 1
            return ExpectationResult(text: text, outcome: .matched(lines[hit]))
        }
    }

    /// Whether `lines` are exactly `expected`: as many, each containing its substring.
    static func allMatch(_ expected: [String], _ lines: [TranscriptLine]) -> Bool {
        // Read in place: zipping the arrays would copy each line and substring, retaining both.
        guard expected.count == lines.count else { return false }
        return lines.withUnsafeBufferPointer { lines in
            expected.withUnsafeBufferPointer { expected in
                lines.indices.allSatisfy { TextSearch.contains(lines[$0].text, expected[$0]) }
            }
        }
    }

    /// Line `i` contains expected substring `i`, and there are no other lines.
    static func exactly(
        _ expected: [String],
        in lines: [TranscriptLine]
    ) -> (results: [ExpectationResult], extra: [TranscriptLine]) {
        let results = expected.enumerated().map { index, text in
            guard index < lines.count else {
                return ExpectationResult(text: text, outcome: .missing(closest: nil))
            }
            let line = lines[index]
            return ExpectationResult(
                text: text, outcome: TextSearch.contains(line.text, text) ? .matched(line) : .mismatched(line))
        }
        return (results, Array(lines.dropFirst(expected.count)))
    }

    /// No line contains any of the substrings.
    static func none(_ forbidden: [String], in lines: [TranscriptLine]) -> [ExpectationResult] {
        forbidden.map { text in
            let hits = lines.filter { TextSearch.contains($0.text, text) }
            return ExpectationResult(text: text, outcome: hits.isEmpty ? .matched(nothing) : .forbidden(hits))
        }
    }

    /// Exactly `count` lines contain the substring.
    static func count(_ count: Int, of text: String, in lines: [TranscriptLine]) -> ExpectationResult {
        let hits = lines.filter { TextSearch.contains($0.text, text) }
        return ExpectationResult(
            text: text, outcome: hits.count == count ? .matched(nothing) : .wrongCount(hits, expected: count))
    }

    /// The line most like `text`, for a miss.
    static func closest(to text: String, in lines: [TranscriptLine]) -> TranscriptLine? {
        let target = Similarity(text)
        var best: (line: TranscriptLine, score: Double)?
        for line in lines {
            let score = target.score(against: line.text)
            if score > (best?.score ?? 0) {
                best = (line, score)
            }
        }
        return best?.line
    }

    /// A stand-in line for expectations satisfied by the absence of lines.
    private static let nothing = TranscriptLine(index: -1, sequence: 0, text: "")
}
