import BSPCore

/// The whole app: the portal service, the terminal presentation and the behaviour, in one fabric.
final class AccountApp {
    let fabric = Fabric()
    let portal: Portal
    let service: PortalService
    let presentation: TerminalPresentation
    let behaviour: AccountBehaviour

    init(portal: Portal = Portal()) throws {
        self.portal = portal
        service = PortalService(portal: portal)
        presentation = TerminalPresentation()
        behaviour = AccountBehaviour(service: service.ports, presentationStack: presentation.stack)
        try fabric.add(service)
        try fabric.add(presentation)
        try fabric.add(behaviour)
    }

    /// Starts the app up to the login screen.
    func start() throws {
        try behaviour.start()
    }
}
