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
///
/// Every notifier finds its context one of two ways, whatever its kind, and a port reports
/// through its notifier's:
///
/// 1. **Given when it is made:** its `audit:` argument, by default ``current`` — the innermost
///    ``withCurrent(_:)``; outside any, the context of the notification being handled, so
///    that an actor or a scope a handler makes reports where the handler does.
/// 2. **Bound when its scope is pushed:** a notifier whose context is ``disabled`` — made in
///    no context, or given it — and bound to a scope (a request notifier the scope handles, or
///    an event, request or asynchronous request notifier handed to its lifecycle's `own(_:)`)
///    joins the context of the stack the scope is pushed onto (or is on, if bound later).
///
/// A notifier never changes its context otherwise. To keep a scope's notifier out of every
/// trail, give it a context of its own that records nothing, `AuditContext()`: only the shared
/// ``disabled`` context stands for "no context yet".
public final class AuditContext: Sendable {
    /// The context that notifiers created now capture: the innermost ``withCurrent(_:)``, even
    /// ``disabled``; outside any, while a notification is being handled on this thread or by
    /// this task, that notification's context; else ``disabled``.
    public static var current: AuditContext {
        AuditContext.bound ?? AuditFrame.runningContext ?? .disabled
    }

    /// The context of the innermost ``withCurrent(_:)``, if any.
    @TaskLocal private static var bound: AuditContext?

    /// The default context: records nothing, and reports faults to standard error.
    public static let disabled = AuditContext()

    /// The store that receives this context's records.
    public let store: any AuditStore

    /// ``store``, when it is an ``InMemoryAuditStore``: a record is packed into it from its
    /// fields, without making an ``AuditRecord`` to hand over and destroy.
    let memoryStore: InMemoryAuditStore?

    /// The context's number: unique in the process, never reused, so that a cause kept beyond
    /// its handlers names its context without holding it (see ``AuditCause``).
    let number: UInt64 = AuditContext.numbers.add(1).magnitude

    /// The last number given to a context.
    private static let numbers = AtomicCounter()

    /// Whether notifiers audit at all; `false` when the store does not record.
    public let isEnabled: Bool

    /// How far a notification's cause is followed.
    public let causeTracking: CauseTracking

    /// The time since the context was made on the clock it was given, read for each record;
    /// `nil` when it keeps no time.
    let elapsedTime: (@Sendable () -> UInt64)?
    /// Whether ``elapsedTime`` is set: what a record checks, since loading the closure to
    /// find it `nil` costs a context without a clock 7 ns a record (`audit_overhead_ns`).
    let keepsTime: Bool

    /// The time since the context was made on its clock, or `nil` if it was given none.
    @_spi(Inspection) public var elapsed: Duration? {
        timeOfRecord().map { .nanoseconds(Int64(clamping: $0)) }
    }

    /// The time of a record made now. Never inlined: the call, inlined, costs a context without
    /// a clock 5 ns a record (`audit_overhead_ns`).
    @inline(never)
    func timeOfRecord() -> UInt64? {
        elapsedTime?()
    }

    /// The notifiers created in this context, for live drawings.
    let inventory = NotifierInventory()
    /// The asynchronous work under way in this context, for tests that wait for it to settle.
    @_spi(Inspection) public let pendingWork = PendingWork()
    private let faultHandler: @Sendable (any Error) -> Void
    private let lastSequence = AtomicCounter()
    private let droppedFaults = AtomicCounter()
    private let activeScopes = Locked<[ActorURI]>([])
    // Bumped, under the lock, whenever a scope starts or ends, so that a notifier can keep the
    // innermost scope it last saw and take the lock only when that has changed.
    private let scopesVersion = AtomicCounter()

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - store: Where records go. The default keeps nothing and turns auditing off.
    ///   - causeTracking: How far causes are followed: by default through synchronous
    ///     handlers and the package's asynchronous notifiers; ``CauseTracking/acrossTasks``
    ///     follows them into every task a handler starts, at a cost per delivery.
    ///   - clock: The clock each record reads its ``AuditRecord/time`` from, as the time since
    ///     the context was made: `ContinuousClock()` in an app whose trail should replay with
    ///     its timing, the test's `ManualClock` in a test. The default keeps no time, and reads
    ///     no clock.
    ///   - onFault: Called with every failure that no caller was told of by a thrown error:
    ///     a ``NotifierError`` for a single-way request without handler or a runaway cycle, a
    ///     ``ScopeStackError`` for a queued scope transition that failed. The default writes
    ///     one line to standard error.
    public init(
        store: some AuditStore = NoOpAuditStore(),
        causeTracking: CauseTracking = .synchronous,
        clock: (any Clock<Duration>)? = nil,
        onFault: @escaping @Sendable (any Error) -> Void = AuditContext.writeToStandardError
    ) {
        self.store = store
        self.memoryStore = store as? InMemoryAuditStore
        self.isEnabled = store.isRecording
        self.causeTracking = causeTracking
        self.elapsedTime = clock.map { AuditContext.elapsedTime(on: $0) }
        self.keepsTime = clock != nil
        self.faultHandler = onFault
    }

