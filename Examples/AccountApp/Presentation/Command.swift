/// A line typed at the terminal.
enum Command: Equatable {
    case logIn(user: String, password: String)
    case open(Int)
    case back
    case logOut
    case background
    case foreground
    case wait(seconds: Double)
    case help
    case quit

    /// Parses a typed line, or says what is wrong with it.
    init(parsing line: String) throws(CommandError) {
        let words = line.split(separator: " ").map(String.init)
        switch (words.first?.lowercased(), words.count) {
        case ("login", 3): self = .logIn(user: words[1], password: words[2])
        case ("login", _): throw .usage("login NAME PASSWORD")
        case ("open", 2):
            guard let number = Int(words[1]) else { throw .usage("open N") }
            self = .open(number)
        case ("open", _): throw .usage("open N")
        case ("back", 1): self = .back
        case ("logout", 1): self = .logOut
        case ("background", 1): self = .background
        case ("foreground", 1): self = .foreground
        case ("wait", 2):
            guard let seconds = Double(words[1]), seconds >= 0 else { throw .usage("wait SECONDS") }
            self = .wait(seconds: seconds)
        case ("wait", _): throw .usage("wait SECONDS")
        case ("help", _): self = .help
        case ("quit", _), ("exit", _): self = .quit
        case (nil, _): throw .empty
        case (let word?, _): throw .unknown(word)
        }
    }
}

/// Why a typed line is not a command.
enum CommandError: Error, Equatable, CustomStringConvertible {
    case empty
    case unknown(String)
    case usage(String)

    var description: String {
        switch self {
        case .empty: "Type a command, or 'help'."
        case .unknown(let word): "Unknown command '\(word)'. Type 'help' for the list."
        case .usage(let usage): "Usage: \(usage)"
        }
    }
}
