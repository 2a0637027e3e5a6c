/// The command line: `account-app [--demo] [--trail FILE] [--disconnect-after SECONDS]`.
struct Options: Equatable {
    var demo = false
    var trail: String?
    var diagrams: String?
    var disconnectionLimit: Double = 120

    init(arguments: [String]) throws(CommandError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--demo": demo = true
            case "--trail":
                guard let file = rest.popFirst() else { throw .usage(Options.usage) }
                trail = file
            case "--diagrams":
                guard let folder = rest.popFirst() else { throw .usage(Options.usage) }
                diagrams = folder
            case "--disconnect-after":
                guard let text = rest.popFirst(), let seconds = Double(text), seconds >= 0 else {
                    throw .usage(Options.usage)
                }
                disconnectionLimit = seconds
            default: throw .usage(Options.usage)
            }
        }
    }

    static let usage = "account-app [--demo] [--trail FILE] [--diagrams FOLDER] [--disconnect-after SECONDS]"

    /// Whether the run is recorded: for a trail or diagrams.
    var records: Bool { trail != nil || diagrams != nil }
}
