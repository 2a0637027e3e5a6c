/// Where a ``ManualClock`` was advanced from, so that a fabric can report what an advance made
/// at the line that asked for it.
///
/// It remembers the most recent advances only: a test that advances in a loop would otherwise
/// keep every iteration's location.
struct AdvanceLog: Sendable {
    /// How many advances have begun.
    private(set) var count = 0
    /// Where the advance under way was called, while one is.
    private(set) var current: SourceContext?
    /// The most recent advances, by number, oldest first.
    private var recent: [(number: Int, location: SourceContext)] = []
    private static let remembered = 64

    mutating func begin(at location: SourceContext) {
        count += 1
        current = location
        recent.append((count, location))
        if recent.count > Self.remembered {
            recent.removeFirst(recent.count - Self.remembered)
        }
    }

    mutating func end() {
        current = nil
    }

    /// The locations of the advances numbered after `mark`, as far as they are remembered.
    func locations(after mark: Int) -> [SourceContext] {
        recent.filter { $0.number > mark }.map(\.location)
    }
}
