/// The reason a text is not a valid ``ActorURI`` or notifier name.
public struct ActorURIError: Error, Hashable, Sendable {
    /// What is wrong with a URI's text.
    ///
    /// Later versions may add cases, so a `switch` over it outside the package needs
    /// `@unknown default`.
    @nonexhaustive
    public enum Problem: Hashable, Sendable {
        /// The text does not start with `/`.
        case missingLeadingSlash
        /// The text has an empty segment: it is `/`, ends with `/` or contains `//`.
        case emptySegment
        /// The text contains a character other than ASCII letters, digits, `-`, `_` and `.`.
        case invalidCharacter(Character)
        /// The text has a `.` or `..` segment: a URI names one actor, never a path relative to
        /// another, so `/actor/presentation/../service` cannot pass for a URI under
        /// `/actor/presentation`.
        case relativeSegment(String)
        /// The text uses a segment reserved for notifier URIs.
        case reservedSegment(String)
        /// A notifier URI's text lacks the `/notifier/<name>` part.
        case missingNotifierSegment
    }

    /// The text that was rejected.
    public let path: String

    /// What is wrong with it.
    public let problem: Problem

    /// Creates an error for `path`.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }
}

extension ActorURIError: CustomStringConvertible {
    /// A sentence naming the rejected text and the problem.
    public var description: String {
        let reason =
            switch problem {
            case .missingLeadingSlash: "it must start with '/'"
            case .emptySegment: "it has an empty segment (a trailing '/', '//', or nothing after '/')"
            case .invalidCharacter(let character):
                "'\(character)' is not allowed (use letters, digits, '-', '_' and '.')"
            case .relativeSegment(let segment): "the segment '\(segment)' would make it a relative path"
            case .reservedSegment(let segment): "the segment '\(segment)' is reserved for notifier URIs"
            case .missingNotifierSegment: "a notifier URI ends with '/notifier/<name>'"
            }
        return "Malformed URI '\(path)': \(reason)."
    }
}
