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
        service.events.observe(by: self) { scope, event in
            switch event {
            case .accountsFetched(let accounts):
                scope.account = accounts.first { $0.id == scope.accountID }
                if let accountID = scope.accountID {
                    scope.service.requests.send(.fetchTransactions(token: scope.session.token, account: accountID))
                }
            case .transactionsFetched(let id, let transactions) where id == scope.accountID:
                if let account = scope.account { scope.view.updates.send(.show(account, transactions)) }
            default: break
            }
        }
        view.intents.observe(by: self) { scope, intent in
            switch intent {
            case .back: scope.lifecycle.dismiss()
            case .logOut: scope.context.meta.emit(.logOutRequested)
            }
        }
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
