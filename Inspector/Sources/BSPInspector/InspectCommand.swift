/// The command line of `bsp-inspect`: a trail and, optionally, a port and a file count.
public struct InspectCommand: Equatable, Sendable {
    /// The trail's current file, as given.
    public var trail: String
    /// The port to listen on; 0 for any free one.
    public var port = 0
    /// How many files the trail keeps.
    public var fileCount = 100_000

    /// What `--help` prints.
    public static let usage = """
        usage: bsp-inspect [--port N] [--files N] [--] TRAIL.jsonl

        Follows a running app's audit trail (a FileAuditStore's current file) and serves a live
        viewer of it on 127.0.0.1. Open the address it prints, token included.

          --port N   the port to listen on (default: any free port)
          --files N  how many files the trail keeps, as the store's fileCount (default:
                     100000, the most a store keeps)
          --help     this text
        """

    /// What was wrong with the command line.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        /// What was wrong, in words.
        public let description: String
    }

    /// The command that `arguments`, without the program's name, spell.
    public init(arguments: [String]) throws(UsageError) {
        var trail: String?
        var rest = arguments[...]
        var optionsEnded = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--" where !optionsEnded: optionsEnded = true
            case _ where optionsEnded || !argument.hasPrefix("-"):
                guard trail == nil else { throw UsageError(description: "one trail only: '\(argument)' is a second") }
                trail = argument
            case "--port": port = try Self.number(after: argument, in: &rest, within: 0...65_535)
            case "--files": fileCount = try Self.number(after: argument, in: &rest, within: 1...100_000)
            default: throw UsageError(description: "unknown option '\(argument)'")
            }
        }
        guard let trail, !trail.isEmpty else { throw UsageError(description: "no trail named") }
        self.trail = trail
    }

    private static func number(
        after option: String, in rest: inout ArraySlice<String>, within range: ClosedRange<Int>
    ) throws(UsageError) -> Int {
        guard let text = rest.popFirst(), let value = Int(text), range.contains(value) else {
            throw UsageError(description: "\(option) takes a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
