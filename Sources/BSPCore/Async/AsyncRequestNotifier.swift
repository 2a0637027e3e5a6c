/// An asynchronous bi-way notifier: the caller awaits the reply to its request.
///
/// The handler runs in the caller's task, so cancelling the caller reaches the handler
/// (`Task.isCancelled` is `true` there), and the caller gets ``NotifierError/cancelled(_:)``
/// instead of a reply it no longer wants. A request with no live handler fails with
/// ``NotifierError/unhandledRequest(_:)``, naming the notifier's URI.
///
/// ```swift
/// let lookups = AsyncRequestNotifier<String, Place?>(of: Geocoder.uri)
/// lookups.handle(by: geocoder) { geocoder, address in await geocoder.place(for: address) }
///
/// let place = try await lookups.port.send("Bennelong Point, Sydney")
/// ```
public final class AsyncRequestNotifier<Request: Sendable, Reply: Sendable>: Sendable {
    /// The notifier's URI, such as `/actor/service/geocoder/notifier/request`.
    public let uri: NotifierURI
    /// What the requests being handled are called while a test waits for them.
    private let pendingWorkName: String

    /// The context this notifier reports to: ``AuditContext/current`` when it was created, or,
    /// for a notifier created outside any context and bound to a scope, the context of the
    /// stack the scope is pushed onto.
    public var audit: AuditContext {
        slot.withLock { $0.audit }
    }

    /// The handler: both closures hold the owner weakly, typed, so that nothing is cast.
    private struct Handler: Sendable {
        /// Loads the owner: `nil` once it has gone.
        let owner: @Sendable () -> (any AnyObject & Sendable)?
        /// Handles a request with the owner, or returns `nil` when it has gone.
        let body: @Sendable (Request) async -> Reply?
        /// What the owner's lifetime, if it is an actor, ends the handler by.
        let ending: HandlerEnding

        init<Owner: AnyObject & Sendable>(
            owner: Owner, of notifier: AsyncRequestNotifier,
            _ body: @escaping @Sendable (Owner, Request) async -> Reply
        ) {
            let loadOwner: @Sendable () -> (any AnyObject & Sendable)? = { [weak owner] in owner }
            self.ending = HandlerEnding(notifier: notifier, owner: loadOwner)
            self.owner = loadOwner
            self.body = { [weak owner] request in
                guard let owner else { return nil }
                return await body(owner, request)
            }
        }
    }

    /// Ends the handler it belongs to when the handler's owner goes: removes it, if it is still
    /// installed, so that the handler and what it captured go with the owner.
    private final class HandlerEnding: OwnerBound, Sendable {
        weak let notifier: AsyncRequestNotifier?
        /// Loads the handler's owner: the handler ends only once it has gone.
        let owner: @Sendable () -> (any AnyObject & Sendable)?

        init(notifier: AsyncRequestNotifier, owner: @escaping @Sendable () -> (any AnyObject & Sendable)?) {
            self.notifier = notifier
            self.owner = owner
        }

        func ownerDidEnd() {
            // Only once the owner has gone: see `OwnedRequestHandler.ownerDidEnd()`.
            guard owner() == nil else { return }
            notifier?.removeHandler(endedBy: self)
        }
    }

    /// The handler and whether the notifier's scope has ended: changed under the lock only by
    /// its mutating methods, each of which hands back the handler it let go of, so that the
    /// caller releases it — and whatever it captured — after unlocking.
    private struct Slot {
        /// The context the notifier reports to, and where it describes itself in that
        /// context's inventory while it audits.
        var audit: AuditContext
        var inventoryKey: UInt64?
        private(set) var handler: Handler?
        /// The scope holding this notifier, once it has terminated.
        private(set) var terminatedScope: ActorURI?

        /// What an installation lets go of, for the caller to release after unlocking: the
        /// handler displaced, or the one refused, and the installed handler's owner, which
        /// checking whether it lives retained.
        struct Released {
            let handler: Handler?
            let owner: (any AnyObject & Sendable)?
        }

        /// Installs `handler` unless a live one is installed or the scope has ended: returns
        /// the refusal, if any, and what to release.
        mutating func install(_ handler: Handler, uri: NotifierURI) -> (NotifierFault?, Released) {
            if let scope = terminatedScope {
                return (.scopeTerminated(uri, scope: scope), Released(handler: handler, owner: nil))
            }
            let liveOwner = self.handler?.owner()
            guard liveOwner == nil else {
                return (.handlerAlreadyInstalled(uri), Released(handler: handler, owner: liveOwner))
            }
            defer { self.handler = handler }
            return (nil, Released(handler: self.handler, owner: nil))
        }

