/// An actor's input: a request asks the actor that owns the notifier to do something, and may
/// hand back a reply.
///
/// A request notifier has one handler at a time, usually its owning actor's. The handler lives as
/// long as the owner passed to ``handle(by:_:)`` (which the notifier does not keep alive, so
/// notifier and owner never keep each other alive), and receives that owner so it needs no
/// capture of `self` (a handler that needs no owner can be kept by a registration instead:
/// ``handle(_:)``):
///
/// ```swift
/// final class LocationService: UniqueActor {
///     static let uri: ActorURI = "/actor/service"
///     let requests = RequestNotifier<ServiceRequest, Void>(of: LocationService.uri)
///
///     init() {
///         requests.handle(by: self) { service, request in service.perform(request) }
///     }
/// }
///
/// service.requests.port.send(.resolveLocation)   // what a peer holds: the port
/// ```
///
/// Use `Void` as `Reply` for a single-way request. For a bi-way request, ``send(_:)->Reply`` returns
/// the handler's reply, and throws ``NotifierError/unhandledRequest(_:)`` when there is no
/// handler to produce one:
///
/// ```swift
/// let reply = try geocoder.requests.send("Bennelong Point")
/// ```
///
/// ## Semantics
///
/// - Sending is a synchronous call on the caller's thread.
/// - A request with no live handler is never dropped silently: it is recorded as
///   ``AuditDelivery/undelivered``, and the caller gets a typed error if it expects a reply,
///   or the ``AuditContext``'s fault handler hears of it otherwise.
/// - A handler may send on the same notifier again: with one handler there is no order between
///   observers to keep, so the request is handled at once, nested. Nesting deeper than
///   ``reentrantSendLimit`` is a runaway cycle: the request is dropped and reported as
///   ``NotifierError/runawayCycle(_:limit:)`` instead of overflowing the stack.
public final class RequestNotifier<Request, Reply> {
    /// The notifier's URI, such as `/actor/service/notifier/request`.
    public let uri: NotifierURI

    /// The context this notifier reports to: ``AuditContext/current`` when it was created, or,
    /// for a notifier created outside any context and handled by a scope, the context of the
    /// stack the scope is pushed onto.
    public internal(set) var audit: AuditContext

    /// How deep requests on this notifier may nest inside its own handler before the
    /// notifier treats it as a runaway cycle.
    public static var reentrantSendLimit: Int { 64 }

    // The state the inlined `send` reads and writes; runtime exclusivity checks are off for it
    // because no access is held across the call to the handler. With them on for this
    // notifier's fields, `request_audited_ns` went from 379–395 to 441–456 ns (release build,
    // two interleaved runs); the unaudited `request_reply_ns` did not move.
    /// The installed handler (unchecked: `request_audited_ns`).
    @usableFromInline @exclusivity(unchecked) var handler: RequestHandler<Request, Reply>? {
        didSet {
            // Kept in step with `handler`: the fast path reads it unretained (`request_reply_ns`).
            unretainedHandler = handler.map(Unmanaged.passUnretained)
            // However it is replaced — removed, its scope ending — a handler that may be running
            // stays until the request returns. Only the first: the outermost request runs the
            // handler installed when it began, and nested ones hold theirs strongly.
            if nesting > 0, retiredHandler == nil, let oldValue, oldValue !== handler {
                retiredHandler = oldValue
            }
            publishReceivers()
        }
    }
    /// ``handler``, unretained: the fast path calls it without retaining it (see ``handler``).
    /// Read strongly instead, `request_reply_ns` went from 39.6 to 50.5 (release build, two
    /// interleaved runs).
    @usableFromInline @exclusivity(unchecked) var unretainedHandler: Unmanaged<RequestHandler<Request, Reply>>?
    /// The handler removed while it was handling a request, kept until the request returns.
    @usableFromInline @exclusivity(unchecked) var retiredHandler: RequestHandler<Request, Reply>? {
        didSet { updateSlowPath() }
    }
    /// How deep requests on this notifier are nested now (unchecked: `request_audited_ns`).
    @usableFromInline @exclusivity(unchecked) var nesting = 0
    /// Whether the notifier audits (unchecked: `request_audited_ns`).
    @usableFromInline @exclusivity(unchecked) var isAuditing: Bool {
        didSet { updateSlowPath() }
    }
    /// Whether a send must take the slow path: auditing, an admission check, or a handler to
    /// release once the request in progress returns. One flag, so that the fast path reads one
    /// (unchecked: `request_audited_ns`).
    @usableFromInline @exclusivity(unchecked) var takesSlowPath = false
    /// Decides before a request is recorded whether it may be delivered: a refusal is recorded
    /// as dropped. Set by the package's own actors, such as a ``ScopeStack`` ending a cycle.
    @usableFromInline var admission: ((Request) -> NotifierError?)? {
        didSet { updateSlowPath() }
    }
    @usableFromInline var terminatedScope: ActorURI?
    /// When the audit trail renders the requests: values of a `Sendable` type when read, others now.
    /// Unchecked, as the send's other state is: the audited send reads it (`request_audited_ns`).
    @exclusivity(unchecked) private var rendering: RenderingRule
    /// The notifier as the records of its requests name it: with its owner as the target
    /// when a request is delivered, with none when it is undelivered or dropped.
    private let deliveredOrigin: AuditRecord.Origin
    private let undeliveredOrigin: AuditRecord.Origin
    /// What makes a reply a value for the trail; `nil` for a `Void` reply or one that is not
    /// `Encodable`, which are not recorded.
    private let replyEncoder: ((Reply) -> RecordedValue?)? = RecordedValue.encoder(forReplies: Reply.self)
    /// The innermost scope, as the audited send last found it; unchecked as `rendering` is
    /// (`request_audited_ns`).
    @exclusivity(unchecked) var scopeSnapshot = ScopeSnapshot()
    /// Where the notifier describes itself in its context's inventory, while it audits.
    var inventoryKey: UInt64?
    /// Whether a refusal is being recorded now: rendering a request and handing its record to
    /// the store run user code, which may send on this notifier again.
    private var isRecordingARefusal = false
    /// ``audit``, unretained: recording through it spares a retain and a release of the
    /// context on every send, while ``audit`` keeps it alive (see `EventNotifier`'s, whose
    /// figure is measured); unchecked as `rendering` is (`request_audited_ns`).
    @exclusivity(unchecked) var unretainedAudit: Unmanaged<AuditContext>
    /// The owner's actor, as the audited delivery names it while the handler runs.
    private lazy var handlerActor = ActorIdentity(uri.actor)

