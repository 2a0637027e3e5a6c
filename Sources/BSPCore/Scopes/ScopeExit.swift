/// A popped scope and what it handed back.
public struct ScopeExit: Sendable {
    /// The popped scope's URI.
    public let scope: ActorURI

    /// The scope's ``Scope/result``, read after it deactivated.
    public let result: (any Sendable)?

    private let ownedWork: @Sendable () async -> Void

    /// Creates an exit.
    ///
    /// - Parameters:
    ///   - scope: The popped scope's URI.
    ///   - result: What it handed back.
    ///   - ownedWork: Waits until the tasks the scope owned have ended.
    public init(scope: ActorURI, result: (any Sendable)?, ownedWork: @escaping @Sendable () async -> Void = {}) {
        self.scope = scope
        self.result = result
        self.ownedWork = ownedWork
    }

    /// Waits until every task the scope handed its lifecycle has ended. They were cancelled
    /// when it deactivated; after this returns, nothing the scope started is still running.
    public func awaitOwnedWork() async {
        await ownedWork()
    }

    /// The result, if it is a `Result`.
    public func result<Result>(as type: Result.Type = Result.self) -> Result? {
        result as? Result
    }
}
