/// A scope's state and the work it owns, which ends when the scope deactivates.
///
/// What a scope owns is bound to it explicitly, never found by looking through its
/// properties:
///
/// - an observation it starts with ``EventNotifier/observe(by:_:)`` passing itself as the
///   observer ends when it deactivates;
/// - a request notifier it handles with ``RequestNotifier/handle(by:_:)`` passing itself as the
///   owner refuses requests once it terminates, wherever the notifier is stored;
/// - tasks, registrations and sub-stacks are handed to the lifecycle with `own`:
///
/// ```swift
/// func activate() {
///     presentation.events.observe(by: self) { scope, intent in scope.handle(intent) }
///     lifecycle.own(Task { await poll() })
/// }
/// ```
///
/// A peer's notifier that the scope merely holds is never touched. Work handed over after
/// the scope began to deactivate is ended at once.
public final class ScopeLifecycle {
    /// Where the scope is, and what it owns. One stored value, so that one annotation turns the
    /// runtime's exclusivity checks off for all of it: no access to it is held across a call to
    /// a scope's or a handler's code (copies are taken first), and the checks cost more than
    /// the transitions that read it: with the checks on here and in `ScopeStack`,
    /// `scope_push_pop_us` went from 2.05 to 2.6–2.8 (release build, three interleaved runs).
    @exclusivity(unchecked) var storage = Storage()

    /// What ``storage`` holds; the stack writes ``state`` and ``resumeRecord`` through it.
    struct Storage {
        var state: ScopeState = .inactive
        var resumeRecord: ScopeRecord?
        var companion: (any Scope)?
        var registrations: [Registration] = []
        var boundNotifiers: [WeakScopeBound] = []
        var cancellations: [() -> Void] = []
        var completions: [@Sendable () async -> Void] = []
        var stacks: [ScopeStack] = []
        var deactivationWatchers: [() -> Void] = []
        var scope: ActorURI?
        var stackContext: AuditContext?
        weak var stack: ScopeStack?
        weak var companionOf: ScopeLifecycle?
    }

    /// What the handlers the scope installs and the observations it makes last as long as, at
    /// most: the lifetime a ``Scope`` hands out as its ``BSPActor/lifetime``.
    public let lifetime = ActorLifetime()

    /// Where the scope is in its lifecycle.
    public var state: ScopeState {
        storage.state
    }

    /// The record the scope is being resumed from, while the stack rebuilds it, else `nil`.
    ///
    /// A scope that pushes a child scope when it activates should leave that to the resumption
    /// while this is set: the resumption pushes the children it recorded.
    public var resumeRecord: ScopeRecord? {
        storage.resumeRecord
    }

    /// The companion, read from ``Scope/companion`` once, when the scope was pushed.
    var companion: (any Scope)? {
        get { storage.companion }
        set {
            // The companion let go of is released after the write, not inside it: its
            // `deinit` may read this lifecycle.
            let replaced = storage.companion
            storage.companion = newValue
            withExtendedLifetime(replaced) {}
        }
    }

    /// The scope's URI, once it is on a stack.
    var scope: ActorURI? {
        get { storage.scope }
        set { storage.scope = newValue }
    }

    /// The stack the scope is on, while it is: held weakly, so that a scope never keeps its
    /// stack alive.
    var stack: ScopeStack? {
        get { storage.stack }
        set { storage.stack = newValue }
    }

    /// For a companion, the lifecycle of the scope it accompanies: a companion that dismisses
    /// itself dismisses that scope, and with it itself.
    var companionOf: ScopeLifecycle? {
        get { storage.companionOf }
        set { storage.companionOf = newValue }
    }

    /// Creates the lifecycle of a scope that has not been pushed yet.
    public init() {}

