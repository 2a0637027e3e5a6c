import BSPCore

/// The portal session: logs in and out. On suspension it trades the session for a one-time
/// key; on resumption it asks the portal to accept the key, and stops here if it does not.
final class PortalSessionScope: PortalScope<LoginView> {
    private(set) var session: Session?
    private var loggingIn = false

    init(context: BehaviourContext) throws {
        try super.init(name: "portal-session", context: context, view: LoginView())
    }

    override func activate() {
        view.intents.observe(by: self) { scope, intent in
            switch intent {
            case .logIn(let user, let password):
                scope.loggingIn = true
                scope.service.requests.send(.logIn(user: user, password: password))
            }
        }
        service.events.observe(by: self) { scope, event in scope.handle(event) }
        context.meta.observe(by: self) { scope, event in
            if event == .logOutRequested { scope.logOut() }
        }
    }

    private func handle(_ event: PortalEvent) {
        guard loggingIn else { return }
        switch event {
        case .loggedIn(let session):
            loggingIn = false
            self.session = session
            view.updates.send(.prompt("Logged in as \(session.user)."))
            if let accounts = try? AccountsScope(session: session, context: context) {
                try? stack.push(accounts)
            }
        case .logInRefused(let reason):
            loggingIn = false
            view.updates.send(.prompt("Login failed: \(reason)."))
        default: break
        }
    }

    private func logOut() {
        guard let session else { return }
        _ = try? stack.popAbove(uri)
        self.session = nil
        service.requests.send(.logOut(token: session.token))
        view.updates.send(.prompt("Logged out. Please log in."))
    }

    override func suspend() -> ScopeRecord {
        defer { session = nil }
        guard let session,
            case .issued(let key)? = try? service.sessionKeys.send(.issueOneTimeKey(token: session.token))
        else { return ScopeRecord(scope: uri) }
        return ScopeRecord(scope: uri, values: ["user": session.user, "key": key.value])
    }

    override func resume(from record: ScopeRecord) -> ResumeDecision {
        guard let key = record["key"] else { return .proceed }
        switch try? service.sessionKeys.send(.resume(key: Private(key))) {
        case .resumed(let session)?:
            self.session = session
            view.updates.send(.prompt("Welcome back, \(session.user)."))
            return .proceed
        case .refused(let reason)?:
            view.updates.send(.prompt("Welcome back. Please log in again: \(reason)."))
            return .refuse(reason: reason)
        case .issued?, nil:
            return .refuse(reason: "the portal did not answer")
        }
    }
}
