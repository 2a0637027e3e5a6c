import BSPCore

/// The hosting environment: checks certificates and keys, then starts the network portal. It
/// stays at the bottom of the stack, and suspends and resumes everything above it when the app
/// leaves and returns to the foreground.
final class HostingScope: PortalScope<StatusView> {
    private var suspended: [ScopeRecord]?

    init(context: BehaviourContext) throws {
        try super.init(
            name: "hosting", context: context,
            view: StatusView(name: "hosting", title: "Example Bank", status: "Checking certificates and keys…"))
    }

    override func activate() {
        service.events.observe(by: self) { hosting, event in
            switch event {
            case .hostingVerified(let certificates):
                hosting.view.updates.send("\(certificates) certificates verified.")
                hosting.pushNext { try NetworkPortalScope(context: hosting.context) }
            case .didEnterBackground: hosting.suspendAbove()
            case .willEnterForeground: hosting.resumeAbove()
            default: break
            }
        }
        service.requests.send(.verifyHosting)
    }

    /// Backgrounding: every scope above scrubs its data and records where it was.
    private func suspendAbove() {
        guard suspended == nil, let records = try? stack.suspend(above: uri) else { return }
        suspended = records
        view.updates.send("In the background: all data scrubbed.")
    }

    /// Foregrounding: rebuild the recorded scopes, as far as the portal allows.
    private func resumeAbove() {
        guard let records = suspended else { return }
        suspended = nil
        view.updates.send("Back in the foreground.")
        _ = try? stack.resume(from: records) { [unowned self] record in try? makeScope(from: record) }
    }

    private func makeScope(from record: ScopeRecord) throws -> (any Scope)? {
        let session = stack.scopes.lazy.compactMap { ($0 as? PortalSessionScope)?.session }.first
        switch record.scope.segments.last {
        case "network-portal": return try NetworkPortalScope(context: context)
        case "portal-session": return try PortalSessionScope(context: context)
        case "accounts": return try session.map { try AccountsScope(session: $0, context: context) }
        case "account-detail":
            return try session.flatMap { session in
                try record["account"].map { try AccountDetailScope(session: session, account: $0, context: context) }
            }
        default: return nil
        }
    }
}
