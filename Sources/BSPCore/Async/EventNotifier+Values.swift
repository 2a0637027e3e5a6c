extension EventNotifier where Event: Sendable {
    /// The events emitted from now on, as an asynchronous sequence:
    ///
    /// ```swift
    /// lifecycle.own(Task {
    ///     for await event in service.events.values() { … }
    /// })
    /// ```
    ///
    /// The sequence ends when the notifier is deallocated. When the consumer stops — its task
    /// cancelled, for example because the scope that owns it deactivated — the observation ends
    /// with the next event.
    ///
    /// - Parameter buffering: What to keep while the consumer is busy.
    public func values(
        buffering: AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: buffering)
        let feed = StreamFeed(continuation)
        continuation.onTermination = { [weak feed] _ in feed?.stop() }
        var registration: Registration?
        registration = observe { [feed] event in
            guard feed.isFeeding else {
                registration?.cancel()
                return
            }
            feed.continuation.yield(event)
        }
        return stream
    }
}

/// The producing end of an event stream: finishes the stream when it is released with the
/// observation that feeds it, and remembers when the consumer has stopped.
private final class StreamFeed<Event: Sendable>: Sendable {
    let continuation: AsyncStream<Event>.Continuation
    private let stopped = Locked(false)

    init(_ continuation: AsyncStream<Event>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }

    var isFeeding: Bool { !stopped.withLock { $0 } }

    func stop() {
        stopped.withLock { $0 = true }
    }
}
