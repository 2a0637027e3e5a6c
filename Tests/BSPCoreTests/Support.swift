import BSPCore

/// Collects the faults an audit context reports, from any thread.
final class FaultLog: Sendable {
    private let faults = Locked<[NotifierError]>([])

    var all: [NotifierError] { faults.withLock { $0 } }

    func append(_ fault: NotifierError) {
        faults.withLock { $0.append(fault) }
    }
}

/// A context that keeps every record and fault, for one test.
struct Recording {
    let store = InMemoryAuditStore(capacity: 100_000)
    let faults = FaultLog()
    let context: AuditContext

    init() {
        let faults = self.faults
        context = AuditContext(store: store) { faults.append($0) }
    }

    /// The records as transcript lines.
    var lines: [String] { store.records.map(\.description) }
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
        try requests.handle(by: self) { echo, request in
            echo.received.append(request)
            return "echo: \(request)"
        }
    }
}
