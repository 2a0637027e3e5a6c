@_spi(Inspection) import BSPCore
import Testing

/// The audit store of a ``TestFabric``: keeps records and faults, and reports any record that
/// arrives after the test ended.
final class TestRecorder: AuditStore {
    let store: InMemoryAuditStore
    /// Where the fabric was made.
    let origin: SourceContext
    /// The fabric's test clock, if it has one: a fault that arises while it advances belongs to
    /// the advance.
    private let clock: ManualClock?
    private let wasSwiftTesting: Bool
    private let state: Locked<State>

    fileprivate struct State: Sendable {
        var ended = false
        var faults: [any Error] = []
        /// The notifications of `Sendable` value types, by sequence number, for typed expectations.
        var notifications: [UInt64: AuditRecord.SendableNotification] = [:]
        /// Faults no expectation has claimed yet, each with the step it arose in.
        var unclaimed: [(fault: any Error, step: SourceContext, number: Int)] = []
        /// How many faults have been recorded: each unclaimed one is known by its number.
        var faultCount = 0
        /// The step running now: the test's last exercise, or the fabric's creation.
        var step: SourceContext
        /// The sequence numbers and notifiers of the records the store keeps, oldest first,
        /// from `keptStart` on: the store drops the oldest past its capacity, and so does this.
        var kept: [(sequence: UInt64, notifier: NotifierURI)] = []
        var keptStart = 0
        /// The records the store dropped, by sequence number and notifier: what a check that
        /// needed them says it never saw.
        var dropped: [(sequence: UInt64, notifier: NotifierURI)] = []
        /// The highest sequence number recorded so far.
        var lastSequence: UInt64 = 0
        /// The replies of bi-way requests, by the request's sequence number, for a replay to
        /// compare; bounded like the store.
        var replies: [UInt64: RecordedValue] = [:]
    }

    init(capacity: Int, origin: SourceContext, clock: ManualClock?) {
        self.store = InMemoryAuditStore(capacity: capacity)
        self.origin = origin
        self.clock = clock
        self.state = Locked(State(step: origin))
        self.wasSwiftTesting = Test.current != nil
    }

    func record(_ record: AuditRecord) {
        let notification = record.notificationValue
        let sequence = record.sequence
        store.record(record)
        let capacity = store.capacity
        let notifier = record.notifier
        let (ended, forgotten) = state.withLock { state in
            state.keep(sequence, on: notifier, capacity: capacity)
            var forgotten: [UInt64: AuditRecord.SendableNotification] = [:]
            if let notification {
                state.notifications[sequence] = notification
                // Bounded like the store: past twice its capacity, forget what it has forgotten.
                if state.notifications.count > 2 * capacity {
                    let oldest = sequence >= UInt64(capacity) ? sequence - UInt64(capacity) : 0
                    forgotten = state.notifications
                    state.notifications = forgotten.filter { $0.key > oldest }
                }
            }
            return (state.ended, forgotten)
        }
        withExtendedLifetime(forgotten) {}  // Released after the lock: a value may hold an object.
        if ended {
            TestFailure.recordLate(
                "A notification arrived after its test ended: \(record) (on \(record.notifier)). Something the "
                    + "test started — a task, a timer, a callback — outlived it.",
                at: origin,
                wasSwiftTesting: wasSwiftTesting)
        }
    }

    /// Keeps the reply in the store, with its request's record, and for a replay to compare.
    func record(reply: RecordedValue, toRequest sequence: UInt64) {
        store.record(reply: reply, toRequest: sequence)
        let capacity = UInt64(store.capacity)
        state.withLock { state in
            state.replies[sequence] = reply
            if state.replies.count > 2 * Int(capacity) {
                let oldest = sequence >= capacity ? sequence - capacity : 0
                state.replies = state.replies.filter { $0.key > oldest }
            }
        }
    }

    /// The reply to the bi-way request recorded as `sequence`, once its handler has returned.
    func reply(toRequest sequence: UInt64) -> RecordedValue? {
        state.withLock { $0.replies[sequence] }
    }

    /// `fault`'s description as a sentence: ending with one full stop.
    private static func sentence(_ fault: any Error) -> String {
        let text = "\(fault)"
        return text.hasSuffix(".") ? text : text + "."
    }

    func recordFault(_ fault: any Error) {
        let advance = clock?.advancing
        let (ended, step) = state.withLock { state in
            let step = advance ?? state.step
            state.faults.append(fault)
            state.faultCount += 1
            if !state.ended {
                state.unclaimed.append((fault, step, state.faultCount))
            }
            return (state.ended, step)
        }
        if ended {
            TestFailure.recordLate(
                "A fault was reported after its test ended: \(Self.sentence(fault)) Something the test started — a task, a "
                    + "timer, a callback — outlived it.",
                at: step,
                wasSwiftTesting: wasSwiftTesting)
        }
    }

    /// The records the store dropped, oldest first.
    var droppedRecords: [(sequence: UInt64, notifier: NotifierURI)] {
        state.withLock { $0.dropped }
    }

    /// The highest sequence number recorded so far.
    var lastSequence: UInt64 {
        state.withLock { $0.lastSequence }
    }

    /// The notification that the record `sequence` was made of, if it is a value of a
    /// `Sendable` type.
    func notification(_ sequence: UInt64) -> Any? {
        state.withLock { $0.notifications[sequence] }?.value
    }

    /// Marks the start of a step of the test, where the faults that arise from now on belong.
    func beginStep(at location: SourceContext) {
        state.withLock { $0.step = location }
    }

    /// The step running now: the test's last exercise, or the fabric's creation.
    var currentStep: SourceContext {
        state.withLock { $0.step }
    }

    /// Removes and returns the faults no expectation has claimed yet.
    func takeUnclaimedFaults() -> [(fault: any Error, step: SourceContext)] {
        state.withLock { state in
            defer { state.unclaimed = [] }
            return state.unclaimed.map { ($0.fault, $0.step) }
        }
    }

    /// Removes and returns the first unclaimed fault that `matches` accepts.
    ///
    /// `matches` is the test's code — a fault's `==` — and runs with no lock held: the faults
    /// are read under the lock, compared after it, and the one found is taken out by its
    /// number.
    func claimFault(where matches: (any Error) -> Bool) -> (any Error)? {
        let unclaimed = state.withLock { $0.unclaimed }
        guard let found = unclaimed.first(where: { matches($0.fault) }) else { return nil }
        return state.withLock { state in
            state.unclaimed.firstIndex { $0.number == found.number }.map { state.unclaimed.remove(at: $0).fault }
        }
    }

    /// The faults no expectation has claimed yet.
    var unclaimedFaults: [any Error] {
        state.withLock { $0.unclaimed.map(\.fault) }
    }

    var faults: [any Error] {
        state.withLock { $0.faults }
    }

    func testDidEnd() {
        state.withLock { $0.ended = true }
    }
}

extension TestRecorder.State {
    /// Keeps the record `sequence` on `notifier` among those the store keeps, moving the oldest
    /// to the dropped ones past `capacity`, as the store does.
    fileprivate mutating func keep(_ sequence: UInt64, on notifier: NotifierURI, capacity: Int) {
        lastSequence = max(lastSequence, sequence)
        kept.append((sequence, notifier))
        if kept.count - keptStart > capacity {
            dropped.append(kept[keptStart])
            keptStart += 1
            // Compacted as it doubles, so that keeping costs a constant per record.
            if keptStart >= capacity {
                kept.removeFirst(keptStart)
                keptStart = 0
            }
        }
    }
}
