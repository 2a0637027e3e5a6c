/// Where a suspended scope was, so that it can be brought back.
///
/// A scope returns its record from ``Scope/suspend()`` after scrubbing its data. Records are
/// `Codable`, so a suspended stack can be saved with the app's state:
///
/// ```swift
/// func suspend() -> ScopeRecord {
///     defer { accounts = [] }   // scrub
///     return ScopeRecord(scope: uri, values: ["selected": "\(selectedIndex)"])
/// }
/// ```
public struct ScopeRecord: Hashable, Sendable, Codable {
    /// The suspended scope's URI.
    public var scope: ActorURI

    /// What the scope needs to find its place again, such as a navigation position or a
    /// one-time session key.
    public var values: [String: String]

    /// The record of the scope's presentation companion, if it had one.
    public var companion: Companion?

    /// The record of a presentation companion.
    public struct Companion: Hashable, Sendable, Codable {
        /// The companion's URI.
        public var scope: ActorURI
        /// What the companion recorded.
        public var values: [String: String]

        /// Creates a companion's record.
        public init(scope: ActorURI, values: [String: String] = [:]) {
            self.scope = scope
            self.values = values
        }
    }

    /// Creates a record.
    public init(scope: ActorURI, values: [String: String] = [:], companion: Companion? = nil) {
        self.scope = scope
        self.values = values
        self.companion = companion
    }

    /// The value recorded for `key`.
    public subscript(key: String) -> String? {
        values[key]
    }
}
