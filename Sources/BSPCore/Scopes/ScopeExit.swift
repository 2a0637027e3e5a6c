/// A popped scope and what it handed back.
public struct ScopeExit: Sendable {
    /// The popped scope's URI.
    public let scope: ActorURI

    /// The scope's ``Scope/result``, read after it deactivated.
    public let result: (any Sendable)?

    /// Creates an exit.
    public init(scope: ActorURI, result: (any Sendable)?) {
        self.scope = scope
        self.result = result
    }

    /// The result, if it is a `Result`.
    public func result<Result>(as type: Result.Type = Result.self) -> Result? {
        result as? Result
    }
}
