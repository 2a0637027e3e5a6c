/// The identity of an actor in the fabric, such as `/actor/service`.
///
/// An actor URI is an absolute path of one or more segments. Each segment is made of ASCII
/// letters, digits, `-`, `_` and `.`, and is neither `.` nor `..`. The segment `notifier` is
/// reserved: notifier URIs are derived from their actor's URI by appending `/notifier/<name>`.
///
/// Write fixed URIs as string literals and parse text that arrives at run time with
/// ``init(validating:)``:
///
/// ```swift
/// let service: ActorURI = "/actor/service"
/// let scope = try ActorURI(validating: "/actor/behaviour/scope/\(name)")
/// ```
///
/// A malformed *literal* is a mistake in the source code, not bad input, so it stops the
/// program with a message naming the literal, the way an out-of-range integer literal is
/// rejected by the compiler. Run-time text never traps: ``init(validating:)`` throws
/// ``ActorURIError``.
public struct ActorURI: Hashable, Sendable {
    /// The URI's text, for example `/actor/service`.
    public let path: String

    /// Creates a URI from run-time text, checking that it is well formed.
    ///
    /// - Parameter path: The URI's text, such as `/actor/presentation`.
    /// - Throws: ``ActorURIError`` naming the text and what is wrong with it.
    public init(validating path: String) throws(ActorURIError) {
        try ActorURI.check(path)
        self.path = path
    }

    /// The URI of the notifier named `name` that belongs to this actor.
    ///
    /// ```swift
    /// let uri: ActorURI = "/actor/service"
    /// uri.notifier("request")   // /actor/service/notifier/request
    /// ```
    ///
    /// - Parameter name: The notifier's name: one URI segment.
    /// - Throws: ``ActorURIError`` when the name is not a valid segment.
    public func notifier(_ name: String) throws(ActorURIError) -> NotifierURI {
        try NotifierURI(actor: self, name: name)
    }

    /// The segments of the URI, in order: `["actor", "service"]` for `/actor/service`.
    public var segments: [Substring] {
        path.split(separator: "/")
    }

    /// Whether this URI equals `other` or lies below it: `/actor/service/location` has the
    /// prefix `/actor/service`, but `/actor/services` does not.
    public func hasPrefix(_ other: ActorURI) -> Bool {
        path == other.path || path.hasPrefix(other.path + "/")
    }
}

extension ActorURI: ExpressibleByStringLiteral {
    /// Creates a URI from a literal in the source code.
    ///
    /// A malformed literal is a programming error and stops the program with a message
    /// naming it; use ``init(validating:)`` for text that arrives at run time.
    public init(stringLiteral path: StaticString) {
        do {
            try self.init(validating: path.description)
        } catch {
            preconditionFailure("\(error) Fix the literal, or use ActorURI(validating:) for run-time text.")
        }
    }
}

extension ActorURI: CustomStringConvertible {
    /// The URI's text.
    public var description: String { path }
}

extension ActorURI: Comparable {
    /// Orders URIs by their text, so sorted lists of actors read like a directory listing.
    public static func < (lhs: ActorURI, rhs: ActorURI) -> Bool {
        lhs.path < rhs.path
    }
}

extension ActorURI: Codable {
    /// Decodes a URI from a single string, validating it.
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

extension ActorURI {
    /// The segment name that only notifier URIs may use.
    static let reservedSegment = "notifier"

    static func check(_ path: String) throws(ActorURIError) {
        // One pass over the bytes for the URIs that are well formed, as nearly all are: a
        // scope's URI is checked each time one is made. The slow path names the problem.
        if isWellFormed(path) {
            return
        }
        guard path.first == "/" else {
            throw ActorURIError(path: path, problem: .missingLeadingSlash)
        }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments {
            try checkSegment(segment, in: path)
            if segment == reservedSegment {
                throw ActorURIError(path: path, problem: .reservedSegment(reservedSegment))
            }
        }
    }

    static func checkSegment(_ segment: Substring, in path: String) throws(ActorURIError) {
        guard !segment.isEmpty else {
            throw ActorURIError(path: path, problem: .emptySegment)
        }
        guard segment != "." && segment != ".." else {
            throw ActorURIError(path: path, problem: .relativeSegment(String(segment)))
        }
        if let bad = segment.unicodeScalars.first(where: { !isAllowed($0) }) {
            throw ActorURIError(path: path, problem: .invalidCharacter(Character(bad)))
        }
    }

    /// Whether `path` is `/` and segments of allowed characters, none empty, `.`, `..` or the
    /// reserved segment.
    private static func isWellFormed(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable(isWellFormed) ?? isWellFormed(Array(path.utf8))
    }

    private static func isWellFormed(_ bytes: some RandomAccessCollection<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "/") else { return false }
        var segmentStart = bytes.index(after: bytes.startIndex)
        var index = segmentStart
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                guard isWellFormedSegment(bytes[segmentStart..<index]) else { return false }
                segmentStart = bytes.index(after: index)
            } else if !isAllowed(byte) {
                return false
            }
            index = bytes.index(after: index)
        }
        return isWellFormedSegment(bytes[segmentStart..<index])
    }

    /// Whether `segment`, made of allowed characters, is neither empty, `.`, `..` nor the
    /// reserved segment.
    private static func isWellFormedSegment(_ segment: some Collection<UInt8>) -> Bool {
        switch segment.count {
        case 0: false
        case 1, 2: !segment.allSatisfy { $0 == UInt8(ascii: ".") }
        case reservedSegment.utf8.count: !segment.elementsEqual(reservedSegment.utf8)
        default: true
        }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isAllowed(UInt8(scalar.value))
    }
}
