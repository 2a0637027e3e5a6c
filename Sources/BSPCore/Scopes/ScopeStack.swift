public import Observation

/// A stack of scopes: the behaviour stack of an app, or the presentation stack whose top
/// scope's view is what the UI shows.
///
/// Every change is a request on the stack's ``requests`` notifier, so it is audited like any
/// other notification; the methods below send those requests for you. Each change is reported
/// on ``transitions``, and ``scopes``, ``top`` and ``topView`` are observable with the
/// Observation framework, so a SwiftUI view can show the top presentation scope's view:
///
/// ```swift
/// let presentation = ScopeStack(uri: "/actor/presentation/stack")
/// let behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation)
///
/// try behaviour.push(HostingScope())          // activates, pushing its companion first
/// let exit = try behaviour.pop()              // deactivates and hands back the result
/// ```
///
/// ## Transitions requested during a transition
///
/// A push, pop, pop-to or replace requested while another transition runs — from inside
/// ``Scope/activate()`` or ``Scope/deactivate()`` — is queued. It runs when the current
/// transition completes, in request order, before the outermost call returns; the inner call
/// returns at once (``pop()`` then returns `nil`). If a queued request fails, the failure is
/// reported on ``transitions`` as ``ScopeTransition/failed(_:)`` and to the audit context's
/// fault handler. Suspend and resume hand back a reply, so they cannot wait: requested during
/// a transition they throw ``ScopeStackError/transitionInProgress(stack:request:)``.
@Observable
public final class ScopeStack: BSPActor {
    /// The stack's URI, such as `/actor/behaviour/stack`.
    public let uri: ActorURI

    /// What the stack's handler of its own requests lasts as long as.
    @ObservationIgnored public let lifetime = ActorLifetime()

    /// The stack's input: every push, pop, pop-to, replace, suspend and resume.
    public var requests: RequestPort<Request, Result<Reply, ScopeStackError>> {
        requestNotifier.port
    }

    /// The stack's output: a report of every transition.
    public var transitions: EventPort<ScopeTransition> {
        transitionNotifier.port
    }

    /// The stack's own notifiers: it alone handles its requests and reports its transitions.
    @ObservationIgnored let requestNotifier: RequestNotifier<Request, Result<Reply, ScopeStackError>>
    @ObservationIgnored let transitionNotifier: EventNotifier<ScopeTransition>

    /// The stack that the companions of this stack's scopes are pushed onto.
    @ObservationIgnored public let companions: ScopeStack?

    /// The scopes on the stack, bottom first.
    public var scopes: [any Scope] {
        access(keyPath: Self.scopesKeyPath)
        return stack
    }

    /// ``scopes``, read without registering an observation: a transition reads the stack many
    /// times. Changes go through ``appendToStack(_:uri:)`` and ``removeTopOfStack()``, so that
    /// observers hear of them.
    // Runtime exclusivity checks are off for the stack's transition state (`stack`, `uris`,
    // `round`): with them on, `scope_push_pop_us` went from a median of 3.8 to 4.4 µs (release
    // build, five interleaved runs, noisy).
    @ObservationIgnored @exclusivity(unchecked) private(set) var stack: [any Scope] = []

    /// The key path of ``scopes``, made once: a key path literal is looked up on every use.
    private static let scopesKeyPath = \ScopeStack.scopes

    /// The URIs of the scopes on the stack, in stack order, so that a push checks for a
    /// duplicate without reading every scope's URI (a call and a retain each, through the
    /// existential): comparing URIs is cheaper still than hashing them for a set, on the
    /// stacks a few scopes deep that apps have. Unchecked as ``stack`` is (`scope_push_pop_us`).
    @ObservationIgnored @exclusivity(unchecked) private(set) var uris: [ActorURI] = []

    /// Puts `scope`, whose URI is `uri`, on top, telling the observers of ``scopes``: changed in
    /// place, as assigning a changed copy would copy the whole stack on every transition.
    func appendToStack(_ scope: any Scope, uri: ActorURI) {
        withMutation(keyPath: Self.scopesKeyPath) { stack.append(scope) }
        uris.append(uri)
        requestNotifier.publishStack(self.uri, scopes: uris)
    }

    /// Takes the top scope off the stack, telling the observers of ``scopes``.
    func removeTopOfStack() {
        withMutation(keyPath: Self.scopesKeyPath) { _ = stack.removeLast() }
        uris.removeLast()
        requestNotifier.publishStack(self.uri, scopes: uris)
    }

