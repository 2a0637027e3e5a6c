/// What became of one expected substring.
struct ExpectationResult {
    enum Outcome {
        /// It matched this line.
        case matched(TranscriptLine)
        /// No line (after the previous match, for an ordered expectation) contains it.
        case missing(closest: TranscriptLine?)
        /// Several lines contain it, so which one it means is unclear.
        case ambiguous([TranscriptLine])
        /// It was not to appear, but these lines contain it.
        case forbidden([TranscriptLine])
        /// These lines contain it, but not the expected number of them.
        case wrongCount([TranscriptLine], expected: Int)
        /// Under `exactly`, the line in its place does not contain it.
        case mismatched(TranscriptLine)
    }

    let text: String
    let outcome: Outcome

    var isSatisfied: Bool {
        if case .matched = outcome { true } else { false }
    }

    /// The lines to mark in the transcript as this expectation's.
    var markedLines: [TranscriptLine] {
        switch outcome {
        case .matched(let line), .mismatched(let line): [line]
        case .ambiguous(let lines), .forbidden(let lines), .wrongCount(let lines, _): lines
        case .missing: []
        }
    }
}

/// The verdict of one expectation over a transcript.
struct MatchReport {
    /// The expectation as the test wrote it, such as `expect(inOrder:)`.
    let title: String
    /// The lines the expectation looked at.
    let filter: TranscriptFilter
    /// One result per expected substring, in the order given.
    let results: [ExpectationResult]
    /// Lines that should have been accounted for and were not.
    let unexpected: [TranscriptLine]
    /// The records the fabric dropped, and how many it keeps, when it dropped any.
    var dropped: (count: Int, capacity: Int)?
    /// How many of the dropped records the expectation needed to see: it cannot pass on what
    /// it never saw.
    var unseen = 0

    var passed: Bool {
        unseen == 0 && unexpected.isEmpty && results.allSatisfy { $0.isSatisfied }
    }
}
