/// A scope's state and the work it owns, which ends when the scope deactivates.
///
/// Hand the lifecycle every observation and task the scope starts:
///
/// ```swift
/// func activate() {
///     lifecycle.own(presentation.events.observe(by: self) { intent in … })
///     lifecycle.own(Task { await poll() })
/// }
/// ```
///
/// When the scope deactivates, the observations are cancelled and the tasks are cancelled;
/// work handed over after that is cancelled at once.
public final class ScopeLifecycle {
    /// Where the scope is in its lifecycle.
    public internal(set) var state: ScopeState = .inactive

    /// The record the scope is being resumed from, while the stack rebuilds it, else `nil`.
    ///
    /// A scope that pushes a child scope when it activates should leave that to the resumption
    /// while this is set: the resumption pushes the children it recorded.
    public internal(set) var resumeRecord: ScopeRecord?

    private var tokens: [ObservationToken] = []
    private var cancellations: [() -> Void] = []
    private var completions: [@Sendable () async -> Void] = []
    private var stacks: [ScopeStack] = []
    /// The scope's URI, once it is on a stack.
    var scope: ActorURI?

    /// Creates the lifecycle of a scope that has not been pushed yet.
    public init() {}

    /// Keeps `token` until the scope deactivates, then cancels it.
    public func own(_ token: ObservationToken) {
        guard isOperating else {
            token.cancel()
            return
        }
        tokens.append(token)
    }

    /// Keeps `task` until the scope deactivates, then cancels it. The pop's ``ScopeExit`` can
    /// await its end with ``ScopeExit/awaitOwnedWork()``.
    public func own<Success, Failure>(_ task: Task<Success, Failure>) {
        completions.append { _ = await task.result }
        guard isOperating else {
            task.cancel()
            return
        }
        cancellations.append { task.cancel() }
    }

    /// Keeps `stack`, a stack the scope holds for a sub-flow, until the scope deactivates; then
    /// its scopes are popped, top first, and later requests to it are refused with
    /// ``ScopeStackError/undelivered(stack:reason:)`` naming the scope.
    public func own(_ stack: ScopeStack) {
        guard isOperating else {
            scope.map { stack.close(ownedBy: $0) }
            return
        }
        stacks.append(stack)
    }

    /// Waits until every task the scope owned has ended.
    var ownedWorkCompletion: @Sendable () async -> Void {
        let completions = self.completions
        return {
            for completion in completions {
                await completion()
            }
        }
    }

    /// Whether work handed over now would run: the scope has not begun to deactivate.
    public var isOperating: Bool {
        state == .inactive || state == .initiating || state == .active
    }

    /// Ends every piece of owned work.
    func endOwnedWork() {
        let tokens = self.tokens
        let cancellations = self.cancellations
        let stacks = self.stacks
        self.tokens = []
        self.cancellations = []
        self.stacks = []
        if let scope {
            for stack in stacks.reversed() {
                stack.close(ownedBy: scope)
            }
        }
        for token in tokens {
            token.cancel()
        }
        for cancel in cancellations {
            cancel()
        }
    }
}

@available(*, unavailable, message: "A scope belongs to its stack's isolation domain.")
extension ScopeLifecycle: Sendable {}
