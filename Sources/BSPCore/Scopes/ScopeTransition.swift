/// A change to a ``ScopeStack``, reported on its ``ScopeStack/transitions`` notifier.
public enum ScopeTransition: Hashable, Sendable {
    /// The scope was pushed and has activated.
    case pushed(ActorURI)
    /// The scope deactivated and was popped.
    case popped(ActorURI)
    /// The scope recorded where it was, scrubbed its data and was popped.
    case suspended(ActorURI)
    /// Resumption stopped at this scope.
    case resumeStopped(at: ActorURI, reason: String)
    /// A queued request failed; its caller had already returned.
    case failed(ScopeStackError)
}

extension ScopeTransition {
    /// The change to the stack, for transitions that changed it.
    var stackChange: StackChange? {
        switch self {
        case .pushed(let scope): StackChange(.pushed, scope)
        case .popped(let scope): StackChange(.popped, scope)
        case .suspended(let scope): StackChange(.suspended, scope)
        case .resumeStopped, .failed: nil
        }
    }
}