    /// Reads the time since now on `clock`, in nanoseconds.
    private static func elapsedTime<Clock: _Concurrency.Clock<Duration>>(on clock: Clock) -> @Sendable () -> UInt64 {
        let start = clock.now
        return { AuditRecord.nanoseconds(of: start.duration(to: clock.now)) }
    }

    deinit {
        lastSequence.destroy()
        droppedFaults.destroy()
        scopesVersion.destroy()
    }

    /// Runs `body` with this context as ``current``, so notifiers created in it report here.
    public func withCurrent<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = AuditContext.$bound.withValue(self) {
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
        try await AuditContext.$bound.withValue(self, operation: body, isolation: isolation)
    }

    /// Reports a failure that no caller was told of.
    ///
    /// A fault raised in this context on this thread while its fault handler runs — a handler
    /// that forwards faults to a peer that has gone raises one for each — is not reported: it
    /// is counted in ``droppedFaultCount`` and written to standard error, so that the report
    /// ends instead of recursing until the stack overflows. A fault of another context, raised
    /// there, goes to that context's handler.
    public func reportFault(_ fault: any Error) {
        let reported = FaultReportingThread.reportUnlessNested(in: number) { faultHandler(fault) }
        if !reported {
            droppedFaults.add(1)
            StandardError.write("swift-bsp: dropped a fault raised while reporting a fault: \(fault)\n")
        }
    }

    /// How many faults were raised in this context while its fault handler ran on the same
    /// thread, and so were not reported to it.
    public var droppedFaultCount: Int {
        Int(droppedFaults.load())
    }

    /// The innermost active scope: the one most recently pushed that has not yet terminated;
    /// always `nil` in a context that records nothing (``isEnabled`` is `false`), where no
    /// record would name it.
    public var innermostScope: ActorURI? {
        activeScopes.withLock { $0.last }
    }

    /// The innermost active scope, taking the lock only when the scopes changed since
    /// `snapshot` was taken.
    ///
    /// Inlined into a record, with the refresh out of line: called as a function, the check
    /// cost every audited send some 20 instructions of its 1,000.
    @inline(__always)
    func innermostScope(refreshing snapshot: inout ScopeSnapshot) -> ActorURI? {
        if scopesVersion.loadAcquiring() != snapshot.version {
            refresh(&snapshot)
        }
        return snapshot.scope
    }

    @inline(never)
    private func refresh(_ snapshot: inout ScopeSnapshot) {
        snapshot = activeScopes.withLock { scopes in
            ScopeSnapshot(version: scopesVersion.load(), scope: scopes.last)
        }
    }

    func scopeDidStart(_ scope: ActorURI) {
        // Only records name the innermost scope: a context that records nothing need not know.
        guard isEnabled else { return }
        activeScopes.withLock { scopes in
            scopes.append(scope)
            scopesVersion.addReleasing(1)
        }
    }

    func scopeDidEnd(_ scope: ActorURI) {
        guard isEnabled else { return }
        activeScopes.withLock { scopes in
            if let index = scopes.lastIndex(of: scope) {
                scopes.remove(at: index)
                scopesVersion.addReleasing(1)
            }
        }
    }

    /// Hands `record` to the store.
    func keep(_ record: consuming AuditRecord) {
        keep(record, in: store)
    }

    /// Hands `record` to `store`, opened: calling through `any AuditStore` would copy the
    /// store on every record.
    private func keep<Store: AuditStore>(_ record: consuming AuditRecord, in store: borrowing Store) {
        store.record(record)
    }

    /// The number of the next notification: one order across every notifier of the context.
    func nextSequence() -> UInt64 {
        UInt64(bitPattern: lastSequence.add(1))
    }

    /// The default fault handler: writes the fault's description to standard error.
    public static let writeToStandardError: @Sendable (any Error) -> Void = { fault in
        StandardError.write("swift-bsp: \(fault)\n")
    }
}
