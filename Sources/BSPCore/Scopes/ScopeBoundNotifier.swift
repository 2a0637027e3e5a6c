/// A notifier that follows the lifecycle of the scope holding it: it joins the audit context of
/// the stack the scope is pushed onto (if it was created outside any context), and stops
/// accepting requests once the scope terminates.
protocol ScopeBoundNotifier: AnyObject {
    /// Called when the scope holding this notifier is pushed onto a stack reporting to `context`.
    func join(_ context: AuditContext)

    /// Called once, when `scope`, which holds this notifier, has terminated.
    func scopeDidTerminate(_ scope: ActorURI)
}

extension Scope {
    /// The notifiers among the scope's stored properties, including its superclasses'.
    var boundNotifiers: [any ScopeBoundNotifier] {
        var notifiers: [any ScopeBoundNotifier] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            notifiers += current.children.compactMap { $0.value as? any ScopeBoundNotifier }
            mirror = current.superclassMirror
        }
        return notifiers
    }
}
