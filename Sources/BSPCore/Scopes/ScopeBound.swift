/// A notifier that follows the lifecycle of the scope holding it: it joins the audit context of
/// the stack the scope is pushed onto (if it was created outside any context), and stops
/// accepting requests once the scope terminates.
protocol ScopeBound: AnyObject {
    /// Called when the scope holding this notifier is pushed onto a stack reporting to `context`.
    func join(_ context: AuditContext)

    /// Called once, when `scope`, which holds this notifier, has terminated.
    func scopeDidTerminate(_ scope: ActorURI)
}

extension Scope {
    /// The scope-bound notifiers among the scope's stored properties, including its superclasses'.
    var boundParts: [any ScopeBound] {
        storedProperties(of: self).compactMap { $0 as? any ScopeBound }
    }
}

/// The values of `value`'s stored properties, its superclasses' included.
func storedProperties(of value: Any) -> [Any] {
    var values: [Any] = []
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
        values += current.children.map(\.value)
        mirror = current.superclassMirror
    }
    return values
}
