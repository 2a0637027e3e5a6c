/// An event notifier a scope owns joins the audit context of the stack the scope is pushed onto,
/// if it was created outside any context.
extension EventNotifier: ScopeBound {
    func join(_ context: AuditContext) {
        guard audit === AuditContext.disabled, context.isEnabled else { return }
        audit = context
        unretainedAudit = .passUnretained(context)
        isAuditing = true
        tracksCausesAcrossTasks = context.causeTracking == .acrossTasks
        scopeSnapshot = ScopeSnapshot()
        inventoryKey = context.register(self, as: emptySnapshot)
        publishReceivers()
    }

    /// An event notifier has nothing to refuse: its scope has gone, so nothing emits on it.
    func scopeDidTerminate(_ scope: ActorURI) {}
}
