/// An asynchronous single-way notifier: senders on any thread queue notifications, and one
/// consumer receives them asynchronously, in order.
///
/// Use it where events arrive on other threads or in callbacks — a Service's OS callbacks — and
/// the consumer lives in its own isolation domain:
///
/// ```swift
/// let fixes = QueuedNotifier<Fix>(of: "/actor/service/location", buffering: .keepingNewest(10))
///
/// // From the OS's callback thread:
/// fixes.send(Fix(latitude: -33.86, longitude: 151.21))
///
/// // In the consumer, for example a @MainActor Behaviour:
/// try await fixes.consume { fix in presentation.requests.send(.show(fix)) }
/// ```
///
/// The buffer is explicit, and the trail says what became of every notification, once:
///
/// - a notification the buffer takes is recorded as ``AuditDelivery/queued``;
/// - one a full buffer refuses (keeping the oldest) is recorded as ``AuditDelivery/dropped``
///   and never claimed as queued;
/// - one a full buffer pushes out (keeping the newest) gets a second record, `dropped`, whose
///   cause is its own `queued` record;
/// - one queued before its consumer named itself (``consume(by:isolation:_:)``) gets a second
///   record when the consumer takes it, ``AuditDelivery/delivered``, with the consumer as its
///   target and its own `queued` record as its cause: the trail knows who received it;
/// - one sent after ``finish()`` or after the consumer stopped is recorded as
///   ``AuditDelivery/undelivered``, and one still waiting when the consumer stops or the
///   notifier is released gets an `undelivered` record caused by its `queued` one.
///
/// Each of those is also reported to the context's fault handler, so nothing is lost silently:
/// ``NotifierFault/bufferFull(_:)`` for each dropped, ``NotifierFault/consumerFinished(_:)`` for
/// each sent too late, and one ``NotifierFault/abandoned(_:count:)`` naming how many were still
/// waiting when the consumer stopped or the notifier was released. While the consumer
/// handles a notification, its `queued` record is the cause of whatever the consumer sends.
public final class QueuedNotifier<Notification: Sendable>: Sendable {
    /// What a full buffer keeps.
    public enum Buffering: Hashable, Sendable {
        /// Keep everything.
        case unbounded
        /// Keep the oldest `n` waiting notifications; drop new ones while full. A size below 1
        /// is reported as ``NotifierFault/invalidBufferSize(_:size:)``, and keeps one.
        case keepingOldest(Int)
        /// Keep the newest `n` waiting notifications; drop the oldest to make room. A size below
        /// 1 is reported as ``NotifierFault/invalidBufferSize(_:size:)``, and keeps one.
        case keepingNewest(Int)
    }

    /// The notifier's URI, such as `/actor/service/location/notifier/queue`.
    public let uri: NotifierURI
    /// What the notifications waiting or being consumed are called while a test waits for them.
    private let pendingWorkName: String

    /// Whether the notifications are requests to the consumer or events it observes.
    public let variety: NotifierVariety

    /// What a full buffer keeps.
    public let buffering: Buffering

    /// How its notifications travel: asynchronously, single-way.
    public var aspect: InteractionAspect { .asynchronousSingleWay }

    /// How long a chain of causes a notification may end: one sent at this depth — a consumer
    /// re-sending to its own queue, each notification caused by the last, this many times — is
    /// recorded as ``AuditDelivery/dropped`` and reported as
    /// ``NotifierError/runawayCycle(_:limit:)``, so that every asynchronous cycle ends.
    ///
    /// Causes are followed only while auditing, so a context that audits nothing cannot tell a
    /// cycle from a long run of work, and does not cut it.
    public static var causalDepthLimit: Int { 1_000 }

    /// The context this notifier reports to, captured when it was created.
    public let audit: AuditContext

    private struct Item: Sendable {
        let notification: Notification
        /// The text of the notification's `queued` record, while auditing: what became of it
        /// later is recorded with the same text, as it was when it was sent.
        let text: AuditRecord.Text?
        /// The notification's `queued` record, as the cause of what its consumer sends, while
        /// auditing.
        let cause: AuditCause?
        /// Whether the `queued` record named the consumer as its target: not when the consumer
        /// named itself only after the notification was queued.
        let namedItsConsumer: Bool
    }

