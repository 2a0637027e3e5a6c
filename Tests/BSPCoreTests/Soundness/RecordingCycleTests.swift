import BSPCore
import Testing

/// Recording a notification runs user code — its description, the audit store — that may send
/// on the very notifier recording it, every time. Such a cycle never reaches a handler, so it
/// is cut by the stack budget or the notifier's limit while the notifier records, with a typed
/// fault, instead of recursing until the stack overflows.
@Suite("Cycles through a notifier's own records")
struct RecordingCycleTests {
    /// An event whose description emits another like it on the notifier rendering it.
    final class Echo: CustomStringConvertible, @unchecked Sendable {
        // @unchecked: made, sent and rendered on the test's thread alone; the notifier it
        // reaches stands for any a description could reach.
        weak var notifier: EventNotifier<Echo>?
        init(_ notifier: EventNotifier<Echo>?) { self.notifier = notifier }
        var description: String {
            notifier?.emit(Echo(notifier))
            return "echo"
        }
    }

    @Test func aDescriptionThatAlwaysEmitsOnItsNotifierIsCut() {
        let recording = Recording()
        let events = EventNotifier<Echo>(of: "/actor/source", audit: recording.context)
        var heard = 0
        let token = events.observe { _ in heard += 1 }

        events.emit(Echo(events))

        #expect(recording.faults.all == [.nestedTooDeep(events.uri)])
        #expect(heard > 1)
        _ = token
    }

    /// A store that emits on a notifier each time it records one of its notifications.
    final class EmittingStore: AuditStore, @unchecked Sendable {
        // @unchecked: set once, before the first record, and used on the test's thread alone.
        let kept = InMemoryAuditStore(capacity: 100_000)
        var emit: () -> Void = {}
        func record(_ record: consuming AuditRecord) {
            kept.record(record)
            emit()
        }
    }

    @Test func aStoreThatAlwaysEmitsOnTheNotifierItRecordsIsCut() {
        let store = EmittingStore()
        let faults = FaultLog()
        let events = EventNotifier<Int>(of: "/actor/source", audit: AuditContext(store: store) { faults.append($0) })
        store.emit = { [weak events] in events?.emit(0) }

        events.emit(1)

        #expect(faults.all == [.nestedTooDeep(events.uri)])
        store.emit = {}
    }

    /// A request whose description sends another like it on the notifier rendering it.
    final class Ask: CustomStringConvertible, @unchecked Sendable {
        // @unchecked: as `Echo`.
        weak var notifier: RequestNotifier<Ask, Void>?
        init(_ notifier: RequestNotifier<Ask, Void>?) { self.notifier = notifier }
        var description: String {
            notifier?.send(Ask(notifier))
            return "ask"
        }
    }

    @Test func aDescriptionThatAlwaysSendsOnItsRequestNotifierIsCut() {
        let recording = Recording()
        let requests = RequestNotifier<Ask, Void>(of: "/actor/service", audit: recording.context)
        let registration = requests.handle { _ in }

        requests.send(Ask(requests))

        #expect(!recording.faults.all.isEmpty)
        #expect(
            recording.faults.all.allSatisfy {
                switch $0 {
                case .runawayCycle, .nestedTooDeep: true
                default: false
                }
            })
        _ = registration
    }
}
