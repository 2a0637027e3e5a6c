/// The sequence numbers of the lines that expectations have accounted for.
///
/// A context numbers its notifications densely from 1, so a bit per number is smaller and
/// faster than a hash set: `expect(exactly:)` over 100,000 lines accounts for all of them.
struct AccountedSequences {
    private var words: [UInt64] = []
    /// Whether nothing is accounted for yet: matching then skips the check.
    private(set) var isEmpty = true

    func contains(_ sequence: UInt64) -> Bool {
        let (word, bit) = sequence.quotientAndRemainder(dividingBy: 64)
        return word < words.count && words[Int(word)] & (1 << bit) != 0
    }

    mutating func insert(_ sequence: UInt64) {
        let (word, bit) = sequence.quotientAndRemainder(dividingBy: 64)
        if word >= words.count {
            words += repeatElement(0, count: Int(word) + 1 - words.count)
        }
        words[Int(word)] |= 1 << bit
        isEmpty = false
    }

    mutating func formUnion(_ sequences: some Sequence<UInt64>) {
        for sequence in sequences {
            insert(sequence)
        }
    }
}