    private struct State: Sendable {
        var buffer = RingQueue<Item>()
        /// The consumer waiting for the next notification, if it is waiting.
        ///
        /// Unsafe rather than checked, as `AsyncStream`'s own is: a checked continuation
        /// allocates on every wait. It is resumed exactly once because whoever resumes it —
        /// a send, `finish()`, cancellation — first takes it out of the state under the lock.
        var waiting: UnsafeContinuation<Item?, Never>?
        var hasConsumer = false
        /// The actor the consumer named, if it named one: the target of what is queued.
        var consumer: ActorIdentity?
        /// ``finish()`` was called: no more notifications are taken.
        var finished = false
        /// The consumer stopped, or was cancelled: no more notifications are taken.
        var consumerStopped = false
        /// Places in the buffer promised to audited sends that passed the check and are
        /// recording their `queued` record: a buffer keeping its oldest counts them as taken,
        /// so that a send told there was room is never refused after its record said `queued`.
        var reserved = 0

        var isClosed: Bool { finished || consumerStopped }
    }

    private let state = Locked(State())
    /// Where the notifier describes itself in its context's inventory, while it audits.
    private let inventoryKey: UInt64?

    /// Creates a queued notifier of the actor `actor`, with the URI `<actor>/notifier/<name>`.
    ///
    /// - Parameters:
    ///   - actor: The URI of the actor that owns the notifier.
    ///   - name: The notifier's name: one URI segment.
    ///   - variety: Whether its notifications are requests or events.
    ///   - buffering: What a full buffer keeps.
    ///   - audit: Where the notifier reports; by default the ``AuditContext/current`` one.
    public init(
        of actor: ActorURI,
        named name: String = "queue",
        variety: NotifierVariety = .event,
        buffering: Buffering = .unbounded,
        audit: AuditContext = .current
    ) {
        self.uri = NotifierURI(actor: actor, fixedName: name)
        self.variety = variety
        self.buffering = buffering
        self.audit = audit
        self.pendingWorkName = "notifications queued on \(uri.path)"
        inventoryKey = audit.register(
            NotifierSnapshot(uri: uri, variety: variety, aspect: .asynchronousSingleWay))
        if let inventoryKey { audit.inventory.keep(self, as: inventoryKey) }
        switch buffering {
        case .keepingOldest(let size) where size < 1, .keepingNewest(let size) where size < 1:
            audit.reportFault(NotifierFault.invalidBufferSize(uri, size: size))
        default:
            break
        }
    }

    deinit {
        if let inventoryKey { audit.inventory.remove(inventoryKey) }
        abandon(
            state.withLock { state in
                state.buffer.removeAll()
            })
    }

    /// Queues `notification` for the consumer. Never blocks; safe from any thread.
    ///
    /// Nothing outside the package runs under the queue's lock: the audit store, the fault
    /// handler and the consumer are called after it is released, so a store or a fault handler
    /// may send on this queue.
    public func send(_ notification: Notification) {
        // An asynchronous cycle — a consumer sending, each notification caused by the last — is
        // told by its causes, so only an auditing context can cut it.
        if audit.isEnabled, audit.depthOfNextRecord() >= Self.causalDepthLimit {
            record(notification, delivery: .dropped)
            return audit.reportFault(NotifierError.runawayCycle(uri, limit: Self.causalDepthLimit))
        }
        // Refused at once when the queue is closed or a buffer keeping its oldest is full: one
        // record, its final delivery. Unaudited, there is no record to get right, and `admit`
        // refuses under the one lock it takes.
        if audit.isEnabled, let refusal = state.withLock({ reservation(in: &$0) }) {
            record(notification, delivery: refusal.delivery)
            return audit.reportFault(refusal.fault)
        }
        let text: AuditRecord.Text? = audit.isEnabled ? .later(notification) : nil
        let queued = text.map { record($0, delivery: .queued) }
        let item = Item(
            notification: notification, text: text, cause: queued?.cause, namedItsConsumer: queued?.targeted ?? false)
        let (outcome, handOver) = state.withLock { state in
            admit(item, into: &state, holdingAReservation: audit.isEnabled)
        }
        handOver.map { waiting in waiting.resume(returning: item) }
        switch outcome {
        case .queued:
            break
        case .refused(let refusal):
            // Closed or filled by another sender since the check above: its `queued` record is
            // followed by what became of it.
            record(item, delivery: refusal.delivery)
            audit.reportFault(refusal.fault)
        case .pushedOut(let oldest):
            record(oldest, delivery: .dropped)
            audit.reportFault(NotifierFault.bufferFull(uri))
        }
    }

