@_spi(Inspection) import BSPCore
import Foundation
import Testing

/// A record's text is the notification as it was when it was sent, and reading a store never
/// runs a notification's `description` while holding the store's lock.
@Suite("The trail never lies")
struct RenderingRuleTests {
    /// A reference payload whose text changes after it was sent.
    final class Counter: Sendable, CustomStringConvertible {
        let value = Locked(0)
        var description: String { "count \(value.withLock { $0 })" }
    }

    @Test func numbersStringsAndBooleansReadAsStringDescribingWritesThem() {
        let recording = Recording()
        let integers = EventNotifier<Int>(of: "/actor/a", audit: recording.context)
        let doubles = EventNotifier<Double>(of: "/actor/a", named: "double", audit: recording.context)
        let strings = EventNotifier<String>(of: "/actor/a", named: "string", audit: recording.context)
        let booleans = EventNotifier<Bool>(of: "/actor/a", named: "bool", audit: recording.context)
        let anything = EventNotifier<any Sendable>(of: "/actor/a", named: "any", audit: recording.context)
        let integerValues = [0, -1, Int.min, Int.max]
        let doubleValues = [0.0, -0.0, 1.5, 1e16, -1e-300, .infinity, -.infinity, .nan, .ulpOfOne]
        let stringValues = ["", "é\u{301}", "line\nend", "\u{0}"]

        integerValues.forEach(integers.emit)
        doubleValues.forEach(doubles.emit)
        stringValues.forEach(strings.emit)
        [true, false].forEach(booleans.emit)
        anything.emit(Int8(-3))
        anything.emit(7 as UInt)

        let expected =
            integerValues.map { String(describing: $0) } + doubleValues.map { String(describing: $0) }
            + stringValues.map { String(describing: $0) } + ["true", "false", "-3", "7"]
        #expect(recording.store.records.map(\.notification) == expected)
    }

    /// `String(describing:)` as generic code calls it, the way a record renders any value.
    private static func described<Value>(_ value: Value) -> String {
        String(describing: value)
    }

    @Test("a NaN reads with its sign and payload, as String(describing:) writes it, whatever the notifier")
    func notANumberReadsAsGenericCodeWritesIt() {
        let recording = Recording()
        let doubles = EventNotifier<Double>(of: "/actor/a", named: "double", audit: recording.context)
        let floats = EventNotifier<Float>(of: "/actor/a", named: "float", audit: recording.context)
        let anything = EventNotifier<any Sendable>(of: "/actor/a", named: "any", audit: recording.context)
        let doubleValues = [
            Double(bitPattern: 0x7ff8_0000_0000_0001), Double(bitPattern: 0x7ff0_0000_0000_0001), -Double.nan,
        ]
        let floatValues = [Float(bitPattern: 0x7fc0_0001), -Float.nan]

        doubleValues.forEach(doubles.emit)
        floatValues.forEach(floats.emit)
        for value in doubleValues { anything.emit(value) }

        let expected =
            doubleValues.map(Self.described) + floatValues.map(Self.described) + doubleValues.map(Self.described)
        #expect(expected.first == "nan(0x1)")
        #expect(recording.store.records.map(\.notification) == expected)
        #expect(recording.store.records.allSatisfy { $0.description.contains(": \($0.notification) [") })
    }

    /// What a value with a mirror of its own reads from, which changes after it is sent.
    nonisolated(unsafe) static var tally = 1

    /// A plain value whose mirror, what `String(describing:)` shows, reads a global.
    struct Reading: Sendable, CustomReflectable {
        let label: Int
        var customMirror: Mirror { Mirror(self, children: ["tally": RenderingRuleTests.tally], displayStyle: .struct) }
    }

    @Test func aValueWithAMirrorOfItsOwnIsRecordedAsItWasWhenSent() {
        let recording = Recording()
        let notifier = EventNotifier<Reading>(of: "/actor/a", audit: recording.context)
        Self.tally = 1
        notifier.emit(Reading(label: 0))
        Self.tally = 2

        #expect(recording.store.records.map(\.notification) == ["Reading(tally: 1)"])
    }

    @Test func aReferencePayloadChangedAfterSendingIsRecordedAsItWasWhenSent() {
        let recording = Recording()
        let notifier = EventNotifier<Counter>(of: "/actor/service", audit: recording.context)
        let counter = Counter()

        notifier.emit(counter)
        counter.value.withLock { $0 = 42 }

        #expect(recording.lines == ["#1 /actor/service/notifier/event <event>: count 0 [unobserved]"])
    }