    @ObservationIgnored let audit: AuditContext
    /// The transition running now and the requests waiting for it. One stored value, so that
    /// one annotation turns the runtime's exclusivity checks off for all of it
    /// (`scope_push_pop_us`; see ``stack``).
    @ObservationIgnored @exclusivity(unchecked) var round = TransitionRound()

    /// What the transition running now, and those it set off, keep.
    struct TransitionRound {
        var isTransitioning = false
        /// Requests that arrived during a transition, each with the notification being handled
        /// when it was sent, so that what it does later names that as its cause.
        var pending: [(request: Request, cause: AuditCause?)] = []
        /// How many transitions the outermost request running now has set off, itself included.
        var transitionsThisRound = 0
        /// Whether this round's runaway cycle has been reported, so that it is reported once.
        var runawayReported = false
    }

    /// How many transitions one request may set off — itself and those queued during it, from
    /// ``Scope/activate()`` or ``Scope/deactivate()`` — before the stack treats the rest as a
    /// runaway cycle (a scope that replaces itself on activation, say): a further request is
    /// recorded as dropped and refused with ``NotifierError/runawayCycle(_:limit:)``, also
    /// reported to the audit context's fault handler.
    public static var transitionLimit: Int { 1_000 }

    /// Creates an empty stack.
    ///
    /// - Parameters:
    ///   - uri: The stack's URI; its notifiers' URIs derive from it.
    ///   - companions: The stack that the companions of this stack's scopes are pushed onto,
    ///     usually the presentation stack of a behaviour stack.
    ///   - audit: Where the stack's notifiers report; by default the current context.
    public init(uri: ActorURI, companions: ScopeStack? = nil, audit: AuditContext = .current) {
        self.uri = uri
        self.companions = companions
        self.audit = audit
        self.requestNotifier = RequestNotifier(of: uri, named: "request", audit: audit, keepingValues: false)
        self.transitionNotifier = EventNotifier(of: uri, named: "transition", audit: audit)
        requestNotifier.handle(by: self) { stack, request in stack.perform(request) }
        requestNotifier.publishStack(uri, scopes: [])
        // Weakly: a port keeps the notifier, and so this closure, alive after the stack has gone.
        requestNotifier.admission = { [weak self] _ in self?.refusalOfRunawayTransitions() }
    }

    deinit {
        // The scopes still on the stack end with it, top first, without deactivating and
        // without a record (a stack let go of runs no scope's code and sends nothing): what they
        // own ends, so that the observations holding them while they operate let go of them — a
        // scope and its companion that observe each other would otherwise keep each other
        // alive; and they are terminated, so that their notifiers refuse requests and records
        // no longer name them as the innermost scope. A companion stays on its own stack, which
        // pops it when it is popped or let go of itself.
        for (scope, uri) in zip(stack, uris).reversed() {
            let lifecycle = scope.lifecycle
            lifecycle.endOwnedWork()
            lifecycle.storage.state = .terminated
            lifecycle.stack = nil
            lifecycle.terminateBoundNotifiers()
            audit.scopeDidEnd(uri)
        }
    }

    /// The top scope, or `nil` when the stack is empty.
    public var top: (any Scope)? {
        scopes.last
    }

    /// The view of the top scope, if it is a ``PresentationScope``: what the UI shows.
    public var topView: Any? {
        guard let top = scopes.last as? any PresentationScope else { return nil }
        return view(of: top)
    }

    /// The view of the top scope, if it is a ``PresentationScope`` whose view is a `View`.
    public func topView<View>(as type: View.Type = View.self) -> View? {
        topView as? View
    }

    /// Whether a scope with this URI is on the stack.
    public func contains(_ scope: ActorURI) -> Bool {
        scopes.contains { $0.uri == scope }
    }

    /// Pushes `scope` and activates it, pushing its companion first.
    ///
    /// - Throws: ``ScopeStackError`` when the scope, or another with its URI, is on the stack
    ///   already, has terminated, or its companion cannot be pushed.
    ///
    /// A refusal is thrown to the caller, who can act on it, and not also reported to the
    /// fault handler: one error, one channel. So `try? stack.push(scope)` discards it, as it
    /// discards any error; a handler that cannot act on a refusal hands it to the fault
    /// handler of the context its notification runs in, with
    /// `catch { AuditContext.current.reportFault(error) }`. (A request queued behind a
    /// running transition has no caller left to throw to; its refusal goes to the fault
    /// handler.)
    public func push(_ scope: any Scope) throws(ScopeStackError) {
        _ = try send(.push(scope))
    }