        /// Removes the handler, handing it back.
        mutating func removeHandler() -> Handler? {
            defer { handler = nil }
            return handler
        }

        /// Removes the handler if `ending` ends it, handing it back.
        mutating func removeHandler(endedBy ending: HandlerEnding) -> Handler? {
            handler?.ending === ending ? removeHandler() : nil
        }

        /// Ends the handling for good, `scope` having terminated; hands the handler back.
        mutating func terminate(_ scope: ActorURI) -> Handler? {
            terminatedScope = scope
            return removeHandler()
        }
    }

    private let slot: Locked<Slot>

    /// What makes a reply a value for the trail; `nil` for a `Void` reply or one that is not
    /// `Encodable`, which are not recorded. Chosen once, from the type.
    private let replyEncoder: (@Sendable (Reply) -> RecordedValue?)? = RecordedValue.encoder(forReplies: Reply.self)

    /// Creates an asynchronous request notifier of the actor `actor`, with the URI
    /// `<actor>/notifier/<name>` and no handler yet:
    /// `AsyncRequestNotifier<Query, [Result]>(of: SearchService.uri)`.
    ///
    /// - Parameters:
    ///   - actor: The URI of the actor that owns the notifier.
    ///   - name: The notifier's name: one URI segment.
    ///   - audit: Where the notifier reports; by default the ``AuditContext/current`` one.
    public init(of actor: ActorURI, named name: String = "request", audit: AuditContext = .current) {
        self.uri = NotifierURI(actor: actor, fixedName: name)
        self.pendingWorkName = "asynchronous requests on \(uri.path)"
        self.slot = Locked(Slot(audit: audit))
        register(in: audit)
    }

    deinit {
        let (audit, inventoryKey) = slot.withLock { ($0.audit, $0.inventoryKey) }
        if let inventoryKey { audit.inventory.remove(inventoryKey) }
    }

    /// Describes the notifier in `context`'s inventory, if it audits.
    private func register(in context: AuditContext) {
        let key = context.register(
            NotifierSnapshot(uri: uri, variety: .request, aspect: .request(.asynchronous, replying: Reply.self)))
        if let key { context.inventory.keep(self, as: key) }
        slot.withLock { $0.inventoryKey = key }
    }

    /// How its requests travel: asynchronously, and bi-way unless the reply is `Void`.
    public var aspect: InteractionAspect { .request(.asynchronous, replying: Reply.self) }

    /// Installs the handler, for as long as `owner` lives.
    ///
    /// As with ``RequestNotifier/handle(by:_:)``, a second handler while the first's owner
    /// lives is refused and reported to the context's fault handler as
    /// ``NotifierFault/handlerAlreadyInstalled(_:)``, and a scope that handles the notifier
    /// binds it: once the scope terminates, requests are refused.
    ///
    /// - Parameters:
    ///   - owner: The object that handles requests, held weakly: an actor, a `@MainActor`
    ///     class, or another `Sendable` class. The handler, and what it captured, go with an
    ///     owner that is a ``BSPActor`` (see ``ActorLifetime``).
    ///   - body: Called with the owner and each request, in the caller's task.
    public func handle<Owner: AnyObject & Sendable>(
        by owner: Owner,
        _ body: @escaping @Sendable (Owner, Request) async -> Reply
    ) {
        if BoxedValue.isBox(owner) {
            return audit.reportFault(NotifierFault.ownerIsNotAnObject(uri))
        }
        let handler = Handler(owner: owner, of: self, body)
        let (refusal, released) = slot.withLock { slot in slot.install(handler, uri: uri) }
        withExtendedLifetime(released) {}  // Released here, after the lock.
        if let refusal {
            return audit.reportFault(refusal)
        }
        ActorLifetime.of(owner)?.bind(handler.ending)
        publishHandler(owner as AnyObject)
        ScopeLifecycle.of(owner)?.bind(self)
    }

    /// Removes the handler: later requests fail with ``NotifierError/unhandledRequest(_:)``.
    public func removeHandler() {
        let released = slot.withLock { $0.removeHandler() }
        withExtendedLifetime(released) {}  // Released here, after the lock.
        publishHandler(nil)
    }

    /// Removes the handler `ending` belongs to, if it is still installed: its owner has gone.
    private func removeHandler(endedBy ending: HandlerEnding) {
        let released = slot.withLock { $0.removeHandler(endedBy: ending) }
        guard released != nil else { return }
        withExtendedLifetime(released) {}  // Released here, after the lock.
        publishHandler(nil)
    }

    /// Tells the context's inventory who handles now: the handler's owner, if it is an actor.
    private func publishHandler(_ owner: AnyObject?) {
        let (audit, inventoryKey) = slot.withLock { ($0.audit, $0.inventoryKey) }
        guard let inventoryKey else { return }
        let receivers = (owner as? any BSPActor).map { [$0.uri] } ?? []
        audit.inventory.update(inventoryKey) { $0.receivers = receivers }
    }

