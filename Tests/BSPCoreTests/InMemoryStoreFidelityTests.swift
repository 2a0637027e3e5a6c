@_spi(Inspection) import BSPCore
import Dispatch
import Testing

/// A store that keeps each record exactly as it was handed over: what the in-memory store's
/// records must read back as.
private final class KeepingStore: AuditStore, Sendable {
    private let kept = Locked<[AuditRecord]>([])
    var records: [AuditRecord] { kept.withLock { $0 } }

    func record(_ record: AuditRecord) {
        kept.withLock { $0.append(record) }
    }
}

/// A notification that counts how many of its kind are alive.
private final class Counted: Sendable {
    static let alive = Locked([Int: Int]())
    let test: Int

    init(test: Int) {
        self.test = test
        Self.alive.withLock { $0[test, default: 0] += 1 }
    }

    deinit {
        let test = test
        Self.alive.withLock { $0[test, default: 0] -= 1 }
    }
}

/// A value of a pure value type with no description of its own: kept unrendered.
private struct Point: Sendable, Codable, Hashable {
    var x: Int
    var y: Int
}

/// A value with a description of its own: rendered when sent, and kept beside its text.
private struct Named: Sendable, Codable, CustomStringConvertible {
    var name: String
    var description: String { "Named(\(name))" }
}

@Suite("In-memory store: what it keeps reads back as it was")
struct InMemoryStoreFidelityTests {
    static let notifier = try! ActorURI("/actor/test").notifier("event")

    @Test func everyFieldOfEveryKindOfRecordReadsBackEqual() {
        let hostile = "e\u{301} 👩‍👩‍👧 \u{0} \"quoted\" \\ \n\u{2028} " + String(repeating: "é", count: 40)
        let records: [AuditRecord] = [
            AuditRecord(sequence: 0, notifier: Self.notifier, variety: .event, notification: ""),
            AuditRecord(
                sequence: .max, notifier: Self.notifier, variety: .request, aspect: .asynchronousBiWay,
                source: "/actor/source", targets: ["/actor/a", "/actor/b"], notification: hostile, cause: .max,
                depth: .max, scope: "/actor/behaviour/scope", delivery: .dropped,
                stackChange: StackChange(.pushed, "/actor/behaviour/scope"), value: .string(hostile),
                reply: .number(-1.5e300), time: .nanoseconds(Int64.max)),
            AuditRecord(
                sequence: 5, notifier: Self.notifier, variety: .event, notification: "before its cause", cause: 9,
                depth: .min, delivery: .queued, time: .zero),
            AuditRecord(
                sequence: 6, notifier: Self.notifier, variety: .event, notification: "a time before the first",
                cause: 0, depth: -1, delivery: .unobserved, time: .nanoseconds(1)),
            AuditRecord(
                sequence: 1, notifier: Self.notifier, variety: .event,
                notification: String(repeating: "long ", count: 30_000), delivery: .undelivered),
        ]
        let store = InMemoryAuditStore(capacity: 10)
        for record in records { store.record(record) }

        #expect(Array(store.records) == records)
        #expect(store.records.map(\.time) == records.map(\.time))
        #expect(store.records.map(\.reply) == records.map(\.reply))
        #expect(store.records.map(\.value) == records.map(\.value))
    }

    @Test func notificationsOfEveryTypeReadBackWithTheirTextAndValue() {
        let kept = KeepingStore()
        let store = InMemoryAuditStore(capacity: 100)
        let audit = AuditContext(store: TeeAuditStore(kept, store))
        let anything = EventNotifier<any Sendable>(of: "/actor/test", audit: audit)
        let strings = EventNotifier<String>(of: "/actor/test", named: "strings", audit: audit)
        let token = anything.observe { _ in }
        let stringToken = strings.observe { _ in }

        let values: [any Sendable] = [
            42, Int.min, true, false, 0.1, -0.0, Double.nan, Double.infinity, "a string", Point(x: 1, y: -2),
            Named(name: "n"), UInt8(7), [1, 2, 3],
        ]
        for value in values { anything.emit(value) }
        strings.emit("plain")
        withExtendedLifetime((token, stringToken)) {}

        let read = Array(store.records)
        #expect(read.count == kept.records.count)
        #expect(read.map(\.notification) == kept.records.map(\.notification))
        #expect(read.map(\.value) == kept.records.map(\.value))
        #expect(read.map(\.sequence) == kept.records.map(\.sequence))
        #expect(read.map(\.description) == kept.records.map(\.description))
    }

    @Test func manyNotifiersActorsAndScopesAcrossBlocksReadBackAsSentAndStayBounded() throws {
        let kept = KeepingStore()
        let store = InMemoryAuditStore(capacity: 5_000)
        var notifiers: [EventNotifier<Int>] = []
        for index in 0..<300 {
            notifiers.append(EventNotifier(of: try ActorURI(validating: "/actor/n\(index)")))
        }
        for round in 0..<40 {
            for (index, notifier) in notifiers.enumerated() {
                let record = AuditRecord(
                    sequence: UInt64(round * 1_000 + index), notifier: notifier.uri, variety: .event,
                    source: index.isMultiple(of: 3) ? nil : try ActorURI(validating: "/actor/s\(index % 200)"),
                    targets: [try ActorURI(validating: "/actor/t\(index)")],
                    notification: String(repeating: "x", count: index), cause: UInt64(round * 1_000),
                    depth: index % 5,
                    scope: index.isMultiple(of: 2) ? try ActorURI(validating: "/actor/scope\(index)") : nil,
                    time: .nanoseconds(round * 1_000_000_000 + index))
                kept.record(record)
                store.record(record)
            }
        }

        #expect(store.count == 5_000)
        #expect(store.droppedCount == 12_000 - 5_000)
        #expect(Array(store.records) == Array(kept.records.suffix(5_000)))
    }

