import BSPCore
import BSPTesting

@testable import account_app

/// A scripted stand-in for the portal service: canned events for each request.
func portalStandIn(acceptingKeys: Bool = true) -> (
    service: MockActor<PortalRequest, Void, PortalEvent>,
    keys: MockActor<SessionKeyRequest, SessionKeyReply, Never>
) {
    let session = Session(user: "ada", token: "session-1")
    let accounts = [Account(id: "A-1", name: "Everyday", balanceCents: 125_000)]
    let service = MockActor<PortalRequest, Void, PortalEvent>("/actor/service") { request in
        switch request {
        case .verifyHosting: [.hostingVerified(certificates: 1)]
        case .discoverPortal: [.portalDiscovered(name: "Stand-in Portal")]
        case .openSecureConnection: [.secureConnectionOpened]
        case .logIn(let user, let password):
            user == "ada" && password == "lovelace" ? [.loggedIn(session)] : [.logInRefused(reason: "nope")]
        case .fetchAccounts: [.accountsFetched(accounts)]
        case .fetchTransactions(_, let account): [.transactionsFetched(account: account, [])]
        case .logOut: [.loggedOut]
        }
    }
    let keys = MockActor<SessionKeyRequest, SessionKeyReply, Never>("/actor/service/keys") { request in
        switch request {
        case .issueOneTimeKey: .issued(key: "otk-stand-in")
        case .resume: acceptingKeys ? .resumed(session) : .refused(reason: "key refused")
        }
    }
    return (service, keys)
}

extension MockActor where Request == PortalRequest, Reply == Void, Event == PortalEvent {
    func ports(keys: MockActor<SessionKeyRequest, SessionKeyReply, Never>) -> PortalPorts {
        PortalPorts(requests: ports.requests, sessionKeys: keys.ports.requests, events: ports.events)
    }
}

/// The name of each scope on a stack, bottom first.
func names(_ stack: ScopeStack) -> [String] {
    stack.scopes.map { String($0.uri.segments.last!) }
}

/// The view on top of the presentation stack, as its concrete type.
func topView<View>(_ stack: ScopeStack, as type: View.Type = View.self) -> View? {
    stack.top as? View
}
