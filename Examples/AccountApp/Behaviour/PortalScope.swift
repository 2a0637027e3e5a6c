import BSPCore

/// The base of the app's behaviour scopes: a URI under `/actor/behaviour/scope`, the shared
/// context, and a view companion.
///
/// It implements every `Scope` requirement its subclasses override, so that theirs are called.
class PortalScope<View: Scope>: Scope {
    let uri: ActorURI
    let lifecycle = ScopeLifecycle()
    let context: BehaviourContext
    /// The typed view companion.
    let view: View

    init(name: String, context: BehaviourContext, view: View) throws {
        self.uri = try ActorURI(validating: "/actor/behaviour/scope/\(name)")
        self.context = context
        self.view = view
    }

    var companion: (any Scope)? { view }
    var service: PortalPorts { context.service }
    var stack: ScopeStack { context.stack }

    func activate() {}
    func deactivate() {}
    func suspend() -> ScopeRecord { ScopeRecord(scope: uri) }
    func resume(from record: ScopeRecord) -> ResumeDecision { .proceed }

    /// Pushes the next scope of a cascade, unless the stack is resuming and will push what it
    /// recorded instead.
    func pushNext(_ make: () throws -> any Scope) {
        guard lifecycle.resumeRecord == nil, let scope = try? make() else { return }
        try? stack.push(scope)
    }
}
