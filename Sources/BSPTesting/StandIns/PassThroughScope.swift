public import BSPCore

/// A placeholder scope: it does nothing of its own but record what happens to it and hand
/// canned answers back, so scopes below or above it can be built and tested before it is.
///
/// BSP's documents suggest building UI scopes with the hosting and environment scopes as
/// pass-throughs; `next` pushes the scope that would follow in the real app:
///
/// ```swift
/// let hosting = PassThroughScope("/actor/behaviour/scope/hosting", on: stack) {
///     PortalSessionScope(portal: portal)
/// }
/// try stack.push(hosting)   // pushes the session scope once hosting is active
/// ```
public final class PassThroughScope: Scope {
    /// The scope's URI.
    public let uri: ActorURI

    /// The scope's lifecycle.
    public let lifecycle = ScopeLifecycle()

    /// The companion pushed with it, if any.
    public let companion: (any Scope)?

    /// What the scope hands back when popped.
    public var result: (any Sendable)?

    /// The values it records when suspended.
    public var suspendedValues: [String: String] = [:]

    /// Its answer when resumed.
    public var resumeDecision: ResumeDecision = .proceed

    /// What happened to it, in order: `activate`, `deactivate`, `suspend`, `resume`.
    public private(set) var calls: [String] = []

    private weak var stack: ScopeStack?
    private let next: (() -> (any Scope)?)?

    /// Creates a pass-through scope.
    ///
    /// - Parameters:
    ///   - uri: The URI of the scope it stands in for.
    ///   - companion: A companion to push with it.
    ///   - stack: The stack to push `next` onto.
    ///   - next: Makes the scope to push once this one is active, unless the stack is
    ///     resuming (then resumption pushes what was recorded).
    public init(
        _ uri: ActorURI,
        companion: (any Scope)? = nil,
        on stack: ScopeStack? = nil,
        next: (() -> (any Scope)?)? = nil
    ) {
        self.uri = uri
        self.companion = companion
        self.stack = stack
        self.next = next
    }

    /// Records the call and pushes `next`, if any.
    public func activate() {
        calls.append("activate")
        if lifecycle.resumeRecord == nil, let stack, let scope = next?() {
            try? stack.push(scope)
        }
    }

    /// Records the call.
    public func deactivate() {
        calls.append("deactivate")
    }

    /// Records the call and returns ``suspendedValues``.
    public func suspend() -> ScopeRecord {
        calls.append("suspend")
        return ScopeRecord(scope: uri, values: suspendedValues)
    }

    /// Records the call and returns ``resumeDecision``.
    public func resume(from record: ScopeRecord) -> ResumeDecision {
        calls.append("resume")
        return resumeDecision
    }
}