    /// Why the queue refuses a notification now, if it does.
    private struct Refusal {
        let delivery: AuditDelivery
        let fault: NotifierFault
    }

    /// What became of a notification the queue was asked to take.
    private enum Admission {
        case queued
        case refused(Refusal)
        /// Taken, pushing the oldest out of a buffer that keeps the newest.
        case pushedOut(Item)
    }

    private func refusal(in state: State) -> Refusal? {
        if state.isClosed {
            return Refusal(delivery: .undelivered, fault: .consumerFinished(uri))
        }
        if case .keepingOldest(let count) = buffering, state.buffer.count + state.reserved >= max(1, count) {
            return Refusal(delivery: .dropped, fault: .bufferFull(uri))
        }
        return nil
    }

    /// Why the queue refuses a notification now, if it does; else a place in the buffer,
    /// promised until `admit` takes it up.
    private func reservation(in state: inout State) -> Refusal? {
        if let refusal = refusal(in: state) { return refusal }
        state.reserved += 1
        return nil
    }

    /// Takes `item` into the buffer, or hands it to the waiting consumer. Called under the lock:
    /// it runs no code from outside the package.
    private func admit(
        _ item: Item, into state: inout State, holdingAReservation: Bool
    ) -> (Admission, UnsafeContinuation<Item?, Never>?) {
        if holdingAReservation {
            state.reserved -= 1
        }
        if let refusal = refusal(in: state) {
            return (.refused(refusal), nil)
        }
        var admission = Admission.queued
        if case .keepingNewest(let count) = buffering, state.buffer.count >= max(1, count),
            let oldest = state.buffer.popFirst()
        {
            admission = .pushedOut(oldest)
            trackPending(ended: 1)
        }
        trackPending(begun: 1)
        if let waiting = state.waiting {
            state.waiting = nil
            return (admission, waiting)
        }
        state.buffer.append(item)
        return (admission, nil)
    }

    /// Counts notifications waiting in the queue or being consumed, for a test to wait on.
    private func trackPending(begun: Int = 0, ended: Int = 0) {
        guard audit.isEnabled else { return }
        audit.pendingWork.begin(pendingWorkName, count: begun)
        audit.pendingWork.end(pendingWorkName, count: ended)
    }

    /// Ends the queue: the consumer receives what is waiting, then ``consume(by:isolation:_:)``
    /// returns. Later sends are undelivered.
    public func finish() {
        let waiting = state.withLock { state in
            state.finished = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: nil)
    }

    /// Receives every notification, in order, until ``finish()`` is called and the queue is
    /// empty, or the calling task is cancelled. Runs `handle` in the caller's isolation domain.
    ///
    /// When it returns, the queue takes no more notifications; any still waiting are recorded
    /// as undelivered and reported.
    ///
    /// Name the actor that consumes, and the trail shows it: each notification queued from
    /// then on is recorded with it as the target, and what `handle` sends with it as the
    /// source, as for a synchronous observer.
    ///
    /// ```swift
    /// try await fixes.consume(by: "/actor/behaviour") { fix in behaviour.handle(fix) }
    /// ```
    ///
    /// - Parameters:
    ///   - consumer: The actor that consumes, if it is one; `nil` leaves the trail without a
    ///     receiver for the queue's notifications.
    ///   - isolation: Where `handle` runs: the caller's isolation domain.
    ///   - handle: Receives each notification.
    /// - Throws: ``NotifierError/alreadyConsumed(_:)`` if another consumer has
    ///   consumed this notifier: a queue has one consumer.
    public func consume(
        by consumer: ActorURI? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ handle: (Notification) async -> Void
    ) async throws(NotifierError) {
        let identity = consumer.map(ActorIdentity.init)
        let first = state.withLock { state in
            defer { state.hasConsumer = true }
            if !state.hasConsumer { state.consumer = identity }
            return !state.hasConsumer
        }
        guard first else { throw NotifierError.alreadyConsumed(uri) }
        publishConsumer(consumer)
        defer { stopConsuming() }
        while let item = await next() {
            if identity != nil, !item.namedItsConsumer {
                // Queued before the consumer named itself: its `queued` record has no target.
                record(item, delivery: .delivered)
            }
            if let cause = item.cause {
                await audit.carry(cause, as: identity) { await handle(item.notification) }
            } else {
                await handle(item.notification)
            }
            trackPending(ended: 1)
        }
    }