    /// A main-actor model whose description is isolated to the main actor.
    @MainActor
    final class Model: @MainActor CustomStringConvertible {
        var title = "inbox"
        var description: String { "model(\(title))" }
    }

    @MainActor
    @Test func aMainActorModelIsRecordedWithItsOwnDescriptionWhoeverReadsIt() async {
        let recording = Recording()
        let notifier = EventNotifier<Model>(of: "/actor/presentation", audit: recording.context)
        let model = Model()

        notifier.emit(model)
        model.title = "changed"
        let lines = await Task.detached { recording.lines }.value  // read first off the main actor

        #expect(lines == ["#1 /actor/presentation/notifier/event <event>: model(inbox) [unobserved]"])
    }

    /// A pure value whose rendering — through its mirror: a description of its own would be
    /// rendered when sent — reads the store it is recorded in.
    struct Nosy: Sendable, CustomReflectable {
        static let stores = Locked<[Int: InMemoryAuditStore]>([:])
        /// What each test's rendering found in its store.
        static let seen = Locked<[Int: Int]>([:])
        let test: Int
        var customMirror: Mirror {
            let count = Self.stores.withLock { $0[test] }?.count ?? -1
            Self.seen.withLock { $0[test] = count }
            return Mirror(self, children: ["records": count])
        }
    }

    /// A mirror of its own is code of the app's: the value is rendered when sent, where the
    /// mirror reads the store before the record is in it, and reading the store later runs none.
    @Test func aValueWithItsOwnMirrorIsRenderedWhenSentSoReadingAStoreRunsNoAppCode() async throws {
        let recording = Recording()
        let test = Int.random(in: 0..<Int.max)
        Nosy.stores.withLock { $0[test] = recording.store }
        let notifier = EventNotifier<Nosy>(of: "/actor/service", audit: recording.context)

        notifier.emit(Nosy(test: test))
        let result = try await withTimeout(seconds: 60) { recording.store.records.map(\.notification) }

        #expect(result.count == 1)
        #expect(Nosy.seen.withLock { $0[test] } == 0, "the mirror ran when the store was read")
    }

    @Test func aNotifierOfAnExistentialTypeDecidesForEachValue() {
        let recording = Recording()
        let notifier = EventNotifier<any Sendable>(of: "/actor/service", audit: recording.context)
        let counter = Counter()

        notifier.emit(1)
        notifier.emit(counter)
        notifier.emit(2)
        counter.value.withLock { $0 = 42 }

        #expect(recording.store.records.map(\.notification) == ["1", "count 0", "2"])
    }

    @Test func aQueuedNotifierOfAnExistentialTypeRendersAnObjectWhenSent() {
        let recording = Recording()
        let queue = QueuedNotifier<any Sendable>(of: "/actor/service", audit: recording.context)
        let counter = Counter()

        queue.send(counter)
        queue.send(7)
        counter.value.withLock { $0 = 42 }

        #expect(recording.store.records.map(\.notification).prefix(2) == ["count 0", "7"])
    }

    /// A `Sendable` class with mutable state, inside values of every shape.
    final class Tally: @unchecked Sendable, CustomStringConvertible {
        // @unchecked: the test changes it on one thread, after the send.
        var count = 1
        var description: String { "tally=\(count)" }
    }
    struct Holder: Sendable { let tally: Tally }
    enum Wrapped: Sendable { case tally(Tally) }

    @Test func aValueHoldingAReferenceIsRecordedAsItWasWhenSentWhateverItsShape() {
        let recording = Recording()
        let tally = Tally()
        let holders = EventNotifier<Holder>(of: "/actor/service", named: "holder", audit: recording.context)
        let enums = EventNotifier<Wrapped>(of: "/actor/service", named: "wrapped", audit: recording.context)
        let optionals = EventNotifier<Tally?>(of: "/actor/service", named: "optional", audit: recording.context)
        let arrays = EventNotifier<[Tally]>(of: "/actor/service", named: "array", audit: recording.context)
        let queue = QueuedNotifier<Holder>(of: "/actor/service", audit: recording.context)

        holders.emit(Holder(tally: tally))
        enums.emit(.tally(tally))
        optionals.emit(tally)
        arrays.emit([tally])
        queue.send(Holder(tally: tally))
        tally.count = 2

        let texts = recording.store.records.map(\.notification)
        #expect(texts.prefix(5).allSatisfy { $0.contains("tally=1") }, "\(texts)")
        #expect(!texts.contains { $0.contains("tally=2") })
    }

