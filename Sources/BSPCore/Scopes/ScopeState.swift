/// Where a scope is in its lifecycle.
///
/// ```text
/// inactive ──push──▶ initiating ──activate()──▶ active ──pop──▶ deactivating ──deactivate()──▶ terminated
/// ```
///
/// A scope is pushed once: a terminated scope cannot be pushed again.
public enum ScopeState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Created, never pushed.
    case inactive
    /// On the stack, with its companion; ``Scope/activate()`` is running.
    case initiating
    /// Activated, operating.
    case active
    /// About to be popped: its companion is being popped and ``Scope/deactivate()`` is running.
    case deactivating
    /// Popped. Its owned work has ended and its request notifiers refuse requests.
    case terminated
}
