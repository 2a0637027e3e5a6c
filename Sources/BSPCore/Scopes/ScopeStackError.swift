/// A scope stack request that could not be carried out. Each case names the stack's URI.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public indirect enum ScopeStackError: Error, Hashable, Sendable {
    /// Pop was requested on an empty stack.
    case emptyStack(stack: ActorURI)
    /// The scope asked to be popped is not the top scope.
    case notOnTop(scope: ActorURI, top: ActorURI, stack: ActorURI)
    /// The scope is not on the stack.
    case notOnStack(scope: ActorURI, stack: ActorURI)
    /// The scope, or another with its URI, is already on the stack.
    case alreadyOnStack(scope: ActorURI, stack: ActorURI)
    /// The scope has terminated; a scope is pushed once.
    case terminated(scope: ActorURI, stack: ActorURI)
    /// The scope has a companion but the stack has no companion stack to push it onto.
    case noCompanionStack(scope: ActorURI, stack: ActorURI)
    /// The companion of `scope` could not be pushed or popped.
    case companionFailed(scope: ActorURI, stack: ActorURI, reason: ScopeStackError)
    /// Suspend or resume was requested while another transition was running; they hand back
    /// a reply, so they cannot wait in the queue.
    case transitionInProgress(stack: ActorURI, request: String)
    /// The request could not be delivered to the stack, for example because the scope holding
    /// the stack has terminated.
    case undelivered(stack: ActorURI, reason: NotifierError)

    /// The URI of the stack involved.
    public var stack: ActorURI {
        switch self {
        case .emptyStack(let stack), .notOnTop(_, _, let stack), .notOnStack(_, let stack),
            .alreadyOnStack(_, let stack), .terminated(_, let stack), .noCompanionStack(_, let stack),
            .companionFailed(_, let stack, _), .transitionInProgress(let stack, _), .undelivered(let stack, _):
            stack
        }
    }
}

extension ScopeStackError: CustomStringConvertible {
    /// A sentence naming the stack and scope URIs involved.
    public var description: String {
        switch self {
        case .emptyStack(let stack):
            "Cannot pop: stack '\(stack)' is empty."
        case .notOnTop(let scope, let top, let stack):
            "Cannot pop scope '\(scope)': the top of stack '\(stack)' is '\(top)'."
        case .notOnStack(let scope, let stack):
            "Scope '\(scope)' is not on stack '\(stack)'."
        case .alreadyOnStack(let scope, let stack):
            "Cannot push scope '\(scope)': it is already on stack '\(stack)'."
        case .terminated(let scope, let stack):
            "Cannot push scope '\(scope)' onto stack '\(stack)': it has terminated; push a new instance."
        case .noCompanionStack(let scope, let stack):
            "Scope '\(scope)' has a companion, but stack '\(stack)' has no companion stack."
        case .companionFailed(let scope, let stack, let reason):
            "The companion of scope '\(scope)' on stack '\(stack)' failed: \(reason)"
        case .transitionInProgress(let stack, let request):
            "Cannot \(request) on stack '\(stack)' while another transition is running."
        case .undelivered(let stack, let reason):
            "The request to stack '\(stack)' was not delivered: \(reason)"
        }
    }
}