    /// Pops the scope from the stack it is on, with every scope above it, top first — the way
    /// a scope dismisses itself, without holding its stack:
    ///
    /// ```swift
    /// func activate() {
    ///     sheet.intents.observe(by: self) { scope, intent in
    ///         scope.save(intent)
    ///         scope.lifecycle.dismiss()
    ///     }
    /// }
    /// ```
    ///
    /// A companion that dismisses itself dismisses the scope it accompanies, which pops both.
    /// Does nothing when the scope is not on a stack — not yet pushed, popped already, or its
    /// stack has gone. During another transition the pops are queued, as every request to a
    /// stack is, and run before that transition's request returns. It does not throw: a scope
    /// on its stack can always be popped, and should the stack refuse, the refusal goes to the
    /// stack's fault handler, as a queued request's does.
    ///
    /// - Returns: The popped scopes and their results, children first; empty when there was
    ///   nothing to pop or the pops were queued.
    @discardableResult
    public func dismiss() -> [ScopeExit] {
        if let companionOf, companionOf.isOperating, companionOf.stack != nil {
            return companionOf.dismiss()
        }
        guard let stack, let scope, isOperating else { return [] }
        do {
            var exits = try stack.popAbove(scope)
            if let exit = try stack.pop(scope) {
                exits.append(exit)
            }
            return exits
        } catch {
            stack.audit.reportFault(error)
            return []
        }
    }

    /// Keeps `registration` until the scope deactivates, then cancels it.
    public func own(_ registration: Registration) {
        guard isOperating else {
            registration.cancel()
            return
        }
        storage.registrations.append(registration)
    }

    /// Keeps `task` until the scope deactivates, then cancels it. The pop's ``ScopeExit`` can
    /// await its end with ``ScopeExit/awaitOwnedWork()``.
    public func own<Success, Failure>(_ task: Task<Success, Failure>) {
        storage.completions.append { _ = await task.result }
        guard isOperating else {
            task.cancel()
            return
        }
        storage.cancellations.append { task.cancel() }
        trackPending(task)
    }

    /// Counts `task` as work under way in the context of the stack the scope is on (or the
    /// current one) until it ends, for a test that waits for its system to settle.
    private func trackPending<Success, Failure>(_ task: Task<Success, Failure>) {
        let context = storage.stackContext ?? AuditContext.current
        guard context.isEnabled else { return }
        let work = "tasks owned by \(scope?.path ?? "a scope not yet pushed")"
        let number = context.pendingWork.begin(work) { task.cancel() }
        Task.detached {
            _ = await task.result
            context.pendingWork.end(work, number: number)
        }
    }

    /// Keeps `stack`, a stack the scope holds for a sub-flow, until the scope deactivates; then
    /// its scopes are popped, top first, and later requests to it are refused with
    /// ``ScopeStackError/undelivered(stack:reason:)`` naming the scope.
    public func own(_ stack: ScopeStack) {
        guard isOperating else {
            scope.map { stack.close(ownedBy: $0) }
            return
        }
        storage.stacks.append(stack)
    }

    /// Calls `watch` once the scope has deactivated, before it is popped, while it is still
    /// alive — whether it is on a stack yet or not: how a test reads the last state of a scope
    /// that its own step pops and releases. Does nothing once the scope has terminated.
    @_spi(Inspection) public func watchDeactivation(_ watch: @escaping () -> Void) {
        guard state != .terminated else { return }
        storage.deactivationWatchers.append(watch)
    }

    /// Binds `notifier` to the scope: created outside any audit context, it joins the context
    /// of the stack the scope is pushed onto.
    ///
    /// A request notifier the scope handles with ``RequestNotifier/handle(by:_:)`` is bound
    /// already; bind the scope's event notifiers with this, in its `init`:
    ///
    /// ```swift
    /// init(uri: ActorURI) {
    ///     self.uri = uri
    ///     events = EventNotifier(of: uri)
    ///     lifecycle.bind(events)
    /// }
    /// ```
    ///
    /// Named `bind`, not `own`: the scope does not keep the notifier alive (whoever holds it
    /// does), where ``own(_:)-(Task<Success,Failure>)`` keeps and ends what it is given.
    public func bind<Event>(_ notifier: EventNotifier<Event>) {
        bind(scopeBound: notifier)
    }