    /// The next notification, or `nil` once the queue is finished and empty or the calling
    /// task is cancelled.
    private func next(isolation: isolated (any Actor)? = #isolation) async -> Item? {
        // A backlog is drained without suspending: no continuation, no cancellation handler.
        if !Task.isCancelled, let ready = state.withLock({ $0.consumerStopped ? nil : $0.buffer.popFirst() }) {
            return ready
        }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Item?, Never>) in
                let ready: Item?? = state.withLock { state in
                    if Task.isCancelled || state.consumerStopped { return .some(nil) }
                    if let item = state.buffer.popFirst() { return item }
                    if state.finished { return .some(nil) }
                    state.waiting = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiting = state.withLock { state in
                state.consumerStopped = true
                defer { state.waiting = nil }
                return state.waiting
            }
            waiting?.resume(returning: nil)
        }
    }

    /// Tells the context's inventory who consumes now, if anyone named themselves.
    private func publishConsumer(_ consumer: ActorURI?) {
        guard let inventoryKey else { return }
        audit.inventory.update(inventoryKey) { $0.receivers = consumer.map { [$0] } ?? [] }
    }

    /// The consumer has stopped: the queue takes nothing more, and what was still waiting is
    /// recorded and reported as undelivered.
    private func stopConsuming() {
        publishConsumer(nil)
        abandon(
            state.withLock { state in
                state.consumerStopped = true
                return state.buffer.removeAll()
            })
    }

    /// Records `items`, which no consumer will receive, as undelivered, each caused by its own
    /// `queued` record, and reports the loss once, with how many were lost.
    private func abandon(_ items: [Item]) {
        guard !items.isEmpty else { return }
        trackPending(ended: items.count)
        for item in items {
            record(item, delivery: .undelivered)
        }
        audit.reportFault(NotifierFault.abandoned(uri, count: items.count))
    }

    /// Records `notification`, sent now, while auditing.
    private func record(_ notification: Notification, delivery: AuditDelivery) {
        guard audit.isEnabled else { return }
        _ = record(.later(notification), delivery: delivery).cause
    }

    /// Records a notification sent now as `text`, and returns the frame of its record and
    /// whether it named a consumer as its target.
    private func record(_ text: AuditRecord.Text, delivery: AuditDelivery) -> (cause: AuditCause, targeted: Bool) {
        let origin = origin
        let targeted = !origin.targets.isEmpty
        // A `Sendable` notifier may record from any thread, so it keeps no snapshot of the scopes.
        return (audit.record(text, from: origin, delivery: delivery, scope: audit.innermostScope), targeted)
    }

    /// Records what became of `item` after it was queued: caused by its `queued` record, with
    /// its text.
    private func record(_ item: Item, delivery: AuditDelivery) {
        guard let text = item.text, let cause = item.cause else { return }
        audit.record(text, from: origin, delivery: delivery, scope: audit.innermostScope, causedBy: cause)
    }

    private var origin: AuditRecord.Origin {
        let consumer = state.withLock { $0.consumer?.uri }
        return AuditRecord.Origin(
            notifier: uri, variety: variety, aspect: .asynchronousSingleWay, targets: consumer.map { [$0] } ?? [])
    }
}
