/// The events emitted on a notifier from inside its own delivery, waiting their turn.
@usableFromInline
struct ReentrantQueue<Event> {
    private var items: [(Event, AuditCause?)] = []
    private var nextIndex = 0
    private var runawayReported = false

    /// Whether anything was queued during the current delivery; checked on every send, so it
    /// is a stored flag.
    @usableFromInline private(set) var hasPending = false

    @usableFromInline
    init() {}

    /// How many events were queued during the current delivery.
    var count: Int { items.count }

    mutating func append(_ event: Event, cause: AuditCause?) {
        items.append((event, cause))
        hasPending = true
    }

    /// The next event to deliver, oldest first.
    mutating func next() -> (Event, AuditCause?)? {
        guard nextIndex < items.count else { return nil }
        defer { nextIndex += 1 }
        return items[nextIndex]
    }

    /// Returns `true` the first time it is called within a delivery, so a runaway cycle is
    /// reported once rather than once per dropped event.
    mutating func markRunawayReported() -> Bool {
        defer { runawayReported = true }
        return !runawayReported
    }

    /// Empties the queue at the end of a delivery, keeping no events alive.
    mutating func reset() {
        if !items.isEmpty {
            items.removeAll()
        }
        nextIndex = 0
        runawayReported = false
        hasPending = false
    }
}
