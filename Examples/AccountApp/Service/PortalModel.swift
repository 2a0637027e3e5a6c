import BSPCore

/// A bank account as the portal reports it.
struct Account: Equatable, Sendable, Codable {
    let id: String
    let name: String
    let balanceCents: Int

    var balance: String { Money.format(balanceCents) }
}

/// One line of an account's history.
struct Transaction: Equatable, Sendable, Codable {
    let date: String
    let memo: String
    let amountCents: Int
}

/// A logged-in session with the portal.
struct Session: Equatable, Sendable, Codable, CustomStringConvertible {
    let user: String
    /// Marked private: a trail, even one a user sends with a bug report, never holds it.
    let token: Private<String>

    var description: String { "\(user) (\(token))" }
}

/// Formats cents as dollars: `-1250` → `-$12.50`.
enum Money {
    static func format(_ cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let dollars = abs(cents) / 100
        let rest = abs(cents) % 100
        let grouped = String(dollars).reversed().enumerated().reduce(into: "") { text, pair in
            if pair.offset > 0, pair.offset % 3 == 0 { text.append(",") }
            text.append(pair.element)
        }
        return "\(sign)$\(String(grouped.reversed())).\(rest < 10 ? "0" : "")\(rest)"
    }
}