    /// Binds `notifier` to the scope, even if another object handles it: it joins the context
    /// of the stack the scope is pushed onto, and refuses requests once the scope terminates.
    public func bind<Request, Reply>(_ notifier: RequestNotifier<Request, Reply>) {
        bind(scopeBound: notifier)
    }

    /// Binds `notifier` to the scope, even if another object handles it: created outside any
    /// audit context, it joins the context of the stack the scope is pushed onto, and it
    /// refuses requests once the scope terminates.
    public func bind<Request, Reply>(_ notifier: AsyncRequestNotifier<Request, Reply>) {
        bind(scopeBound: notifier)
    }

    /// Binds a notifier, so that it joins the scope's stack's audit context and refuses
    /// requests once the scope terminates.
    func bind(scopeBound notifier: any ScopeBound) {
        if state == .terminated, let scope {
            notifier.scopeDidTerminate(scope)
            return
        }
        // Filtered into a copy, then stored: a weak load that finds a notifier retains it, and
        // should it be the last reference, the notifier goes after the write, not inside it.
        let bound = storage.boundNotifiers
        storage.boundNotifiers = bound.filter { $0.notifier != nil } + [WeakScopeBound(notifier: notifier)]
        // Bound after the push (a handler installed in `activate()`): it joins the stack's
        // context now, as those bound before the push did then.
        if let stackContext = storage.stackContext {
            notifier.join(stackContext)
        }
    }

    /// The lifecycle of `owner`, if it is a scope.
    static func of(_ owner: AnyObject) -> ScopeLifecycle? {
        (owner as? any Scope)?.lifecycle
    }

    /// Joins the bound notifiers to the context of the stack the scope was pushed onto.
    func joinBoundNotifiers(to context: AuditContext) {
        storage.stackContext = context
        for bound in storage.boundNotifiers {
            bound.notifier?.join(context)
        }
    }

    /// Makes the bound notifiers refuse requests: the scope has terminated.
    func terminateBoundNotifiers() {
        guard let scope else { return }
        let bound = storage.boundNotifiers
        storage.boundNotifiers = []
        for notifier in bound {
            notifier.notifier?.scopeDidTerminate(scope)
        }
    }

    /// Waits until every task the scope owned has ended.
    var ownedWorkCompletion: @Sendable () async -> Void {
        let completions = storage.completions
        guard !completions.isEmpty else { return ScopeLifecycle.nothingOwned }
        return {
            for completion in completions {
                await completion()
            }
        }
    }

    /// The completion of a scope that owned no task: one closure for all of them.
    private static let nothingOwned: @Sendable () async -> Void = {}

    /// Whether work handed over now would run: the scope has not begun to deactivate.
    public var isOperating: Bool {
        state == .inactive || state == .initiating || state == .active
    }

    /// Whether the scope is on a stack and has not begun to deactivate: the stack will pop it,
    /// and its deactivation ends what it owns, so what observes on its behalf may hold it.
    var isOnStack: Bool {
        stack != nil && (state == .initiating || state == .active)
    }

    /// Ends every piece of owned work.
    func endOwnedWork() {
        let registrations = storage.registrations
        let cancellations = storage.cancellations
        let stacks = storage.stacks
        let watchers = storage.deactivationWatchers
        storage.registrations = []
        storage.cancellations = []
        storage.stacks = []
        storage.deactivationWatchers = []
        // Before the owned work ends: what a watcher reads is what the scope held when it
        // deactivated.
        for watch in watchers {
            watch()
        }
        if let scope {
            for stack in stacks.reversed() {
                stack.close(ownedBy: scope)
            }
        }
        for registration in registrations {
            registration.cancel()
        }
        for cancel in cancellations {
            cancel()
        }
    }
}

@available(*, unavailable, message: "A scope belongs to its stack's isolation domain.")
extension ScopeLifecycle: Sendable {}
