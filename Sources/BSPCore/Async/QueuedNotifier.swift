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
/// The buffer is explicit: what a full buffer drops is recorded in the audit trail as
/// ``AuditDelivery/dropped`` and reported to the context's fault handler as
/// ``NotifierError/bufferFull(_:)``, never lost silently. While the consumer handles a
/// notification, the notification's audit record is the cause of whatever the consumer sends.
public final class QueuedNotifier<Notification: Sendable>: Sendable {
    /// What a full buffer keeps.
    public enum Buffering: Hashable, Sendable {
        /// Keep everything.
        case unbounded
        /// Keep the oldest `n` waiting notifications; drop new ones while full.
        case keepingOldest(Int)
        /// Keep the newest `n` waiting notifications; drop the oldest to make room.
        case keepingNewest(Int)
    }

    /// The notifier's URI, such as `/actor/service/location/notifier/queue`.
    public let uri: NotifierURI

    /// Whether the notifications are requests to the consumer or events it observes.
    public let variety: NotifierVariety

    /// What a full buffer keeps.
    public let buffering: Buffering

    /// The context this notifier reports to, captured when it was created.
    public let audit: AuditContext

    private typealias Item = (notification: Notification, frame: AuditFrame?)
    private let stream: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation
    private let hasConsumer = Locked(false)

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
        let policy: AsyncStream<Item>.Continuation.BufferingPolicy =
            switch buffering {
            case .unbounded: .unbounded
            case .keepingOldest(let count): .bufferingOldest(max(1, count))
            case .keepingNewest(let count): .bufferingNewest(max(1, count))
            }
        (stream, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: policy)
        audit.register(self)
    }

    /// Queues `notification` for the consumer. Never blocks; safe from any thread.
    public func send(_ notification: Notification) {
        let frame = audit.isEnabled ? record(notification, delivery: .queued) : nil
        switch continuation.yield((notification, frame)) {
        case .enqueued:
            break
        case .dropped(let dropped):
            if audit.isEnabled {
                _ = record(dropped.notification, delivery: .dropped)
            }
            audit.reportFault(NotifierError.bufferFull(uri))
        case .terminated:
            if audit.isEnabled {
                _ = record(notification, delivery: .undelivered)
            }
            audit.reportFault(NotifierError.consumerFinished(uri))
        @unknown default:
            break
        }
    }

    /// Ends the queue: the consumer receives what is waiting, then ``consume(isolation:_:)``
    /// returns. Later sends are undelivered.
    public func finish() {
        continuation.finish()
    }

    /// Receives every notification, in order, until ``finish()`` is called or the calling task
    /// is cancelled. Runs `handle` in the caller's isolation domain.
    ///
    /// - Throws: ``NotifierError/handlerAlreadyInstalled(_:)`` if another consumer has
    ///   consumed this notifier: a queue has one consumer.
    public func consume(
        isolation: isolated (any Actor)? = #isolation,
        _ handle: (Notification) async -> Void
    ) async throws(NotifierError) {
        let first = hasConsumer.withLock { taken in
            defer { taken = true }
            return !taken
        }
        guard first else { throw NotifierError.handlerAlreadyInstalled(uri) }
        for await item in stream {
            if let frame = item.frame {
                await frame.carry { await handle(item.notification) }
            } else {
                await handle(item.notification)
            }
        }
    }

    private func record(_ notification: Notification, delivery: AuditDelivery) -> AuditFrame {
        // A `Sendable` notifier may record from any thread, so it keeps no snapshot of its own.
        var scopes = ScopeSnapshot()
        let origin = AuditRecord.Origin(notifier: uri, variety: variety, targets: [])
        return audit.record(.later(notification), from: origin, delivery: delivery, scopes: &scopes)
    }
}
