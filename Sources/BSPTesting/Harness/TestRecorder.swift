import BSPCore
import Testing

/// The audit store of a ``TestFabric``: keeps records and faults, and reports any record that
/// arrives after the test ended.
final class TestRecorder: AuditStore {
    let store: InMemoryAuditStore
    private let origin: SourceContext
    private let wasSwiftTesting: Bool
    private let state = Locked(State())

    private struct State {
        var ended = false
        var faults: [any Error] = []
    }

    init(capacity: Int, origin: SourceContext) {
        self.store = InMemoryAuditStore(capacity: capacity)
        self.origin = origin
        self.wasSwiftTesting = Test.current != nil
    }

    func record(_ record: AuditRecord) {
        store.record(record)
        if state.withLock({ $0.ended }) {
            TestFailure.recordLate(
                "A notification arrived after its test ended: \(record) (on \(record.notifier)). Something the "
                    + "test started — a task, a timer, a callback — outlived it.",
                at: origin,
                wasSwiftTesting: wasSwiftTesting)
        }
    }

    func recordFault(_ fault: any Error) {
        state.withLock { $0.faults.append(fault) }
    }

    var faults: [any Error] {
        state.withLock { $0.faults }
    }

    func testDidEnd() {
        state.withLock { $0.ended = true }
    }
}
