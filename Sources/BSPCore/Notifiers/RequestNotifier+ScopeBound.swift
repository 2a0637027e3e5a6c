/// A request notifier a scope owns refuses requests once the scope has terminated, and joins
/// the audit context of the stack the scope is pushed onto if it was made outside any context.
extension RequestNotifier: ScopeBound {
    func scopeDidTerminate(_ scope: ActorURI) {
        guard terminatedScope == nil else { return }
        terminatedScope = scope
        handler = nil
    }

    func join(_ context: AuditContext) {
        guard audit === AuditContext.disabled, context.isEnabled else { return }
        audit = context
        unretainedAudit = .passUnretained(context)
        isAuditing = true
        scopeSnapshot = ScopeSnapshot()
        inventoryKey = context.register(self, as: emptySnapshot)
        publishReceivers()
    }
}
