/// The identity of a notifier: its actor's URI, `/notifier/`, and the notifier's name.
///
/// ```swift
/// let presentation: ActorURI = "/actor/presentation"
/// let uri = try presentation.notifier("request")
/// uri.path   // "/actor/presentation/notifier/request"
/// ```
public struct NotifierURI: Hashable, Sendable {
    /// The actor the notifier belongs to.
    public let actor: ActorURI

    /// The notifier's name within its actor, such as `request` or `event`.
    public let name: String

    /// The full URI's text, for example `/actor/presentation/notifier/request`.
    public let path: String

    /// Creates the URI of the notifier `name` of `actor`.
    ///
    /// - Throws: ``ActorURIError`` when `name` is not a single valid segment.
    public init(actor: ActorURI, name: String) throws(ActorURIError) {
        let path = actor.path + NotifierURI.separator + name
        try ActorURI.checkSegment(Substring(name), in: path)
        self.actor = actor
        self.name = name
        self.path = path
    }

    /// Parses a notifier URI such as `/actor/service/notifier/request`.
    ///
    /// - Throws: ``ActorURIError`` naming the text when it is not an actor URI followed by
    ///   `/notifier/` and a name.
    public init(validating path: String) throws(ActorURIError) {
        guard let separator = path.ranges(of: NotifierURI.separator).last else {
            throw ActorURIError(path: path, problem: .missingNotifierSegment)
        }
        let actor = try ActorURI(validating: String(path[..<separator.lowerBound]))
        try self.init(actor: actor, name: String(path[separator.upperBound...]))
    }

    /// Creates the URI of a notifier whose name is fixed in the source code.
    ///
    /// An invalid name is a programming error, like a malformed ``ActorURI`` literal.
    init(actor: ActorURI, fixedName name: String) {
        do {
            try self.init(actor: actor, name: name)
        } catch {
            preconditionFailure("\(error) Notifier names are single URI segments.")
        }
    }

    static let separator = "/\(ActorURI.reservedSegment)/"
}

extension NotifierURI: CustomStringConvertible {
    /// The URI's text.
    public var description: String { path }
}

extension NotifierURI: Comparable {
    /// Orders URIs by their text.
    public static func < (lhs: NotifierURI, rhs: NotifierURI) -> Bool {
        lhs.path < rhs.path
    }
}

extension NotifierURI: Codable {
    /// Decodes a notifier URI from a single string, validating it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(validating: container.decode(String.self))
    }

    /// Encodes the URI as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(path)
    }
}
