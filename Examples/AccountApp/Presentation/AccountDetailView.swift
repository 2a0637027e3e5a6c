/// One account and its recent transactions.
final class AccountDetailView: ViewScope<AccountDetailView.Intent, AccountDetailView.Update> {
    enum Intent: Equatable, Codable {
        case back
        case logOut
    }
    enum Update: Equatable, Codable { case show(Account, [Transaction]) }

    private var account: Account?
    private var transactions: [Transaction] = []

    init() throws { try super.init(name: "account-detail") }

    override var title: String { account.map { "\($0.name) — \($0.balance)" } ?? "Account" }
    override var body: [String] {
        transactions.isEmpty
            ? ["Loading…"] : transactions.map { "\($0.date)  \($0.memo)  \(Money.format($0.amountCents))" }
    }
    override var commands: String { "back, logout" }

    override func apply(_ update: Update) {
        switch update {
        case .show(let account, let transactions):
            self.account = account
            self.transactions = transactions
        }
    }

    override func intent(for command: Command) -> Intent? {
        switch command {
        case .back: .back
        case .logOut: .logOut
        default: nil
        }
    }

    override func scrub() {
        account = nil
        transactions = []
    }
}
