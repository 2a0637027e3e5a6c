import BSPCore

/// The portal session's view: log in, with a message from the last attempt.
final class LoginView: ViewScope<LoginView.Intent, LoginView.Update> {
    enum Intent: Equatable, Codable { case logIn(user: String, password: Private<String>) }
    enum Update: Equatable, Codable { case prompt(String) }

    private var message = "Welcome. Please log in."

    init() throws { try super.init(name: "login") }

    override var title: String { "Example Bank Portal — log in" }
    override var body: [String] { [message] }
    override var commands: String { "login NAME PASSWORD" }

    override func apply(_ update: Update) {
        switch update {
        case .prompt(let text): message = text
        }
    }

    override func intent(for command: Command) -> Intent? {
        if case .logIn(let user, let password) = command {
            .logIn(user: user, password: Private(password))
        } else {
            nil
        }
    }

    override func scrub() { message = "" }
}