    /// The owner of the handler installed, if it lives.
    var ownerOfHandler: (any AnyObject & Sendable)? {
        slot.withLock { $0.handler }?.owner()
    }

    /// Whether a handler whose owner is alive is installed.
    public var isHandled: Bool {
        // The owner is loaded under the lock and let go of after it: should the load hold the
        // last reference, the owner's `deinit` runs with no lock held.
        ownerOfHandler != nil
    }

    /// Sends `request` and awaits the reply.
    ///
    /// - Throws: ``NotifierError/unhandledRequest(_:)`` when no live handler is installed,
    ///   ``NotifierError/scopeTerminated(_:scope:)`` when the notifier's scope has terminated, or
    ///   ``NotifierError/cancelled(_:)`` when the calling task is cancelled.
    public func send(_ request: Request) async throws(NotifierError) -> Reply {
        let (live, terminatedScope, audit) = slot.withLock { slot in
            (slot.handler, slot.terminatedScope, slot.audit)
        }
        // Loaded outside the lock, and held until the request returns, so that the handler's
        // own load of it succeeds.
        guard let body = live?.body, let owner = live?.owner() else {
            if audit.isEnabled { _ = record(request, delivery: .undelivered, in: audit) }
            throw terminatedScope.map { NotifierError.scopeTerminated(uri, scope: $0) } ?? .unhandledRequest(uri)
        }
        guard !Task.isCancelled else {
            if audit.isEnabled { _ = record(request, delivery: .undelivered, in: audit) }
            throw NotifierError.cancelled(uri)
        }
        let depth = AsyncRequestNesting.depth
        guard depth < Self.nestingLimit else {
            if audit.isEnabled { _ = record(request, delivery: .dropped, in: audit) }
            // Thrown, not also reported: the caller is told, as a synchronous request's is.
            throw NotifierError.runawayCycle(uri, limit: Self.nestingLimit)
        }
        let reply = await AsyncRequestNesting.$depth.withValue(depth + 1) { () async -> Reply in
            guard audit.isEnabled else { return await handle(request, by: body, holding: owner) }
            let cause = record(request, delivery: .delivered, in: audit)
            // Counted while the handler runs, for a test that waits for its system to settle.
            audit.pendingWork.begin(pendingWorkName)
            defer { audit.pendingWork.end(pendingWorkName) }
            let reply = await audit.carry(cause) { await handle(request, by: body, holding: owner) }
            if let replyEncoder {
                audit.record(reply: reply, toRequest: cause.sequence, encodedWith: replyEncoder)
            }
            return reply
        }
        guard !Task.isCancelled else { throw NotifierError.cancelled(uri) }
        return reply
    }

    /// Has `body` handle `request` while `owner`, its handler's owner, is held: its own load of
    /// the owner then succeeds.
    private func handle(
        _ request: Request, by body: @Sendable (Request) async -> Reply?, holding owner: AnyObject
    ) async -> Reply {
        let reply = await body(request)
        withExtendedLifetime(owner) {}
        return reply!
    }

    /// How deep asynchronous requests may nest in one task — a handler awaiting a request whose
    /// handler awaits another — before the notifier treats it as a runaway cycle: the request
    /// is recorded as dropped and refused with ``NotifierError/runawayCycle(_:limit:)``, thrown
    /// to its caller.
    public static var nestingLimit: Int { 64 }

    private func record(_ request: Request, delivery: AuditDelivery, in audit: AuditContext) -> AuditCause {
        // A `Sendable` notifier may record from any thread, so it keeps no snapshot of the scopes.
        let origin = AuditRecord.Origin(
            notifier: uri, variety: .request, aspect: aspect, targets: delivery == .delivered ? [uri.actor] : [])
        return audit.record(.later(request), from: origin, delivery: delivery, scope: audit.innermostScope)
    }
}

/// How deep asynchronous requests are nested in the current task.
private enum AsyncRequestNesting {
    @TaskLocal static var depth = 0
}

extension AsyncRequestNotifier: ScopeBound {
    func join(_ context: AuditContext) {
        let joins = slot.withLock { slot in
            guard slot.audit === AuditContext.disabled, context.isEnabled else { return false }
            slot.audit = context
            return true
        }
        guard joins else { return }
        register(in: context)
        publishHandler(ownerOfHandler)
    }

    func scopeDidTerminate(_ scope: ActorURI) {
        let released = slot.withLock { $0.terminate(scope) }
        withExtendedLifetime(released) {}  // Released here, after the lock.
        publishHandler(nil)
    }
}
