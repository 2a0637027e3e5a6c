import Testing

@testable import BSPCore

@Suite("The ring a queue keeps its notifications in")
struct RingQueueTests {
    @Test func itGivesBackWhatItTookInOrderAcrossGrowthAndWrapping() {
        var queue = RingQueue<Int>()
        var expected: [Int] = []
        var next = 0
        // Interleaved appends and removals move the head around the ring while it grows.
        for round in 1...40 {
            for _ in 0..<(round * 3) {
                queue.append(next)
                expected.append(next)
                next += 1
            }
            for _ in 0..<(round * 2) {
                #expect(queue.popFirst() == expected.removeFirst())
            }
            #expect(queue.count == expected.count)
        }
        #expect(queue.removeAll() == expected)
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
    }

    @Test func removingTheFirstReleasesItAtOnce() {
        final class Tracked {}
        var queue = RingQueue<Tracked>()
        weak var released: Tracked?
        do {
            let tracked = Tracked()
            released = tracked
            queue.append(tracked)
            queue.append(Tracked())
        }
        _ = queue.popFirst()
        #expect(released == nil, "the ring must not keep what it gave back")
        #expect(queue.count == 1)
    }
}
