import BSPCore

/// The network portal: discovers the portal, checks it is available, opens a secure connection,
/// then starts the portal session.
final class NetworkPortalScope: PortalScope<StatusView> {
    init(context: BehaviourContext) throws {
        try super.init(
            name: "network-portal", context: context,
            view: StatusView(name: "network-portal", title: "Example Bank", status: "Discovering the portal…"))
    }

    override func activate() {
        service.events.observe(by: self) { portal, event in
            switch event {
            case .portalDiscovered(let name):
                portal.view.updates.send("Found \(name); opening a secure connection…")
                portal.service.requests.send(.openSecureConnection)
            case .secureConnectionOpened:
                portal.view.updates.send("Secure connection open.")
                portal.pushNext { try PortalSessionScope(context: portal.context) }
            default: break
            }
        }
        service.requests.send(.discoverPortal)
    }
}
