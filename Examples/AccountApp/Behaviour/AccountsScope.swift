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
        onServiceEvent { [unowned self] event in
            if case .accountsFetched(let accounts) = event {
                self.accounts = accounts
                view.updates.send(.show(user: session.user, accounts: accounts))
            }
        }
        lifecycle.own(
            view.intents.observe(by: self) { [unowned self] intent in
                switch intent {
                case .open(let index) where accounts.indices.contains(index):
                    if let detail = try? AccountDetailScope(
                        session: session, account: accounts[index].id, context: context)
                    {
                        try? stack.push(detail)
                    }
                case .open: break
                case .logOut: context.meta.emit(.logOutRequested)
                }
            })
        service.requests.send(.fetchAccounts(token: session.token))
    }

    override func suspend() -> ScopeRecord {
        accounts = []
        return ScopeRecord(scope: uri)
    }
}
