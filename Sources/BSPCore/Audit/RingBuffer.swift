/// A fixed-capacity buffer that overwrites its oldest element when full.
struct RingBuffer<Element> {
    let capacity: Int
    private var storage: ContiguousArray<Element> = []
    private var head = 0

    init(capacity: Int) {
        precondition(capacity > 0, "A ring buffer needs room for at least one element.")
        self.capacity = capacity
        storage.reserveCapacity(Swift.min(capacity, 4096))
    }

    /// Appends `element`, returning `true` if the oldest element was overwritten to make room.
    mutating func append(_ element: consuming Element) -> Bool {
        if storage.count < capacity {
            storage.append(element)
            return false
        }
        storage[head] = element
        // A comparison rather than `%`: a division costs more than the rest of the append.
        head &+= 1
        if head == capacity {
            head = 0
        }
        return true
    }

    /// The elements, oldest first.
    var elements: [Element] {
        Array(storage[head...] + storage[..<head])
    }

    var count: Int { storage.count }

    /// Replaces every element with `transform(element)`, in place.
    mutating func transformAll(_ transform: (Element) -> Element) {
        for index in storage.indices {
            storage[index] = transform(storage[index])
        }
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
    }
}
