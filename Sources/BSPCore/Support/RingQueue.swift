/// A first-in, first-out buffer with constant-time append and removal at any length.
///
/// A queued notifier can build a backlog of any size; removing the first element of an array
/// moves all the others, which makes draining a backlog quadratic. The ring moves nothing: it
/// keeps a head index into storage that doubles when full, and empties a slot as soon as its
/// element is taken, so that nothing given back stays alive.
struct RingQueue<Element> {
    private var slots: [Element?] = []
    /// Where the first element is.
    private var head = 0
    /// How many elements are kept.
    private(set) var count = 0

    /// Whether the ring keeps nothing.
    var isEmpty: Bool { count == 0 }

    /// Appends `element` after the last.
    mutating func append(_ element: Element) {
        if count == slots.count {
            grow()
        }
        slots[slot(at: count)] = element
        count += 1
    }

    /// Removes and returns the first element, or `nil` if there is none.
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let first = slots[head].take()
        head = slot(at: 1)
        count -= 1
        return first
    }

    /// Removes every element and returns them, first to last.
    mutating func removeAll() -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        while let element = popFirst() {
            elements.append(element)
        }
        self = RingQueue()
        return elements
    }

    /// The storage index `offset` places after the head.
    private func slot(at offset: Int) -> Int {
        // A comparison rather than `%`: a division costs more than the rest of an append.
        let index = head + offset
        return index < slots.count ? index : index - slots.count
    }

    private mutating func grow() {
        var larger = [Element?](repeating: nil, count: Swift.max(16, slots.count * 2))
        for offset in 0..<count {
            larger[offset] = slots[slot(at: offset)].take()
        }
        slots = larger
        head = 0
    }
}

extension RingQueue: Sendable where Element: Sendable {}
