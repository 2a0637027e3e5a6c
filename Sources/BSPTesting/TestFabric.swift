public import BSPCore

/// A system under test, built in an audit context of its own, with the steps of the BSP test
/// procedure: exercise its input notifiers, then read what happened as a ``Transcript``.
///
/// Build the actors inside the closure, so their notifiers report to this fabric alone; tests
/// running in parallel never see each other's notifications. The system's members are
/// reachable on the fabric itself:
///
/// ```swift
/// @Test func buttonShowsLocation() throws {
///     let app = try TestFabric { try LocationApp(currentPlace: { .sydney }) }
///
///     app.exercise(app.presentation.events, .showLocationRequested)
///
///     #expect(app.transcript.lines.contains { $0.contains("present(") })
/// }
/// ```
@dynamicMemberLookup
public final class TestFabric<System> {
    /// The system under test, as the build closure returned it.
    public let system: System

    /// The store that keeps every notification of the system.
    public let store: InMemoryAuditStore

    /// The context the system's notifiers report to.
    public let audit: AuditContext

    private let faultLog: Locked<[any Error]>

    /// Builds the system under test in an audit context of its own.
    ///
    /// - Parameters:
    ///   - capacity: How many notifications to keep.
    ///   - build: Creates the system's actors. Their notifiers report to this fabric.
    /// - Throws: Whatever `build` throws.
    public init<Failure: Error>(
        capacity: Int = 100_000,
        _ build: () throws(Failure) -> System
    ) throws(Failure) {
        let faultLog = Locked<[any Error]>([])
        let store = InMemoryAuditStore(capacity: capacity)
        let audit = AuditContext(store: store) { fault in faultLog.withLock { $0.append(fault) } }
        self.system = try audit.withCurrent(build)
        self.store = store
        self.audit = audit
        self.faultLog = faultLog
    }

    /// A member of the system under test.
    public subscript<Member>(dynamicMember keyPath: KeyPath<System, Member>) -> Member {
        system[keyPath: keyPath]
    }

    /// Step 1: emits `event` on an event notifier the system observes, as its source would.
    public func exercise<Event>(_ notifier: EventNotifier<Event>, _ event: Event) {
        notifier.emit(event)
    }

    /// Step 1: sends `request` to one of the system's request notifiers.
    public func exercise<Request>(_ notifier: RequestNotifier<Request, Void>, _ request: Request) {
        notifier.send(request)
    }

    /// Step 2: every notification recorded so far.
    public var transcript: Transcript {
        Transcript(store.records)
    }

    /// The faults reported so far: requests nobody handled, runaway cycles, failed queued
    /// scope transitions.
    public var faults: [any Error] {
        faultLog.withLock { $0 }
    }

    /// The faults of one type reported so far, such as `NotifierError`.
    public func faults<Fault: Error>(of type: Fault.Type) -> [Fault] {
        faults.compactMap { $0 as? Fault }
    }
}
