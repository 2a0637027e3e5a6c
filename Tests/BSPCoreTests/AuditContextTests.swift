@_spi(Inspection) import BSPCore
import Testing

@Suite("Audit context")
struct AuditContextTests {
    /// A notification that counts how often it is rendered.
    final class CountingNotification: CustomStringConvertible, Sendable {
        let tally = Tally()
        var renderings: Int { tally.count }
        var description: String {
            tally.increment()
            return "counted"
        }
    }

    @Test func nothingIsRenderedWhileAuditingIsOff() throws {
        let notification = CountingNotification()
        let events = EventNotifier<CountingNotification>(of: "/actor/quiet")
        let owner = NamedActor("/actor/quiet")
        let requests = RequestNotifier<CountingNotification, Void>(of: "/actor/quiet")
        requests.handle(by: owner) { _, _ in }
        let token = events.observe { _ in }

        for _ in 0..<100 {
            events.emit(notification)
            requests.send(notification)
        }

        #expect(!events.audit.isEnabled)
        #expect(notification.renderings == 0)
        _ = token
    }

    @Test func eachNotificationIsRenderedOnceWhileAuditingIsOn() {
        let recording = Recording()
        let notification = CountingNotification()
        let events = EventNotifier<CountingNotification>(of: "/actor/loud", audit: recording.context)

        events.emit(notification)
        events.emit(notification)

        #expect(notification.renderings == 2)
        #expect(
            recording.lines == [
                "#1 /actor/loud/notifier/event <event>: counted [unobserved]",
                "#2 /actor/loud/notifier/event <event>: counted [unobserved]",
            ])
    }

    /// A value with no reference inside but a mirror of its own, which counts, from any thread,
    /// how often it is rendered, in a tally of its own test.
    struct SendableCounting: Sendable, CustomReflectable {
        static let tallies = Locked<[Int: Tally]>([:])
        let test: Int
        var customMirror: Mirror {
            Self.tallies.withLock { $0[test] }?.increment()
            return Mirror(self, children: ["counted": "now"])
        }
    }

    /// A mirror of its own is the app's code, which may read more than the value: such a value
    /// is rendered when it is sent, once, like one with a description of its own, never when its
    /// record is read.
    @Test func aValueWithItsOwnMirrorIsRenderedWhenSentAndOnlyThen() {
        let recording = Recording()
        let renderings = Tally()
        let test = Int.random(in: 0..<Int.max)
        SendableCounting.tallies.withLock { $0[test] = renderings }
        let events = EventNotifier<SendableCounting>(of: "/actor/lazy", audit: recording.context)

        events.emit(SendableCounting(test: test))
        events.emit(SendableCounting(test: test))
        #expect(renderings.count == 2)

        let records = recording.store.records
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.notification.hasSuffix(".SendableCounting") })
        #expect(renderings.count == 2)
    }

    @Test func aValueHoldingAReferenceIsRenderedWhenSentAndOnlyThen() {
        struct Holding: Sendable, CustomStringConvertible {
            let renderings: Tally
            var description: String {
                renderings.increment()
                return "counted now"
            }
        }
        let recording = Recording()
        let renderings = Tally()
        let events = EventNotifier<Holding>(of: "/actor/eager", audit: recording.context)

        events.emit(Holding(renderings: renderings))
        #expect(renderings.count == 1)

        #expect(recording.store.records.map(\.notification) == ["counted now"])
        #expect(renderings.count == 1)
    }

    @Test func notifiersCaptureTheContextCurrentWhenTheyAreCreated() {
        let recording = Recording()
        let inside = recording.context.withCurrent { EventNotifier<Int>(of: "/actor/inside") }
        let outside = EventNotifier<Int>(of: "/actor/outside")

        recording.context.withCurrent { outside.emit(1) }  // the context at send time does not matter
        inside.emit(2)

        #expect(inside.audit === recording.context)
        #expect(outside.audit === AuditContext.disabled)
        #expect(recording.lines == ["#1 /actor/inside/notifier/event <event>: 2 [unobserved]"])
    }

    @Test func asynchronousWorkInsideWithCurrentCreatesNotifiersInThatContext() async {
        let recording = Recording()

        let notifier = await recording.context.withCurrent {
            await Task.yield()
            return AuditContext.current === recording.context
        }

        #expect(notifier)
    }

    @Test func withCurrentRethrowsTheBodysTypedError() {
        let recording = Recording()
        #expect(throws: FabricError.duplicateActor("/actor/x")) {
            try recording.context.withCurrent { () throws(FabricError) in
                throw FabricError.duplicateActor("/actor/x")
            }
        }
    }

    @Test func sequenceNumbersFormOneOrderAcrossNotifiers() {
        let recording = Recording()
        let (a, b) = recording.context.withCurrent {
            (EventNotifier<Int>(of: "/actor/a"), EventNotifier<Int>(of: "/actor/b"))
        }

        a.emit(1)
        b.emit(2)
        a.emit(3)

        #expect(recording.store.records.map(\.sequence) == [1, 2, 3])
        #expect(recording.store.records.map(\.notifier.actor) == ["/actor/a", "/actor/b", "/actor/a"])
    }

    @Test func aTeeHandsEveryRecordToEachRecordingStore() {
        let first = InMemoryAuditStore()
        let second = InMemoryAuditStore()
        let tee = TeeAuditStore(first, NoOpAuditStore(), second)
        let events = EventNotifier<String>(of: "/actor/tee", audit: AuditContext(store: tee))

        events.emit("both")

        #expect(tee.isRecording)
        #expect(first.records.map(\.notification) == ["both"])
        #expect(second.records == first.records)
        #expect(!TeeAuditStore(NoOpAuditStore()).isRecording)
        #expect(!AuditContext(store: TeeAuditStore([])).isEnabled)
    }

    @Test func twoContextsUsedConcurrentlyKeepTheirRecordsApart() async {
        let left = Recording()
        let right = Recording()

        await withTaskGroup(of: Void.self) { group in
            for (recording, name) in [(left, "left"), (right, "right")] {
                group.addTask {
                    let events = recording.context.withCurrent { EventNotifier<Int>(of: "/actor/side") }
                    let echo = recording.context.withCurrent { try! EchoActor() }
                    let token = events.observe { _ in _ = try? echo.requests.send(name) }
                    for value in 0..<500 {
                        events.emit(value)
                        await Task.yield()
                    }
                    _ = token
                }
            }
        }

        for (recording, name) in [(left, "left"), (right, "right")] {
            let records = recording.store.records
            #expect(records.count == 1_000)
            #expect(records.map(\.sequence) == Array(1...1_000))
            #expect(records.filter { $0.variety == .request }.allSatisfy { $0.notification == name })
        }
    }
}
