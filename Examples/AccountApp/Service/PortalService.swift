import BSPCore

/// The Service actor: a thin interface to the portal and to the OS's app lifecycle.
final class PortalService: UniqueActor {
    static let uri: ActorURI = "/actor/service"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<PortalRequest, Void>(of: PortalService.uri)
    let sessionKeys = RequestNotifier<SessionKeyRequest, SessionKeyReply>(of: PortalService.uri, named: "session-key")
    let events = EventNotifier<PortalEvent>(of: PortalService.uri)
    let portal: Portal

    init(portal: Portal) {
        self.portal = portal
        requests.handle(by: self) { service, request in service.perform(request) }
        sessionKeys.handle(by: self) { service, request in service.answer(request) }
    }

    /// The OS moved the app to the background.
    func applicationDidEnterBackground() {
        events.emit(.didEnterBackground)
    }

    /// The OS is bringing the app back.
    func applicationWillEnterForeground() {
        events.emit(.willEnterForeground)
    }

    private func perform(_ request: PortalRequest) {
        switch request {
        case .verifyHosting:
            events.emit(.hostingVerified(certificates: 2))
        case .discoverPortal:
            events.emit(.portalDiscovered(name: "Example Bank Portal"))
        case .openSecureConnection:
            events.emit(.secureConnectionOpened)
        case .logIn(let user, let password):
            events.emit(
                portal.logIn(user: user, password: password.value).map { .loggedIn($0) }
                    ?? .logInRefused(reason: "wrong name or password"))
        case .fetchAccounts(let token):
            events.emit(
                portal.accounts(token: token.value).map { .accountsFetched($0) }
                    ?? .requestRefused(reason: "no session"))
        case .fetchTransactions(let token, let account):
            events.emit(
                portal.transactions(token: token.value, account: account).map {
                    .transactionsFetched(account: account, $0)
                }
                    ?? .requestRefused(reason: "no such account"))
        case .logOut(let token):
            portal.logOut(token: token.value)
            events.emit(.loggedOut)
        }
    }

    private func answer(_ request: SessionKeyRequest) -> SessionKeyReply {
        switch request {
        case .issueOneTimeKey(let token):
            portal.issueOneTimeKey(token: token.value).map { .issued(key: Private($0)) }
                ?? .refused(reason: "no session")
        case .resume(let key):
            switch portal.resumeSession(key: key.value) {
            case .success(let session): .resumed(session)
            case .failure(let refusal): .refused(reason: refusal.description)
            }
        }
    }
}

/// What the Behaviour may use of the portal service: an actor with more than one request
/// notifier declares its own struct of ports, and a test builds the same struct from stand-ins.
struct PortalPorts {
    let requests: RequestPort<PortalRequest, Void>
    let sessionKeys: RequestPort<SessionKeyRequest, SessionKeyReply>
    let events: EventPort<PortalEvent>
}

extension PortalService {
    var ports: PortalPorts { PortalPorts(requests: requests.port, sessionKeys: sessionKeys.port, events: events.port) }
}