    /// Deactivates and pops the top scope, after popping its companion.
    ///
    /// - Returns: The popped scope and its result, or `nil` when the request was queued
    ///   because another transition is running.
    /// - Throws: ``ScopeStackError/emptyStack(stack:)``.
    @discardableResult
    public func pop() throws(ScopeStackError) -> ScopeExit? {
        try send(.pop(expected: nil)).exits.first
    }

    /// Deactivates and pops `scope`, which must be the top scope.
    ///
    /// - Returns: The popped scope and its result, or `nil` when the request was queued.
    /// - Throws: ``ScopeStackError/notOnTop(scope:top:stack:)`` when another scope is on top,
    ///   ``ScopeStackError/notOnStack(scope:stack:)`` or ``ScopeStackError/emptyStack(stack:)``.
    @discardableResult
    public func pop(_ scope: ActorURI) throws(ScopeStackError) -> ScopeExit? {
        try send(.pop(expected: scope)).exits.first
    }

    /// Pops every scope above `scope`, top first, leaving `scope` on top.
    ///
    /// - Returns: The popped scopes and their results, children before parents; empty when
    ///   the request was queued.
    /// - Throws: ``ScopeStackError/notOnStack(scope:stack:)``.
    @discardableResult
    public func popAbove(_ scope: ActorURI) throws(ScopeStackError) -> [ScopeExit] {
        try send(.popAbove(scope)).exits
    }

    /// Pops the top scope and pushes `scope` in its place.
    ///
    /// - Returns: The popped scope and its result, or `nil` when the request was queued.
    /// - Throws: ``ScopeStackError`` when the stack is empty or `scope` cannot be pushed;
    ///   the stack is then unchanged.
    @discardableResult
    public func replaceTop(with scope: any Scope) throws(ScopeStackError) -> ScopeExit? {
        try send(.replaceTop(with: scope)).exits.first
    }

    /// Suspends the scopes above `scope` (every scope when `nil`), top first: each scrubs its
    /// data, records where it was, and is popped.
    ///
    /// - Returns: The records, bottom first, ready for ``resume(from:make:)``.
    /// - Throws: ``ScopeStackError/notOnStack(scope:stack:)``, or
    ///   ``ScopeStackError/transitionInProgress(stack:request:)``.
    public func suspend(above scope: ActorURI? = nil) throws(ScopeStackError) -> [ScopeRecord] {
        guard case .suspended(let records) = try send(.suspend(above: scope)) else { return [] }
        return records
    }

    /// Rebuilds suspended scopes level by level on top of the stack.
    ///
    /// For each record, bottom first, `make` creates the scope, which is pushed (its
    /// ``ScopeLifecycle/resumeRecord`` set while it activates) and then asked to
    /// ``Scope/resume(from:)``. Resumption stops at the first scope that refuses, cannot be
    /// made, or cannot be pushed.
    ///
    /// - Returns: How far resumption got.
    /// - Throws: ``ScopeStackError/transitionInProgress(stack:request:)``.
    public func resume(
        from records: [ScopeRecord],
        make: @escaping (ScopeRecord) -> (any Scope)?
    ) throws(ScopeStackError) -> ResumeOutcome {
        guard case .resumed(let outcome) = try send(.resume(records, make: make)) else {
            return .completed(restored: 0)
        }
        return outcome
    }

    private func send(_ request: Request) throws(ScopeStackError) -> Reply {
        let outcome: Result<Reply, ScopeStackError>
        do {
            outcome = try requestNotifier.send(request)
        } catch {
            throw ScopeStackError.undelivered(stack: uri, reason: error)
        }
        return try outcome.get()
    }

    private func view(of scope: some PresentationScope) -> Any {
        scope.view
    }
}

extension ScopeStack {
    /// Ends a stack that a terminated scope owned: its scopes are popped, top first, so that
    /// their work ends too, and later requests are refused naming the scope.
    func close(ownedBy scope: ActorURI) {
        while top != nil, (try? pop()) != nil {}
        requestNotifier.scopeDidTerminate(scope)
    }
}

@available(*, unavailable, message: "A scope stack belongs to one isolation domain.")
extension ScopeStack: Sendable {}
