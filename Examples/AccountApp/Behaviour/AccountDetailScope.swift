import BSPCore

/// One account and its transactions.
final class AccountDetailScope: PortalScope<AccountDetailView> {
    let session: Session
    private(set) var accountID: String?
    private var account: Account?

    init(session: Session, account: String, context: BehaviourContext) throws {
        self.session = session
        self.accountID = account
        try super.init(name: "account-detail", context: context, view: AccountDetailView())
    }

    override func activate() {
        onServiceEvent { [unowned self] event in
            switch event {
            case .accountsFetched(let accounts):
                account = accounts.first { $0.id == accountID }
                if let accountID {
                    service.requests.send(.fetchTransactions(token: session.token, account: accountID))
                }
            case .transactionsFetched(let id, let transactions) where id == accountID:
                if let account { view.updates.send(.show(account, transactions)) }
            default: break
            }
        }
        lifecycle.own(
            view.intents.observe(by: self) { [unowned self] intent in
                switch intent {
                case .back: _ = try? stack.pop(uri)
                case .logOut: context.meta.emit(.logOutRequested)
                }
            })
        service.requests.send(.fetchAccounts(token: session.token))
    }

    override func suspend() -> ScopeRecord {
        defer {
            account = nil
            accountID = nil
        }
        return ScopeRecord(scope: uri, values: ["account": accountID ?? ""])
    }
}
