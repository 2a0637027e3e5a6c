@_spi(Inspection) import BSPCore
import Foundation

/// Collects the faults an audit context reports, from any thread.
final class FaultLog: Sendable {
    private let faults = Locked<[any Error]>([])

    /// The notifier faults, in the order they were reported.
    var all: [NotifierError] { faults.withLock { $0.compactMap { $0 as? NotifierError } } }

    /// The faults only a fault handler sees, in the order they were reported.
    var notifier: [NotifierFault] { faults.withLock { $0.compactMap { $0 as? NotifierFault } } }

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
    let lifetime = ActorLifetime()
    init(_ uri: ActorURI) { self.uri = uri }
}

/// An actor that handles its own requests by echoing them back, counting what it received.
final class EchoActor: BSPActor {
    let uri: ActorURI = "/actor/echo"
    let lifetime = ActorLifetime()
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

/// An object that runs code when it is freed: as a notification that reads its store, or a
/// capture of a handler that reads its notifier, it is code the package must not run under a
/// lock, which a type that frees what it lets go of under its lock deadlocks on.
final class CallsBackWhenFreed: Sendable {
    private let read: @Sendable () -> Void

    init(_ read: @escaping @Sendable () -> Void) {
        self.read = read
    }

    deinit {
        read()
    }
}

/// Runs `body` on a thread of its own and says whether it returned within ten seconds: a test
/// of something that would hang on a lock it already holds fails instead of hanging the run.
///
/// It blocks the calling thread: only for a check made where no `await` is possible — inside a
/// synchronous handler — and a body that is quick when it does not hang. A test itself awaits
/// `returnsOnAThread(_:)`, which leaves the cooperative pool to the other tests meanwhile.
func returnsInTime(_ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + 10) == .success
}
