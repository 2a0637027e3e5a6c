/// A fixed-capacity buffer that overwrites its oldest element when full.
///
/// A store appends to it on every audited send, so it manages its memory itself: an append
/// into a full buffer is one assignment, without the uniqueness check and value-witness calls
/// of an array's subscript. The storage grows by doubling up to the capacity, so a large
/// capacity costs nothing until it is used.
final class RingBuffer<Element> {
    let capacity: Int
    private var storage: UnsafeMutablePointer<Element>
    private var allocated: Int
    /// The number of elements kept.
    private(set) var count = 0
    /// Where the oldest element is, once the buffer is full.
    private var head = 0

    init(capacity: Int) {
        precondition(capacity > 0, "A ring buffer needs room for at least one element.")
        self.capacity = capacity
        allocated = Swift.min(capacity, 1024)
        storage = .allocate(capacity: allocated)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Appends `element`, returning `true` if the oldest element was overwritten to make room.
    func append(_ element: consuming Element) -> Bool {
        if count < capacity {
            if count == allocated {
                grow()
            }
            (storage + count).initialize(to: element)
            count &+= 1
            return false
        }
        (storage + head).pointee = element
        // A comparison rather than `%`: a division costs more than the rest of the append.
        head &+= 1
        if head == capacity {
            head = 0
        }
        return true
    }

    /// The elements, oldest first.
    var elements: [Element] {
        elements(last: count)
    }

    /// The newest `wanted` elements, oldest first.
    func elements(last wanted: Int) -> [Element] {
        // Copied as whole runs: the elements lie in `storage[head..<count]`, then `storage[..<head]`.
        let first = count - wanted
        let olderRun = count - head
        var elements: [Element] = []
        elements.reserveCapacity(wanted)
        if first < olderRun {
            elements.append(contentsOf: UnsafeBufferPointer(start: storage + head + first, count: olderRun - first))
            elements.append(contentsOf: UnsafeBufferPointer(start: storage, count: head))
        } else {
            elements.append(contentsOf: UnsafeBufferPointer(start: storage + (first - olderRun), count: wanted))
        }
        return elements
    }

    /// Changes the element `offset` places from the oldest, in place.
    func modify(at offset: Int, _ change: (inout Element) -> Void) {
        precondition(offset >= 0 && offset < count, "Offset \(offset) is outside a ring buffer of \(count).")
        change(&storage[offset < count - head ? head + offset : offset - (count - head)])
    }

    func removeAll() {
        storage.deinitialize(count: count)
        count = 0
        head = 0
    }

    private func grow() {
        let larger = Swift.min(capacity, allocated * 2)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = moved
        allocated = larger
    }
}