    /// A main-actor value with a main-actor description: what a target with default main-actor
    /// isolation gives every type.
    @MainActor
    struct Tab: Sendable, @MainActor CustomStringConvertible {
        var index = 1
        var description: String { "tab #\(index)" }
    }

    @MainActor
    @Test func aValueWithAnIsolatedDescriptionIsRenderedWhereItIsSentNotWhereItIsRead() async {
        let recording = Recording()
        let tabs = EventNotifier<Tab>(of: "/actor/presentation", audit: recording.context)

        tabs.emit(Tab(index: 3))
        let readOffTheMainActor = await Task.detached { recording.store.records.map(\.notification) }.value

        #expect(readOffTheMainActor == ["tab #3"])
    }

    @Test func aQueuedNotificationPushedOutLaterIsRecordedAsItWasWhenSent() {
        let recording = Recording()
        let queue = QueuedNotifier<Holder>(of: "/actor/service", buffering: .keepingNewest(1), audit: recording.context)
        let tally = Tally()

        queue.send(Holder(tally: tally))
        tally.count = 2
        queue.send(Holder(tally: Tally()))

        #expect(recording.lines.filter { $0.contains("[dropped]") }.count == 1)
        #expect(!recording.lines.contains { $0.contains("tally=2") }, "\(recording.lines)")
    }

    @Test func aPureValueWaitsToBeRenderedAndStillReadsAsSent() {
        struct Point: Sendable, Equatable { var x: Int, y: Double }
        let recording = Recording()
        let notifier = EventNotifier<Point>(of: "/actor/service", audit: recording.context)

        notifier.emit(Point(x: 1, y: 2))

        #expect(recording.store.records.map(\.notification) == ["Point(x: 1, y: 2.0)"])
    }

    /// The quick start's notification: an enum around a struct of a string, no description.
    struct Place: Sendable { let name: String }
    enum Located: Sendable {
        case located(Place)
        case failed(reason: String, code: Int)
        case nowhere
    }

    @Test func anEnumOfStringsWaitsToBeRenderedAndReadsAsStringDescribingWritesIt() {
        let recording = Recording()
        let notifier = EventNotifier<Located>(of: "/actor/service", audit: recording.context)
        let sent: [Located] = [
            .located(Place(name: "Sydney \"Opera\" House")), .failed(reason: "denied", code: 3), .nowhere,
        ]

        for value in sent { notifier.emit(value) }

        #expect(recording.store.records.map(\.notification) == sent.map { String(describing: $0) })
    }

    /// A field that holds whatever it is given: one value holds a number, another an object.
    struct Envelope: Sendable { let content: any Sendable }

    @Test func aValueWhoseFieldHoldsAnObjectInOneSendIsRenderedWhenThatOneIsSent() {
        let recording = Recording()
        let notifier = EventNotifier<Envelope>(of: "/actor/service", audit: recording.context)
        let tally = Tally()

        notifier.emit(Envelope(content: 1))  // decides for the type from a plain value
        notifier.emit(Envelope(content: tally))
        notifier.emit(Envelope(content: Wrapped.tally(tally)))
        tally.count = 2

        let texts = recording.store.records.map(\.notification)
        #expect(texts.count == 3)
        #expect(texts.dropFirst().allSatisfy { $0.contains("tally=1") }, "\(texts)")
    }

    @Test func aValuePayloadIsRenderedOnceAndKeptRendered() {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/service", audit: recording.context)
        notifier.emit(7)

        #expect(recording.store.records.map(\.notification) == ["7"])
        #expect(recording.store.records.map(\.notification) == ["7"])
    }
}

/// Runs `body` on a thread of its own and waits up to `seconds` for it: a deadlock fails the
/// test instead of hanging the run (the stuck thread is left behind). Generous, because
/// sanitizers and a full parallel run slow a thread's start by seconds; a deadlock never ends.
func withTimeout<Result: Sendable>(
    seconds: Int, _ body: @escaping @Sendable () -> Result
) async throws -> Result {
    let outcome = Locked<Result?>(nil)
    let thread = Thread {
        let result = body()
        outcome.withLock { $0 = result }
    }
    thread.start()
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if let result = outcome.withLock({ $0 }) { return result }
        try await Task.sleep(for: .milliseconds(5))
    }
    // A sleep that overslept the deadline is not a deadlock: look once more.
    if let result = outcome.withLock({ $0 }) { return result }
    Issue.record("timed out after \(seconds) s: a deadlock")
    throw CancellationError()
}
