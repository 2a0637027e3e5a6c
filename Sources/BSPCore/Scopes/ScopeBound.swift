/// A notifier bound to the scope that handles it: the scope's ``ScopeLifecycle`` keeps it
/// (see ``RequestNotifier/handle(by:_:)``), so that it follows the scope's lifecycle wherever
/// it is stored, and nothing else is touched.
protocol ScopeBound: AnyObject {
    /// Called when the scope is pushed onto a stack reporting to `context`: a notifier created
    /// outside any context joins it.
    func join(_ context: AuditContext)

    /// Called once, when `scope`, which handles this notifier, has terminated.
    func scopeDidTerminate(_ scope: ActorURI)
}

/// A weak reference to a bound notifier, so that binding keeps nothing alive.
struct WeakScopeBound {
    weak var notifier: (any ScopeBound)?
}
