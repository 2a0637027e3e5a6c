import BSPCore

/// The list of the user's accounts; opening one pushes its detail.
final class AccountsScope: PortalScope<AccountsView> {
    let session: Session
    private var accounts: [Account] = []

    init(session: Session, context: BehaviourContext) throws {
        self.session = session
        try super.init(name: "accounts", context: context, view: AccountsView())
    }

    override func activate() {
        service.events.observe(by: self) { scope, event in
            if case .accountsFetched(let accounts) = event {
                scope.accounts = scope.context.accountOrder.arrange(accounts)
                let accounts = scope.accounts
                scope.view.updates.send(.show(user: scope.session.user, accounts: accounts))
            }
        }
        view.intents.observe(by: self) { scope, intent in
            switch intent {
            case .open(let index) where scope.accounts.indices.contains(index):
                if let detail = try? AccountDetailScope(
                    session: scope.session, account: scope.accounts[index].id, context: scope.context)
                {
                    try? scope.stack.push(detail)
                }
            case .open: break
            case .logOut: scope.context.meta.emit(.logOutRequested)
            }
        }
        service.requests.send(.fetchAccounts(token: session.token))
    }

    override func suspend() -> ScopeRecord {
        accounts = []
        return ScopeRecord(scope: uri)
    }
}
