/// What a scope stack's transition did, as the audit trail keeps it: structured, so that tools
/// that draw or replay a trail never read it back from the notification's text.
///
/// A ``ScopeStack`` reports each transition on its ``ScopeStack/transitions`` notifier; the
/// record of that notification carries its change in ``AuditRecord/stackChange``, and the stack
/// is the notifier's actor.
public struct StackChange: Hashable, Sendable, Codable {
    /// Which way the scope went.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// The scope was pushed and activated.
        case pushed
        /// The scope deactivated and was popped.
        case popped
        /// The scope recorded where it was and was popped.
        case suspended
    }

    /// Which way the scope went.
    public var kind: Kind

    /// The scope that went on or came off the stack.
    public var scope: ActorURI

    /// Creates a change.
    public init(_ kind: Kind, _ scope: ActorURI) {
        self.kind = kind
        self.scope = scope
    }
}
