/// How alike two texts are, by the pairs of adjacent characters they share (Dice's
/// coefficient over bigrams): cheap enough to rank every line of a long transcript.
struct Similarity {
    private let bigrams: [String: Int]
    private let total: Int

    init(_ text: String) {
        let (bigrams, total) = Similarity.bigrams(of: text)
        self.bigrams = bigrams
        self.total = total
    }

    /// A score from 0 (nothing shared) to 1 (the same pairs).
    func score(against other: String) -> Double {
        guard total > 0 else { return 0 }
        let (theirs, theirTotal) = Similarity.bigrams(of: other)
        var shared = 0
        for (pair, count) in bigrams {
            shared += Swift.min(count, theirs[pair] ?? 0)
        }
        return Double(2 * shared) / Double(total + theirTotal)
    }

    private static func bigrams(of text: String) -> ([String: Int], Int) {
        let characters = Array(text.lowercased())
        var counts: [String: Int] = [:]
        for index in characters.indices.dropLast() {
            counts[String(characters[index...index + 1]), default: 0] += 1
        }
        return (counts, Swift.max(0, characters.count - 1))
    }
}
