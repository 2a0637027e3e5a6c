@_spi(Inspection) import BSPCore
import Foundation
import Testing

/// A clock that stands still until a test moves it: what each record reads is then known.
final class SteppedClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current: Locked<Instant>

    init(at start: Duration = .zero) {
        current = Locked(Instant(offset: start))
    }

    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .zero }

    func step(by duration: Duration) {
        current.withLock { $0.offset += duration }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        step(by: now.duration(to: deadline))
    }
}

@Suite("The time of a record")
struct RecordTimeTests {
    @Test func aContextWithAClockRecordsTheTimeSinceItWasMade() {
        let clock = SteppedClock(at: .seconds(100))
        let store = InMemoryAuditStore()
        let audit = AuditContext(store: store, clock: clock)
        let events = EventNotifier<Int>(of: "/actor/timed", audit: audit)

        events.emit(1)
        clock.step(by: .milliseconds(1_500))
        events.emit(2)
        clock.step(by: .nanoseconds(7))
        events.emit(3)

        #expect(store.records.map(\.time) == [.zero, .milliseconds(1_500), .milliseconds(1_500) + .nanoseconds(7)])
    }

    @Test func aContextWithoutAClockRecordsNoTime() {
        let recording = Recording()
        let events = EventNotifier<Int>(of: "/actor/untimed", audit: recording.context)

        events.emit(1)

        #expect(recording.store.records.map(\.time) == [nil])
        #expect(!JSONLineText.of(recording.store.records[0]).contains(#""time":"#))
    }

    @Test func everyKindOfRecordKeepsItsTime() throws {
        let clock = SteppedClock()
        let store = InMemoryAuditStore()
        let audit = AuditContext(store: store, clock: clock) { _ in }
        let owner = NamedActor("/actor/timed")
        let requests = RequestNotifier<String, Int>(of: "/actor/timed", audit: audit)
        requests.handle(by: owner) { _, request in
            clock.step(by: .seconds(1))
            return request.count
        }
        let unhandled = RequestNotifier<String, Void>(of: "/actor/nobody", audit: audit)

        _ = try requests.send("four")
        clock.step(by: .seconds(1))
        unhandled.send("lost")

        let records = store.records
        #expect(records.map(\.delivery) == [.delivered, .undelivered])
        #expect(records.map(\.time) == [.zero, .seconds(2)])
    }

    @Test func theTimeGoesThroughTheTrailAndTheFileStoreAsWholeNanoseconds() throws {
        let record = AuditRecord(
            sequence: 1, notifier: try NotifierURI(validating: "/actor/a/notifier/event"), variety: .event,
            notification: "tick", time: .seconds(2) + .nanoseconds(5))
        let line = JSONLineText.of(record)
        #expect(line.contains(#""time":2000000005"#))
        #expect(try AuditTrail(jsonLines: line).records == [record])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("run.jsonl")
        let store = try FileAuditStore(url: url)
        store.record(record)
        store.flush()
        #expect(try FileAuditStore.read(url).trail.records.map(\.time) == [.seconds(2) + .nanoseconds(5)])
    }

    @Test func aTimeBelowZeroOrBeyondWhatANumberHoldsIsKeptAtTheEdge() throws {
        var record = AuditRecord(
            sequence: 1, notifier: try NotifierURI(validating: "/actor/a/notifier/event"), variety: .event,
            notification: "x")
        record.time = .seconds(-3)
        #expect(record.time == .zero)
        record.time = .seconds(Int64.max)
        #expect(record.time == .nanoseconds(Int64.max))
        record.time = .seconds(Int64.max) + .seconds(1)  // beyond what `Duration.components` holds
        #expect(record.time == .nanoseconds(Int64.max))
        record.time = .nanoseconds(1) + .nanoseconds(0.999_999)
        #expect(record.time == .nanoseconds(1), "rounded down to whole nanoseconds")
        record.time = nil
        #expect(record.time == nil)
    }
}

/// A record's JSON Lines text, as the trail writes it.
enum JSONLineText {
    static func of(_ record: AuditRecord) -> String {
        AuditTrail([record]).jsonLines()
    }
}