    /// Creates a request notifier of the actor `actor`, with the URI `<actor>/notifier/<name>`
    /// and no handler yet: `RequestNotifier<ServiceRequest, Void>(of: LocationService.uri)`.
    ///
    /// - Parameters:
    ///   - actor: The URI of the actor that owns the notifier.
    ///   - name: The notifier's name: one URI segment. A malformed name is a programming
    ///     error and stops the program with a message naming it.
    ///   - audit: Where the notifier reports; by default the ``AuditContext/current`` one.
    public convenience init(of actor: ActorURI, named name: String = "request", audit: AuditContext = .current)
    where Request: Sendable {
        self.init(of: actor, named: name, audit: audit, keepingValues: true)
    }

    /// Creates a notifier whose requests are kept in their records only if `keepingValues`:
    /// `true` only where `Request` is known to be `Sendable`, as a record may be read on any
    /// thread. The package's own notifiers of objects (a scope stack's requests carry scopes)
    /// render each request when it is sent and keep nothing.
    init(of actor: ActorURI, named name: String, audit: AuditContext, keepingValues: Bool) {
        self.uri = NotifierURI(actor: actor, fixedName: name)
        self.deliveredOrigin = AuditRecord.Origin(
            notifier: uri, variety: .request, aspect: .request(.synchronous, replying: Reply.self), targets: [uri.actor]
        )
        self.undeliveredOrigin = AuditRecord.Origin(
            notifier: uri, variety: .request, aspect: deliveredOrigin.aspect, targets: [])
        self.audit = audit
        self.unretainedAudit = .passUnretained(audit)
        self.isAuditing = audit.isEnabled
        self.takesSlowPath = audit.isEnabled
        self.rendering = RenderingRule(isSendable: keepingValues)
        inventoryKey = audit.register(self, as: emptySnapshot)
    }

    /// The rule `request` is rendered by, decided and copied out: the description it may run
    /// must find no access to ``rendering`` open.
    private func renderingRule(for request: Request) -> RenderingRule {
        rendering.decide(for: request)
        return rendering
    }

    deinit {
        if let inventoryKey { audit.inventory.remove(inventoryKey) }
    }

    /// How its requests travel: synchronously, and bi-way unless the reply is `Void`.
    public var aspect: InteractionAspect { deliveredOrigin.aspect }

    private func updateSlowPath() {
        takesSlowPath = isAuditing || admission != nil || retiredHandler != nil
    }

    /// Releases a handler removed while it handled the request that has just returned.
    @usableFromInline
    func releaseRetiredHandler() {
        if nesting == 0 {
            retiredHandler = nil
        }
    }

    /// Asks the owner to handle `request` and returns its reply.
    ///
    /// - Throws: ``NotifierError/unhandledRequest(_:)`` when no live handler is installed, or
    ///   ``NotifierError/runawayCycle(_:limit:)`` when requests nest too deep.
    @inlinable
    @discardableResult
    public func send(_ request: Request) throws(NotifierError) -> Reply {
        guard !takesSlowPath, nesting == 0, let reply = handleUnretained(request) else {
            return try dispatch(request).get()
        }
        return reply
    }

