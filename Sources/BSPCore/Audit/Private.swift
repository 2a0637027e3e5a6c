/// A value that no trail may hold — a password, a session key, a token: every record shows it
/// as `<private>`, while the code that handles the notification reads ``value``.
///
/// Mark the field in the notification's type, once, rather than at each place it is sent:
///
/// ```swift
/// enum PortalRequest: Equatable {
///     case logIn(user: String, password: Private<String>)
/// }
/// portal.requests.send(.logIn(user: "ada", password: Private(password)))
/// // #4 /actor/service/notifier/request <request>: logIn(user: "ada", password: <private>)
/// ```
///
/// No trail shows the value: every record's text — in a ``FileAuditStore`` on a user's device,
/// in the in-memory store a test reads, in a transcript — has `<private>` in its place. Its
/// description, debug description and mirror are all `<private>`, so `String(describing:)`,
/// `dump` and a structural diff show the redaction, and so do the trail viewer and the
/// diagrams. A test sees the value through a typed expectation, which compares notifications
/// with `==`: `Private` is `Equatable` and `Hashable` when its value is. (For that, the
/// in-memory store keeps a `Sendable` notification itself beside its text, as it does any; a
/// file trail holds text alone.)
///
/// Fields are public unless marked: a notification is the app's own typed value, written to be
/// read in a transcript, and a secret marked at its type cannot be forgotten at a call site.
public struct Private<Value> {
    /// The value, for the code that handles the notification.
    public var value: Value

    /// Marks `value` as private.
    public init(_ value: Value) {
        self.value = value
    }
}

extension Private: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `<private>`, whatever the value.
    public var description: String { "<private>" }

    /// `<private>`, whatever the value: a notification's payload is printed with its debug
    /// description.
    public var debugDescription: String { "<private>" }

    /// A mirror with no children, so that reflection (`dump`, a structural diff) cannot reach
    /// the value.
    public var customMirror: Mirror {
        Mirror(self, children: [], displayStyle: .struct)
    }
}

extension Private: Equatable where Value: Equatable {}
extension Private: Hashable where Value: Hashable {}
extension Private: Sendable where Value: Sendable {}

extension Private: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral,
    ExpressibleByStringLiteral
where Value == String {
    /// Marks a string literal as private, so that a test writes `.logIn(user: "ada", password:
    /// "lovelace")`.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension Private: Encodable {
    /// Encodes `"<private>"`, never the value: a recorded value cannot hold the secret either.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("<private>")
    }
}

extension Private: Decodable where Value: ExpressibleByStringLiteral, Value.StringLiteralType == String {
    /// Decodes the redaction a trail holds as a private value of `"<private>"`: what a replay
    /// of a recorded run hands the code under test in place of the secret it never recorded.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for anything but `"<private>"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard text == "<private>" else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a private value is recorded as \"<private>\""))
        }
        self.init(Value(stringLiteral: text))
    }
}
