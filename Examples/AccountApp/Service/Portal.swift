import BSPCore

/// The in-process stand-in for the bank's portal: users, accounts, sessions and one-time keys,
/// on a simulated clock so that a test (or the demo) can let time pass.
final class Portal {
    /// How long after it was issued a one-time session key is still accepted.
    let disconnectionLimit: Double

    /// Simulated seconds since the portal started.
    private(set) var now: Double = 0

    private let passwords: [String: String]
    private let accounts: [String: [Account]]
    private let transactions: [String: [Transaction]]
    private var sessions: [String: String] = [:]  // token → user
    private var oneTimeKeys: [String: (user: String, issuedAt: Double)] = [:]
    private var issued = 0

    /// The embedded portal: two users with accounts and some history.
    init(disconnectionLimit: Double = 120) {
        self.disconnectionLimit = disconnectionLimit
        passwords = ["ada": "lovelace", "alan": "turing"]
        accounts = [
            "ada": [
                Account(id: "A-1", name: "Everyday", balanceCents: 125_000),
                Account(id: "A-2", name: "Savings", balanceCents: 1_040_000),
            ],
            "alan": [Account(id: "B-1", name: "Cheque", balanceCents: 31_415)],
        ]
        transactions = [
            "A-1": [
                Transaction(date: "2026-11-02", memo: "Analytical Engine parts", amountCents: -45_000),
                Transaction(date: "2026-11-15", memo: "Salary", amountCents: 320_000),
            ],
            "A-2": [Transaction(date: "2026-11-01", memo: "Interest", amountCents: 4_200)],
            "B-1": [Transaction(date: "2026-11-20", memo: "Bombe maintenance", amountCents: -12_000)],
        ]
    }

    /// Lets simulated time pass.
    func advance(by seconds: Double) {
        now += max(0, seconds)
    }

    /// Logs in; `nil` when the name or password is wrong.
    func logIn(user: String, password: String) -> Session? {
        guard passwords[user] == password else { return nil }
        return openSession(for: user)
    }

    func logOut(token: String) {
        sessions[token] = nil
    }

    func accounts(token: String) -> [Account]? {
        sessions[token].map { accounts[$0] ?? [] }
    }

    func transactions(token: String, account: String) -> [Transaction]? {
        guard let user = sessions[token], accounts[user]?.contains(where: { $0.id == account }) == true else {
            return nil
        }
        return transactions[account] ?? []
    }

    /// Issues a key that re-opens the session once, within ``disconnectionLimit`` seconds.
    func issueOneTimeKey(token: String) -> String? {
        guard let user = sessions.removeValue(forKey: token) else { return nil }
        issued += 1
        let key = "otk-\(issued)"
        oneTimeKeys[key] = (user, now)
        return key
    }

    /// Re-opens a session with a one-time key, or says why not.
    func resumeSession(key: String) -> Result<Session, PortalRefusal> {
        guard let entry = oneTimeKeys.removeValue(forKey: key) else { return .failure(.unknownKey) }
        guard now - entry.issuedAt <= disconnectionLimit else {
            return .failure(.keyExpired(afterSeconds: Int(now - entry.issuedAt)))
        }
        return .success(openSession(for: entry.user))
    }

    private func openSession(for user: String) -> Session {
        issued += 1
        let session = Session(user: user, token: Private("session-\(issued)"))
        sessions[session.token.value] = user
        return session
    }
}

/// Why the portal refused a one-time key.
enum PortalRefusal: Error, Equatable, CustomStringConvertible {
    case unknownKey
    case keyExpired(afterSeconds: Int)

    var description: String {
        switch self {
        case .unknownKey: "the session key is not known to the portal"
        case .keyExpired(let seconds): "the session key expired (away for \(seconds) s)"
        }
    }
}
