/// An actor's output: it tells every observer, in registration order, that something happened.
///
/// ```swift
/// let events = EventNotifier<PresentationEvent>(of: "/actor/presentation")
///
/// let token = events.observe(by: behaviour) { intent in
///     print("intent:", intent)
/// }
/// events.emit(.showLocationRequested)   // returns after every observer has run
/// ```
///
/// ## Semantics
///
/// - ``emit(_:)`` is a synchronous push on the caller's thread: it returns after every
///   observer has run.
/// - Observers run in the order they started observing.
/// - Cancelling an observation takes effect at once, even in the middle of a send. An observer
///   added during a send does not receive that send.
/// - Emitting again on the same notifier from inside one of its observers does not nest: the
///   new event is queued and delivered, in order, once every observer has seen the current
///   one, before the outer `emit` returns. So no observer ever sees events out of order.
///   A cycle that keeps re-emitting is cut after ``reentrantSendLimit`` queued events and
///   reported as ``NotifierError/runawayCycle(_:limit:)``.
/// - A handler that emits on *another* notifier runs that delivery at once, depth first.
///
/// A notifier belongs to one isolation domain (it is not `Sendable`); to report events that
/// arrive on other threads, hop to that domain first, for example with
/// `Task { @MainActor in events.emit(.moved(to: place)) }`.
public final class EventNotifier<Event> {
    /// The notifier's URI, such as `/actor/presentation/notifier/event`.
    public let uri: NotifierURI

    /// The context this notifier reports to, captured when it was created.
    public let audit: AuditContext

    /// How many events may be queued by re-entrant emits within one delivery before the
    /// notifier treats it as a runaway cycle.
    public static var reentrantSendLimit: Int { 1_000 }

    private var observers: ContiguousArray<EventObserver<Event>> = []
    private var isDelivering = false
    private var hasCancelledObservers = false
    private var queue = ReentrantQueue<Event>()

    /// Creates an event notifier of the actor `actor`, with the URI
    /// `<actor>/notifier/<name>`.
    ///
    /// - Parameters:
    ///   - actor: The URI of the actor that owns the notifier.
    ///   - name: The notifier's name: one URI segment. A malformed name is a programming
    ///     error and stops the program with a message naming it.
    ///   - audit: Where the notifier reports; by default the ``AuditContext/current`` one.
    public init(of actor: ActorURI, named name: String = "event", audit: AuditContext = .current) {
        self.uri = NotifierURI(actor: actor, fixedName: name)
        self.audit = audit
    }

    /// Starts observing: `handler` is called with every event emitted from now on, until the
    /// returned token is cancelled or released.
    ///
    /// - Parameters:
    ///   - observer: The actor that observes, if any. Only its URI is kept (for the audit
    ///     trail and diagrams), never the actor itself.
    ///   - handler: Called on the emitting thread with each event.
    /// - Returns: The token that keeps the observation alive.
    public func observe(
        by observer: (any BSPActor)? = nil,
        _ handler: @escaping (Event) -> Void
    ) -> ObservationToken {
        let entry = EventObserver(actor: observer?.uri, handler: handler)
        observers.append(entry)
        // Weak both ways: the entry lives in the notifier alone, so a notifier that goes
        // away takes its handlers (and what they captured) with it, tokens or not.
        return ObservationToken { [weak self, weak entry] in
            guard let entry else { return }
            entry.handler = nil
            self?.remove(entry)
        }
    }

    /// The number of observations that have not been cancelled.
    public var observerCount: Int {
        observers.count { $0.handler != nil }
    }

    /// Tells every observer, in registration order, that `event` happened.
    public func emit(_ event: Event) {
        if isDelivering {
            enqueue(event)
            return
        }
        isDelivering = true
        deliver(event, in: audit.isEnabled ? record(event) : nil)
        while let (next, frame) = queue.next() {
            deliver(next, in: frame)
        }
        finishDelivery()
    }

    private func deliver(_ event: Event, in frame: AuditFrame?) {
        // Observers added by a handler start with the next event, so the count is fixed here.
        let count = observers.count
        var index = 0
        while index < count {
            let observer = observers[index]
            if let handler = observer.handler {
                if let frame {
                    frame.run(as: observer.actor) { handler(event) }
                } else {
                    handler(event)
                }
            }
            index += 1
        }
    }

    private func enqueue(_ event: Event) {
        guard queue.count < Self.reentrantSendLimit else {
            if audit.isEnabled {
                _ = record(event, delivery: .dropped)
            }
            if queue.markRunawayReported() {
                audit.reportFault(NotifierError.runawayCycle(uri, limit: Self.reentrantSendLimit))
            }
            return
        }
        queue.append(event, frame: audit.isEnabled ? record(event) : nil)
    }

    private func finishDelivery() {
        queue.reset()
        isDelivering = false
        if hasCancelledObservers {
            hasCancelledObservers = false
            observers.removeAll { $0.handler == nil }
        }
    }

    private func remove(_ entry: EventObserver<Event>) {
        if isDelivering {
            // Removing now would shift the indexes of the delivery in progress.
            hasCancelledObservers = true
        } else {
            observers.removeAll { $0 === entry }
        }
    }

    private func record(_ event: Event, delivery: AuditDelivery? = nil) -> AuditFrame {
        let live = observers.filter { $0.handler != nil }
        return audit.record(
            { String(describing: event) },
            on: uri,
            variety: .event,
            targets: live.compactMap(\.actor),
            delivery: delivery ?? (live.isEmpty ? .unobserved : .delivered)
        )
    }
}

@available(*, unavailable, message: "A notifier belongs to one isolation domain; hop to it to emit.")
extension EventNotifier: Sendable {}

/// One observation of an event notifier; its handler is `nil` once cancelled.
final class EventObserver<Event> {
    let actor: ActorURI?
    var handler: ((Event) -> Void)?

    init(actor: ActorURI?, handler: @escaping (Event) -> Void) {
        self.actor = actor
        self.handler = handler
    }
}