    @Test func whatWasReadStaysAsItWasReadWhileTheStoreGoesOn() {
        let store = InMemoryAuditStore(capacity: 3)
        for sequence in 1...3 { store.record(InMemoryAuditStoreTests.record(UInt64(sequence))) }

        let read = store.records
        for sequence in 4...3_000 { store.record(InMemoryAuditStoreTests.record(UInt64(sequence))) }
        let afterMore = store.records
        store.clear()

        #expect(read.map(\.sequence) == [1, 2, 3])
        #expect(read.map(\.notification) == ["n1", "n2", "n3"])
        #expect(afterMore.map(\.sequence) == [2_998, 2_999, 3_000])
        #expect(store.records.isEmpty)
    }

    @Test func recordsAreACollectionToIndexSliceAndWalkBackwards() {
        let store = InMemoryAuditStore(capacity: 2_000)
        for sequence in 1...5_000 { store.record(InMemoryAuditStoreTests.record(UInt64(sequence))) }

        let records = store.records
        #expect(records.count == 2_000)
        #expect(records.first?.sequence == 3_001)
        #expect(records[records.startIndex].sequence == 3_001)
        #expect(records[records.index(before: records.endIndex)].sequence == 5_000)
        #expect(records.reversed().prefix(2).map(\.sequence) == [5_000, 4_999])
        #expect(records[1_000..<1_002].map(\.notification) == ["n4001", "n4002"])
        #expect(records == store.records)
    }

    @Test func aReplyFindsItsRequestAmongManyLaterRecords() {
        let store = InMemoryAuditStore(capacity: 100_000)
        store.record(
            AuditRecord(
                sequence: 1, notifier: Self.notifier, variety: .request, aspect: .synchronousBiWay, notification: "ask")
        )
        for sequence in 2...20_000 { store.record(InMemoryAuditStoreTests.record(UInt64(sequence))) }

        store.record(reply: .string("answer"), toRequest: 1)
        store.record(reply: .string("nobody asked"), toRequest: 2)

        #expect(store.records.first?.reply == .string("answer"))
        #expect(store.records.dropFirst().allSatisfy { $0.reply == nil })
    }

    @Test func repliesToNestedRequestsGoToTheirOwnRequestsInWhateverOrderTheyCome() {
        let store = InMemoryAuditStore(capacity: 100)
        for sequence in 1...4 {
            store.record(
                AuditRecord(
                    sequence: UInt64(sequence), notifier: Self.notifier, variety: sequence == 3 ? .event : .request,
                    aspect: .synchronousBiWay, notification: "r\(sequence)"))
        }

        store.record(reply: .integer(4), toRequest: 4)
        store.record(reply: .integer(2), toRequest: 2)
        store.record(reply: .integer(3), toRequest: 3)
        store.record(reply: .integer(1), toRequest: 1)
        store.record(reply: .integer(-2), toRequest: 2)

        #expect(store.records.map(\.reply) == [.integer(1), .integer(-2), nil, .integer(4)])
    }

    @Test func aNotificationFreedAsTheStoreForgetsItOrIsClearedMayReadTheStore() async throws {
        let count = try await withTimeout(seconds: 60) {
            let store = InMemoryAuditStore(capacity: 2)
            let notifier = EventNotifier<CallsBackWhenFreed>(of: "/actor/test", audit: AuditContext(store: store))
            let token = notifier.observe { _ in }
            for _ in 0..<100 { notifier.emit(CallsBackWhenFreed { _ = store.count }) }
            let kept = store.count
            store.clear()
            withExtendedLifetime(token) {}
            return (kept, store.count)
        }

        #expect(count == (2, 0))
    }

    @Test func blocksLetGoOfBySendersOnManyThreadsAtOnceAreAllReleased() {
        let test = Int.random(in: 0..<Int.max)
        let store = InMemoryAuditStore(capacity: 2)
        let audit = AuditContext(store: store)

        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let notifier = EventNotifier<Counted>(of: "/actor/test", audit: audit)
            for _ in 0..<5_000 { notifier.emit(Counted(test: test)) }
        }

        #expect(store.count == 2)
        #expect(Counted.alive.withLock { $0[test] ?? 0 } <= 2 * 2)
    }

    @Test(arguments: [1, 2, 100])
    func whatAStoreForgetsItLetsGoOfWithinTwiceItsCapacity(capacity: Int) {
        let test = Int.random(in: 0..<Int.max)
        let store = InMemoryAuditStore(capacity: capacity)
        let notifier = EventNotifier<Counted>(of: "/actor/test", audit: AuditContext(store: store))
        let token = notifier.observe { _ in }

        for _ in 0..<2_000 { notifier.emit(Counted(test: test)) }
        withExtendedLifetime(token) {}

        #expect(store.count == capacity)
        #expect(Counted.alive.withLock { $0[test] ?? 0 } <= 2 * capacity)
    }
}
