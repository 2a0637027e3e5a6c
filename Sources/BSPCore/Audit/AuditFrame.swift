/// A notification as the cause of those sent while it is handled: its sequence number, its
/// depth, and the context it was recorded in, by number.
///
/// What queues and stacks keep, to name as the cause of what they deliver later: it holds no
/// reference, so keeping it keeps nothing alive and can outlive anything; and a context is
/// told by a number no other context in the process ever has, not by an address that a later
/// context may be given.
@usableFromInline
struct AuditCause: Sendable, Equatable {
    /// The sequence number of the notification.
    var sequence: UInt64
    /// That notification's depth.
    var depth: Int
    /// The ``AuditContext/number`` of the context it was recorded in.
    let context: UInt64
}

/// The notification whose handler is running, while auditing is on: what a notification sent
/// now names as its cause.
///
/// Synchronous handlers keep it in a thread-local slot (see ``ThreadFrameSlot``), which holds
/// a frame only while the handlers it names run: a frame is made from a cause and the context
/// running the handlers, set in the slot and restored when they return, and is not `Sendable`,
/// so that it stays on the thread that runs them. Where work hops to another task — a
/// ``QueuedNotifier``'s consumer, an ``AsyncRequestNotifier``'s handler, and with
/// ``AuditContext/CauseTracking/acrossTasks`` every task a handler starts — the cause travels
/// as a task-local value with its context held strongly (see ``Carried``).
@usableFromInline
struct AuditFrame {
    /// The notification being handled.
    var cause: AuditCause
    /// The actor whose handler is running, if it is known: unretained, because whoever runs
    /// the handler holds it (an observation, a notifier, a scope), so that switching the actor
    /// between the handlers of one notification is a plain store. Unretained references are
    /// what keep an audited send within its benchmark (`audit_overhead_vs_record_limit`): a
    /// retain and a release of each on every delivery cost more than the rest of the frame.
    /// They are not measured apart from the notifier's unretained context, whose strong read
    /// cost that key 1.44 → 1.63–1.70.
    @usableFromInline var actor: Unmanaged<ActorIdentity>?
    /// The context running the handlers, unretained: the notifier running them holds it for
    /// as long as they run, which is as long as the frame is in the slot.
    let context: Unmanaged<AuditContext>

    /// The frame of `cause`'s handlers, run by `context`, which must be the context `cause`
    /// was recorded in.
    // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
    init(_ cause: AuditCause, runBy context: AuditContext, actor: Unmanaged<ActorIdentity>? = nil) {
        self.cause = cause
        self.actor = actor
        self.context = .passUnretained(context)
    }

    /// The sequence number of the notification being handled.
    var sequence: UInt64 { cause.sequence }

    /// The frame a task carries across a hop, inherited by the tasks it starts.
    @TaskLocal static var inherited: Carried?

    /// A frame as a task carries it, with its context and actor kept alive: the task may
    /// outlive the notifier that ran the handler.
    struct Carried: Sendable {
        let cause: AuditCause
        let context: AuditContext
        /// The frame's actor, kept alive with it.
        let actor: ActorIdentity?

        init(_ frame: AuditFrame) {
            self.cause = frame.cause
            // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
            self.context = frame.context.takeUnretainedValue()
            self.actor = frame.actor?.takeUnretainedValue()
        }

        /// The frame this carried one stands for, while the task that carries it runs.
        var frame: AuditFrame {
            // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
            AuditFrame(cause, runBy: context, actor: actor.map(Unmanaged.passUnretained))
        }
    }

    /// The URI of the actor whose handler is running, if it is known.
    var actorURI: ActorURI? {
        // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
        actor?.takeUnretainedValue().uri
    }

    /// How many handlers of the package's asynchronous notifiers are running now. While
    /// there are none, only a context that tracks causes across tasks looks for a carried
    /// frame: reading a task-local costs more than the rest of finding the cause.
    private static let carriedFrames = AtomicCounter()

