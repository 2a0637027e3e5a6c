/// The list of the user's accounts.
final class AccountsView: ViewScope<AccountsView.Intent, AccountsView.Update> {
    enum Intent: Equatable, Codable {
        case open(index: Int)
        case logOut
    }
    enum Update: Equatable, Codable { case show(user: String, accounts: [Account]) }

    private var user = ""
    private var accounts: [Account] = []

    init() throws { try super.init(name: "accounts") }

    override var title: String { "Accounts of \(user)" }
    override var body: [String] {
        accounts.isEmpty
            ? ["Loading…"]
            : accounts.enumerated().map { "\($0.offset + 1). \($0.element.name)  \($0.element.balance)" }
    }
    override var commands: String { "open N, logout" }

    override func apply(_ update: Update) {
        switch update {
        case .show(let user, let accounts):
            self.user = user
            self.accounts = accounts
        }
    }

    override func intent(for command: Command) -> Intent? {
        switch command {
        case .open(let number): .open(index: number - 1)
        case .logOut: .logOut
        default: nil
        }
    }

    override func scrub() {
        user = ""
        accounts = []
    }
}
