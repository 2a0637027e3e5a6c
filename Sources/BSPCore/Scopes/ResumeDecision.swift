/// A resumed scope's answer: go on rebuilding the scopes above it, or stop here.
public enum ResumeDecision: Hashable, Sendable {
    /// Resumption goes on to the next record.
    case proceed
    /// Resumption stops at this scope, which stays on top; for example a login scope whose
    /// one-time session key was refused.
    case refuse(reason: String)
}

/// How far ``ScopeStack/resume(from:make:)`` got.
public enum ResumeOutcome: Hashable, Sendable {
    /// Every record's scope was pushed again; `restored` counts them.
    case completed(restored: Int)
    /// Resumption stopped at `scope`, for `reason`, after pushing `restored` scopes. The scope
    /// itself is on top when it refused, and is not when it could not be made or pushed.
    case stopped(at: ActorURI, reason: String, restored: Int)
}