    /// The context of the notification being handled now, if any: what a notifier created in
    /// a handler joins.
    static var runningContext: AuditContext? {
        if let frame = ThreadFrameSlot.current?.pointee {
            // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
            return frame.context.takeUnretainedValue()
        }
        return inherited?.context
    }

    /// The frame of the handler running now: this thread's, or else the one this task carries.
    ///
    /// - Parameters:
    ///   - slot: This thread's slot, if the platform has one.
    ///   - acrossTasks: Whether a frame inherited from the task that started this one counts;
    ///     see ``AuditContext/CauseTracking``.
    ///
    /// Inlined into a record, with the task-local read out of line: called as a function, it
    /// cost every audited send some 20 instructions of its 1,000.
    @inline(__always)
    static func current(in slot: UnsafeMutablePointer<AuditFrame?>?, acrossTasks: Bool) -> AuditFrame? {
        guard let slot else { return carried }
        if let frame = slot.pointee {
            return frame
        }
        guard acrossTasks || carriedFrames.load() > 0 else { return nil }
        return carried
    }

    /// The frame this task carries, if any.
    @inline(never)
    private static var carried: AuditFrame? {
        inherited?.frame
    }

    /// Runs `body`, a handler that runs in another task than the notification was sent from,
    /// carrying this frame to it.
    func carry<Result>(
        as actor: ActorIdentity? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        AuditFrame.carriedFrames.add(1)
        defer { AuditFrame.carriedFrames.add(-1) }
        var frame = self
        // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
        frame.actor = actor.map(Unmanaged.passUnretained)
        // `Carried` holds the actor strongly, for as long as the body runs.
        return try await AuditFrame.$inherited.withValue(Carried(frame), operation: body, isolation: isolation)
    }

    /// Runs `body` as the handler of `actor` for this frame's notification, so that what it
    /// sends names that notification as its cause.
    ///
    /// - Parameter acrossTasks: Whether tasks that `body` starts inherit the frame; see
    ///   ``AuditContext/CauseTracking/acrossTasks``.
    @usableFromInline
    func run<Result>(as actor: ActorIdentity?, acrossTasks: Bool, _ body: () -> Result) -> Result {
        run(as: actor, in: ThreadFrameSlot.current, acrossTasks: acrossTasks, body)
    }

    /// Runs `body` as the handler of `actor`, with this thread's slot already at hand.
    func run<Result>(
        as actor: ActorIdentity?,
        in slot: UnsafeMutablePointer<AuditFrame?>?,
        acrossTasks: Bool,
        _ body: () -> Result
    ) -> Result {
        var frame = self
        // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
        frame.actor = actor.map(Unmanaged.passUnretained)
        guard let slot else {
            return AuditFrame.$inherited.withValue(Carried(frame), operation: body)
        }
        let outer = slot.pointee
        slot.pointee = frame
        defer { slot.pointee = outer }
        guard acrossTasks else { return body() }
        return AuditFrame.$inherited.withValue(Carried(frame), operation: body)
    }
}

extension AuditFrame {
    /// The handlers of one notification, running now on this thread in its frame: each runs
    /// as its own actor, so that what it sends names that actor as its source.
    @usableFromInline
    struct Handlers {
        @usableFromInline let frame: AuditFrame
        @usableFromInline let slot: UnsafeMutablePointer<AuditFrame?>?
        @usableFromInline let acrossTasks: Bool

        /// Whether a handler's actor is named by a store into the frame this thread's slot
        /// holds (see ``name(_:)``); otherwise the frame travels as a task-local, and each
        /// handler runs through ``runCarried(as:_:)``.
        @inlinable
        var switchesInPlace: Bool {
            slot != nil && !acrossTasks
        }

        /// Names `actor` as the one whose handler runs next; for ``switchesInPlace`` only.
        /// Nested deliveries restore the slot before they return, so the name holds until the
        /// next call.
        @inlinable
        // Unretained: see `actor` (`audit_overhead_vs_record_limit`).
        func name(_ actor: Unmanaged<ActorIdentity>?) {
            slot.unsafelyUnwrapped.pointee?.actor = actor
        }