    /// The fast path: calls the handler without retaining it, or returns `nil` when there is
    /// none, its owner has gone, or the thread's stack is nearly exhausted (a long chain of
    /// distinct notifiers re-enters none, so only this check cuts it).
    @inlinable
    func handleUnretained(_ request: Request) -> Reply? {
        guard let handler = unretainedHandler, !StackBudget.isNearlyExhausted else { return nil }
        nesting &+= 1
        defer {
            nesting &-= 1
            if takesSlowPath { releaseRetiredHandler() }
        }
        // Unretained, as `unretainedHandler` says why (`request_reply_ns`).
        return handler._withUnsafeGuaranteedRef { $0.handleIfOwnerLives(request) }
    }

    /// The slow path: auditing, no live handler, a terminated scope, or a runaway cycle.
    ///
    /// Inlinable so that it is specialized where it is called (see `EventNotifier`).
    @inlinable @inline(never)
    func dispatch(_ request: Request) -> Result<Reply, NotifierError> {
        if let terminatedScope {
            recordIfAuditing(request, delivery: .undelivered)
            return .failure(.scopeTerminated(uri, scope: terminatedScope))
        }
        guard let handler, let owner = handler.owner else {
            // An owner that has gone: let go of its handler, and of what is left of the owner.
            self.handler = nil
            recordIfAuditing(request, delivery: .undelivered)
            return .failure(.unhandledRequest(uri))
        }
        if let admission, let refusal = admission(request) {
            recordIfAuditing(request, delivery: .dropped)
            return .failure(refusal)
        }
        guard nesting < Self.reentrantSendLimit else {
            recordIfAuditing(request, delivery: .dropped)
            return .failure(.runawayCycle(uri, limit: Self.reentrantSendLimit))
        }
        // Every synchronous cycle re-enters a notifier, and so takes this path, until what is
        // left of the stack cuts it.
        if StackBudget.isNearlyExhausted {
            recordIfAuditing(request, delivery: .dropped)
            return .failure(.nestedTooDeep(uri))
        }
        nesting += 1
        defer {
            nesting -= 1
            releaseRetiredHandler()
        }
        // `owner` is held until the request returns, so the handler's own load of it succeeds.
        return withExtendedLifetime(owner) {
            guard isAuditing else {
                return .success(handler.handleIfOwnerLives(request)!)
            }
            return .success(record(request) { handler.handleIfOwnerLives(request)! })
        }
    }

    /// Records `request`, about to be delivered, and has `handle` handle it in its frame.
    @usableFromInline
    func record(_ request: Request, handledWith handle: () -> Reply) -> Reply {
        // Unretained, as `unretainedAudit` says why (`audit_overhead_vs_record_limit`).
        let handlers = unretainedAudit._withUnsafeGuaranteedRef { audit in
            audit.recordForHandlers(
                renderingRule(for: request).text(of: request), from: deliveredOrigin, delivery: .delivered,
                scope: audit.innermostScope(refreshing: &scopeSnapshot))
        }
        let reply = handlers.run(as: handlerActor) { _ in handle() }
        if let replyEncoder {
            audit.record(reply: reply, toRequest: handlers.frame.sequence, encodedWith: replyEncoder)
        }
        return reply
    }

    @usableFromInline
    /// Records a request that is not delivered: `delivery` is undelivered or dropped.
    func recordIfAuditing(_ request: Request, delivery: AuditDelivery) {
        // A refusal while one is recorded — a description or a store that sends here each time,
        // past the nesting limit or the stack budget — is refused unrecorded: recording it
        // would only send again.
        guard isAuditing, !isRecordingARefusal else { return }
        isRecordingARefusal = true
        defer { isRecordingARefusal = false }
        // Unretained, as `unretainedAudit` says why (`audit_overhead_vs_record_limit`).
        _ = unretainedAudit._withUnsafeGuaranteedRef { audit in
            audit.record(
                renderingRule(for: request).text(of: request),
                from: undeliveredOrigin,
                delivery: delivery,
                scope: audit.innermostScope(refreshing: &scopeSnapshot)
            )
        }
    }
}

extension RequestNotifier {
    /// Asks the owner to handle `request`, sent for its effect: the reply is dropped. A request
    /// that is not delivered is recorded and reported to the ``AuditContext``'s fault handler,
    /// as a single-way request is — where `_ = try? send(request)` would swallow it.
    public func sendIgnoringReply(_ request: Request) {
        do {
            _ = try send(request)
        } catch {
            audit.reportFault(error)
        }
    }
}

extension RequestNotifier where Reply == Void {
    /// Asks the owner to handle `request`.
    ///
    /// When no live handler is installed, or requests nest too deep, the request is not
    /// handled; the ``AuditContext``'s fault handler is told, and the audit trail records it.
    @inlinable
    public func send(_ request: Request) {
        guard !takesSlowPath, nesting == 0, handleUnretained(request) != nil else {
            return sendReportingFaults(request)
        }
    }

    @usableFromInline
    func sendReportingFaults(_ request: Request) {
        if case .failure(let fault) = dispatch(request) {
            audit.reportFault(fault)
        }
    }
}

@available(*, unavailable, message: "A notifier belongs to one isolation domain; hop to it to send.")
extension RequestNotifier: Sendable {}
