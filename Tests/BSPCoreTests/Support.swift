import BSPCore

/// Collects the faults an audit context reports, from any thread.
final class FaultLog: Sendable {
    private let faults = Locked<[any Error]>([])

    /// The notifier faults, in the order they were reported.
    var all: [NotifierError] { faults.withLock { $0.compactMap { $0 as? NotifierError } } }

    /// The scope stack faults, in the order they were reported.
    var scopeStack: [ScopeStackError] { faults.withLock { $0.compactMap { $0 as? ScopeStackError } } }

    func append(_ fault: any Error) {
        faults.withLock { $0.append(fault) }
    }
}

/// A context that keeps every record and fault, for one test.
struct Recording {
    let store = InMemoryAuditStore(capacity: 100_000)
    let faults = FaultLog()
    let context: AuditContext

    init(causeTracking: AuditContext.CauseTracking = .synchronous) {
        let faults = self.faults
        context = AuditContext(store: store, causeTracking: causeTracking) { faults.append($0) }
    }

    /// The records as transcript lines.
    var lines: [String] { store.records.map(\.description) }

    /// This recording's context when `audited`, else the disabled one: for a test that runs
    /// both ways.
    func context(audited: Bool) -> AuditContext {
        audited ? context : .disabled
    }
}

/// An actor with nothing but a URI, to name observers.
final class NamedActor: BSPActor {
    let uri: ActorURI
    init(_ uri: ActorURI) { self.uri = uri }
}

/// An actor that handles its own requests by echoing them back, counting what it received.
final class EchoActor: BSPActor {
    let uri: ActorURI = "/actor/echo"
    let requests: RequestNotifier<String, String>
    private(set) var received: [String] = []

    init(audit: AuditContext = .current) throws {
        requests = RequestNotifier(of: "/actor/echo", audit: audit)
        requests.handle(by: self) { echo, request in
            echo.received.append(request)
            return "echo: \(request)"
        }
    }
}

/// A count that any thread may bump.
final class Tally: Sendable {
    private let value = Locked(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
}

/// A notification that reads a store when it is freed: code a store must not run under its
/// lock, which a store that frees what it forgets under the lock deadlocks on.
final class ReadsAStoreWhenFreed: Sendable {
    private let read: @Sendable () -> Void

    init(_ read: @escaping @Sendable () -> Void) {
        self.read = read
    }

    deinit {
        read()
    }
}