        /// Runs `body`, the notification's handlers, in its frame, as those of `actor` if it
        /// is known: what they send names the notification as its cause.
        @usableFromInline
        func run<Result>(as actor: ActorIdentity? = nil, _ body: (Self) -> Result) -> Result {
            frame.run(as: actor, in: slot, acrossTasks: acrossTasks) { body(self) }
        }

        /// Runs `body` as the handler of `actor` where the frame travels as a task-local.
        @usableFromInline
        // Unretained: see `actor` (`audit_overhead_vs_record_limit`).
        func runCarried(as actor: Unmanaged<ActorIdentity>?, _ body: () -> Void) {
            // Unretained: see `actor` and `context` (`audit_overhead_vs_record_limit`).
            frame.run(as: actor?.takeUnretainedValue(), in: slot, acrossTasks: acrossTasks, body)
        }
    }
}

extension AuditContext {
    /// Records a notification that is about to be delivered, and returns the frame its
    /// handlers run in.
    ///
    /// - Parameters:
    ///   - text: The notification, rendered or waiting to be.
    ///   - origin: The notifier it was sent on, with its variety and targets. An event's
    ///     sender is its notifier's actor, a request's the actor whose handler is running.
    ///   - delivery: What becomes of it.
    ///   - scope: The innermost active scope, as ``innermostScope(refreshing:)`` found it.
    func record(
        _ text: consuming AuditRecord.Text,
        from origin: consuming AuditRecord.Origin,
        delivery: AuditDelivery,
        scope: ActorURI?,
        stackChange: StackChange? = nil
    ) -> AuditCause {
        let parent = AuditFrame.current(in: ThreadFrameSlot.current, acrossTasks: causeTracking == .acrossTasks)
        return record(
            text, from: origin, delivery: delivery, scope: scope, stackChange: stackChange, parent: parent
        ).cause
    }

    /// Records what became of a notification recorded before as `cause`: the new record names
    /// that one as its cause.
    func record(
        _ text: consuming AuditRecord.Text,
        from origin: consuming AuditRecord.Origin,
        delivery: AuditDelivery,
        scope: ActorURI?,
        causedBy cause: AuditCause
    ) {
        _ = record(
            text, from: origin, delivery: delivery, scope: scope, stackChange: nil, parent: frame(of: cause))
    }

    /// The frame in which this context runs the handlers of `cause`; `nil` when `cause` was
    /// recorded in another context, as causes never cross contexts.
    func frame(of cause: AuditCause) -> AuditFrame? {
        cause.context == number ? AuditFrame(cause, runBy: self) : nil
    }

    /// Runs `body`, a handler that runs in another task than `cause` was sent from, carrying
    /// `cause` to it, as the handler of `actor` if it is known.
    func carry<Result>(
        _ cause: AuditCause,
        as actor: ActorIdentity? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        guard let frame = frame(of: cause) else { return try await body() }
        return try await frame.carry(as: actor, body)
    }

    /// Records a notification about to be delivered, and returns what its handlers run in:
    /// its frame, with this thread's slot found once for both steps.
    ///
    /// Two steps rather than one that also runs the handlers, so that nothing the notifier
    /// lends the record stays lent while user code runs.
    func recordForHandlers(
        _ text: consuming AuditRecord.Text,
        from origin: consuming AuditRecord.Origin,
        delivery: AuditDelivery,
        scope: ActorURI?,
        stackChange: StackChange? = nil
    ) -> AuditFrame.Handlers {
        let slot = ThreadFrameSlot.current
        let acrossTasks = causeTracking == .acrossTasks
        let parent = AuditFrame.current(in: slot, acrossTasks: acrossTasks)
        let frame = record(
            text, from: origin, delivery: delivery, scope: scope, stackChange: stackChange, parent: parent)
        return AuditFrame.Handlers(frame: frame, slot: slot, acrossTasks: acrossTasks)
    }

