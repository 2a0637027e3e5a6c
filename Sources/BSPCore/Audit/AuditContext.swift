import Synchronization

/// Where the notifiers created in it report: the audit store for their notifications, the
/// fault handler for what could not be delivered, and the sequence numbers that order them.
///
/// A notifier captures ``current`` when it is created, the way a swift-log `Logger` captures
/// its handler: the check on every send is then a single stored flag, and the context can be
/// chosen per app, per test or per fabric. Build the actors inside ``withCurrent(_:)``:
///
/// ```swift
/// let store = InMemoryAuditStore()
/// let audit = AuditContext(store: store)
/// let app = audit.withCurrent { LocationApp() }   // its notifiers report to `store`
/// ```
///
/// Because ``current`` is a task-local value, tests running in parallel that each build their
/// actors inside their own context never see each other's records.
public final class AuditContext: Sendable {
    /// The context that notifiers created now capture: the innermost ``withCurrent(_:)``, or
    /// ``disabled``.
    @TaskLocal public static var current: AuditContext = .disabled

    /// The default context: records nothing, and reports faults to standard error.
    public static let disabled = AuditContext()

    /// The store that receives this context's records.
    public let store: any AuditStore

    /// Whether notifiers audit at all; `false` when the store does not record.
    public let isEnabled: Bool

    private let faultHandler: @Sendable (any Error) -> Void
    private let lastSequence = Atomic<UInt64>(0)
    private let activeScopes = Locked<[ActorURI]>([])

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - store: Where records go. The default keeps nothing and turns auditing off.
    ///   - onFault: Called with every failure that no caller was told of by a thrown error:
    ///     a ``NotifierError`` for a single-way request without handler or a runaway cycle, a
    ///     ``ScopeStackError`` for a queued scope transition that failed. The default writes
    ///     one line to standard error.
    public init(
        store: some AuditStore = NoOpAuditStore(),
        onFault: @escaping @Sendable (any Error) -> Void = AuditContext.writeToStandardError
    ) {
        self.store = store
        self.isEnabled = store.isRecording
        self.faultHandler = onFault
    }

    /// Runs `body` with this context as ``current``, so notifiers created in it report here.
    public func withCurrent<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = AuditContext.$current.withValue(self) {
            do throws(Failure) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Runs the asynchronous `body` with this context as ``current``.
    public func withCurrent<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await AuditContext.$current.withValue(self, operation: body, isolation: isolation)
    }

    /// Reports a failure that no caller was told of.
    public func reportFault(_ fault: any Error) {
        faultHandler(fault)
    }

    /// The innermost active scope: the one most recently pushed that has not yet terminated.
    public var innermostScope: ActorURI? {
        activeScopes.withLock { $0.last }
    }

    func scopeDidStart(_ scope: ActorURI) {
        activeScopes.withLock { $0.append(scope) }
    }

    func scopeDidEnd(_ scope: ActorURI) {
        activeScopes.withLock { scopes in
            if let index = scopes.lastIndex(of: scope) {
                scopes.remove(at: index)
            }
        }
    }

    /// The number of the next notification: one order across every notifier of the context.
    func nextSequence() -> UInt64 {
        lastSequence.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The default fault handler: writes the fault's description to standard error.
    public static let writeToStandardError: @Sendable (any Error) -> Void = { fault in
        StandardError.write("swift-bsp: \(fault)\n")
    }
}