    // Inlined into each caller: an audited send then hands an in-memory store its record's
    // fields with no call between them. `origin` is taken owned, as the record made for any
    // other store keeps it: borrowed, that record retained it once more on every send.
    @inline(__always)
    private func record(
        _ text: consuming AuditRecord.Text,
        from origin: consuming AuditRecord.Origin,
        delivery: AuditDelivery,
        scope: ActorURI?,
        stackChange: StackChange?,
        parent: AuditFrame?
    ) -> AuditFrame {
        // A handler of another context's notification sending here: causes never cross contexts.
        let parent = parent.flatMap { $0.cause.context == number ? $0 : nil }
        let sequence = nextSequence()
        let depth = parent.map { $0.cause.depth + 1 } ?? 0
        let sender = AuditRecord.Sender.of(origin, handling: parent)
        let nanoseconds = keepsTime ? timeOfRecord() : nil
        // Called through the optional rather than bound to a constant, which retains the store.
        if memoryStore != nil {
            memoryStore?.record(
                sequence: sequence, origin: origin, sender: sender, text: text, cause: parent?.cause.sequence,
                depth: depth, scope: scope, delivery: delivery, stackChange: stackChange, nanoseconds: nanoseconds)
        } else {
            keep(
                AuditRecord(
                    sequence: sequence, origin: origin, sender: sender, text: text, cause: parent?.cause.sequence,
                    depth: depth, scope: scope, delivery: delivery, stackChange: stackChange,
                    nanoseconds: nanoseconds))
        }
        return AuditFrame(AuditCause(sequence: sequence, depth: depth, context: number), runBy: self)
    }
}

extension AuditContext {
    /// The depth at which a notification sent now, on this thread or task, would be recorded:
    /// one more than the notification being handled, or 0 outside any handler.
    func depthOfNextRecord() -> Int {
        let parent = AuditFrame.current(in: ThreadFrameSlot.current, acrossTasks: causeTracking == .acrossTasks)
        guard let parent, parent.cause.context == number else { return 0 }
        return parent.cause.depth + 1
    }

    /// Keeps `reply`, the reply to the request recorded as `sequence`, made a value by
    /// `encode` (see ``RecordedValue/encoder(forReplies:)``).
    func record<Reply>(reply: Reply, toRequest sequence: UInt64, encodedWith encode: (Reply) -> RecordedValue?) {
        guard let value = encode(reply) else { return }
        store.record(reply: value, toRequest: sequence)
    }

    /// Records `request` as undelivered on `notifier`, whose notifier object has gone, if this
    /// context audits.
    @usableFromInline
    func recordUndelivered<Request>(_ request: Request, on notifier: NotifierURI, aspect: InteractionAspect) {
        guard isEnabled else { return }
        _ = record(
            .rendered(String(describing: request)),
            from: AuditRecord.Origin(notifier: notifier, variety: .request, aspect: aspect, targets: []),
            delivery: .undelivered, scope: innermostScope)
    }
}

extension AuditRecord.Sender {
    /// Who sends on `origin` while `parent`'s handler runs: for a request, that handler's actor;
    /// for an event, the notifier's owner, unless a handler of an actor outside the owner's
    /// subtree emits it — a breach of BSP's rules that the record then shows.
    @inline(__always)
    static func of(_ origin: borrowing AuditRecord.Origin, handling parent: AuditFrame?) -> Self {
        guard let actor = parent?.actorURI else {
            return origin.variety == .event ? .notifierActor : .outside
        }
        guard origin.variety == .event else { return .actor(actor) }
        let owner = origin.notifier.actor
        return actor.hasPrefix(owner) || owner.hasPrefix(actor) ? .notifierActor : .actor(actor)
    }
}

extension AuditRecord.Text {
    /// The text of a `Sendable` notification sent from any thread: kept to render when its
    /// record is read if it is a pure value, else rendered now (see ``RenderingRule``).
    static func later<Value: Sendable>(_ value: Value) -> Self {
        RenderingRule.text(ofSendable: value)
    }
}
