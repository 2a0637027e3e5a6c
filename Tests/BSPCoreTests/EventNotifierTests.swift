import BSPCore
import Testing

@Suite("Event notifiers")
struct EventNotifierTests {
    @Test func emitReachesFortyObserversInRegistrationOrder() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        var calls: [Int] = []
        let tokens = (0..<40).map { index in notifier.observe { _ in calls.append(index) } }

        notifier.emit(1)

        #expect(calls == Array(0..<40))
        #expect(tokens.count == 40)
    }

    @Test func emitReturnsAfterEveryObserverRan() {
        let notifier = EventNotifier<String>(of: "/actor/source")
        var seen: [String] = []
        let first = notifier.observe { seen.append("first \($0)") }
        let second = notifier.observe { seen.append("second \($0)") }

        notifier.emit("a")
        seen.append("returned")

        #expect(seen == ["first a", "second a", "returned"])
        _ = (first, second)
    }

    @Test func observerThatCancelsItselfIsNotCalledAgain() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        var calls = 0
        var token: Registration?
        token = notifier.observe { _ in
            calls += 1
            token?.cancel()
        }

        notifier.emit(1)
        notifier.emit(2)

        #expect(calls == 1)
        #expect(token?.isCancelled == true)
        #expect(notifier.observerCount == 0)
    }

    @Test func observerCancelledByAnEarlierObserverMissesTheSendInProgress() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        var calls: [String] = []
        var later: Registration?
        let earlier = notifier.observe { _ in
            calls.append("earlier")
            later?.cancel()
        }
        later = notifier.observe { _ in calls.append("later") }

        notifier.emit(1)
        notifier.emit(2)

        #expect(calls == ["earlier", "earlier"])
        _ = earlier
    }

    @Test(arguments: [false, true])
    func observerReleasedByAnEarlierObserverMissesTheSendInProgress(audited: Bool) {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context(audited: audited))
        var calls: [String] = []
        var later: NamedActor? = NamedActor("/actor/later")
        weak let released = later
        let earlier = NamedActor("/actor/earlier")
        var heldDuringTheSend: Bool?
        notifier.observe(by: earlier) { _, _ in
            calls.append("earlier")
            later = nil
            heldDuringTheSend = heldDuringTheSend ?? (released != nil)
        }
        notifier.observe(by: later!) { _, _ in calls.append("later") }

        notifier.emit(1)
        // Released at once, audited or not: the send holds no observer but the one it calls.
        #expect(heldDuringTheSend == false)
        #expect(released == nil)
        notifier.emit(2)

        #expect(calls == ["earlier", "earlier"])
        #expect(notifier.observerCount == 1)
        if audited {
            // The first record was made while both observed; the second names only the earlier.
            #expect(
                recording.store.records.map(\.targets) == [["/actor/earlier", "/actor/later"], ["/actor/earlier"]])
        }
    }

    @Test(arguments: [false, true])
    func anObserverObservingTwiceAndReleasedByAnEarlierObserverMissesTheSend(audited: Bool) {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context(audited: audited))
        var calls: [String] = []
        var twice: NamedActor? = NamedActor("/actor/twice")
        weak let released = twice
        let earlier = NamedActor("/actor/earlier")
        notifier.observe(by: earlier) { _, _ in
            calls.append("earlier")
            twice = nil
        }
        notifier.observe(by: twice!) { _, _ in calls.append("first") }
        notifier.observe(by: twice!) { _, _ in calls.append("second") }

        notifier.emit(1)
        notifier.emit(2)

        #expect(calls == ["earlier", "earlier"])
        #expect(released == nil)
        #expect(notifier.observerCount == 1)
    }

    @Test(arguments: [false, true])
    func anObserverObservingTwiceGetsEachEventTwice(audited: Bool) {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context(audited: audited))
        var calls: [String] = []
        let twice = NamedActor("/actor/twice")
        notifier.observe(by: twice) { _, value in calls.append("first \(value)") }
        notifier.observe(by: twice) { _, value in calls.append("second \(value)") }

        notifier.emit(1)

        #expect(calls == ["first 1", "second 1"])
        if audited {
            #expect(recording.store.records.map(\.targets) == [["/actor/twice", "/actor/twice"]])
        }
    }

    @Test(arguments: [AuditContext.CauseTracking.synchronous, .acrossTasks])
    func eachNamedObserverSendsAsItselfAndAnUnnamedOneAsNobody(causeTracking: AuditContext.CauseTracking) throws {
        let recording = Recording(causeTracking: causeTracking)
        let (events, echo) = try recording.context.withCurrent {
            (EventNotifier<String>(of: "/actor/presentation"), try EchoActor())
        }
        let first = NamedActor("/actor/first")
        let second = NamedActor("/actor/second")
        events.observe(by: first) { _, text in _ = try? echo.requests.send("first \(text)") }
        let unnamed = events.observe { text in _ = try? echo.requests.send("unnamed \(text)") }
        events.observe(by: second) { _, text in _ = try? echo.requests.send("second \(text)") }

        events.emit("tap")

        let requests = recording.store.records.filter { $0.variety == .request }
        #expect(requests.map(\.source) == ["/actor/first", nil, "/actor/second"])
        #expect(requests.map(\.cause) == [1, 1, 1])
        withExtendedLifetime((first, second, unnamed)) {}
    }

    @Test func anObserverAddedWhileTheEventIsRenderedStartsWithTheNextEvent() {
        let recording = Recording()
        let notifier = EventNotifier<Announcement>(of: "/actor/source", audit: recording.context)
        let observer = NamedActor("/actor/observer")
        var calls: [String] = []
        notifier.observe(by: observer) { _, _ in calls.append("first") }
        let announcement = Announcement {
            notifier.observe(by: observer) { _, _ in calls.append("added") }
        }

        notifier.emit(announcement)
        notifier.emit(Announcement {})

        #expect(calls == ["first", "first", "added"])
    }

    @Test func observerAddedDuringASendStartsWithTheNextSend() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        var received: [String] = []
        var added: Registration?
        let adder = notifier.observe { value in
            received.append("adder \(value)")
            if added == nil {
                added = notifier.observe { received.append("added \($0)") }
            }
        }

        notifier.emit(1)
        notifier.emit(2)

        #expect(received == ["adder 1", "adder 2", "added 2"])
        _ = adder
    }

    @Test func sendingAgainFromAnObserverIsQueuedSoNoObserverSeesEventsOutOfOrder() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        var first: [Int] = []
        var second: [Int] = []
        let a = notifier.observe { value in
            first.append(value)
            if value < 3 { notifier.emit(value + 1) }
        }
        let b = notifier.observe { second.append($0) }

        notifier.emit(1)

        // Nested delivery would give `second` [3, 2, 1]; queuing keeps both in send order.
        #expect(first == [1, 2, 3])
        #expect(second == [1, 2, 3])
        _ = (a, b)
    }

    @Test func runawayCycleIsCutAndReportedInsteadOfLoopingForever() {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/loop", audit: recording.context)
        var deliveries = 0
        let token = notifier.observe { value in
            deliveries += 1
            notifier.emit(value + 1)
        }

        notifier.emit(0)

        let limit = EventNotifier<Int>.reentrantSendLimit
        #expect(deliveries == limit + 1)
        #expect(recording.faults.all == [.runawayCycle(notifier.uri, limit: limit)])
        #expect(recording.store.records.filter { $0.delivery == .dropped }.count == 1)
        #expect(recording.store.records.last?.description.hasSuffix("[dropped]") == true)

        // The notifier is usable again afterwards.
        notifier.emit(-10_000_000)
        #expect(deliveries == 2 * (limit + 1))
        _ = token
    }

    @Test func emitToAnotherNotifierFromAHandlerRunsDepthFirstWithItsCause() {
        let recording = Recording()
        let (outer, inner, innermost) = recording.context.withCurrent {
            (
                EventNotifier<String>(of: "/actor/a"),
                EventNotifier<String>(of: "/actor/b"),
                EventNotifier<String>(of: "/actor/c")
            )
        }
        var order: [String] = []
        let observerA = NamedActor("/actor/observer-a")
        let observerB = NamedActor("/actor/observer-b")
        outer.observe(by: observerA) { _, value in
            order.append("a:\(value)")
            inner.emit("from a")
            order.append("a done")
        }
        inner.observe(by: observerB) { _, value in
            order.append("b:\(value)")
            innermost.emit("from b")
        }
        let token = innermost.observe { order.append("c:\($0)") }

        outer.emit("start")
        inner.emit("alone")

        #expect(order == ["a:start", "b:from a", "c:from b", "a done", "b:alone", "c:from b"])
        #expect(
            recording.lines == [
                "#1 /actor/a/notifier/event <event>: start",
                "#2 /actor/b/notifier/event <event>: from a ← #1",
                "#3 /actor/c/notifier/event <event>: from b ← #2",
                "#4 /actor/b/notifier/event <event>: alone",
                "#5 /actor/c/notifier/event <event>: from b ← #4",
            ])
        let records = recording.store.records
        #expect(records.map(\.depth) == [0, 1, 2, 0, 1])
        #expect(records[0].source == "/actor/a")
        #expect(records[0].targets == ["/actor/observer-a"])
        #expect(records[1].targets == ["/actor/observer-b"])
        withExtendedLifetime((observerA, observerB, token)) {}
    }

    @Test func eachRecordNamesTheObserversThatWereObservingWhenItWasSent() {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/source", audit: recording.context)
        var first: NamedActor? = NamedActor("/actor/first")
        notifier.observe(by: first!) { _, _ in }
        let anonymous = notifier.observe { _ in }
        notifier.emit(1)
        // The second observer releases the first during a delivery: that delivery's record was
        // made before, the next one's after.
        var second: NamedActor? = NamedActor("/actor/second")
        notifier.observe(by: second!) { _, _ in first = nil }
        notifier.emit(2)
        notifier.emit(3)
        second = nil
        notifier.emit(4)
        anonymous.cancel()
        notifier.emit(5)

        let records = recording.store.records
        #expect(
            records.map(\.targets) == [
                ["/actor/first"], ["/actor/first", "/actor/second"], ["/actor/second"], [], [],
            ])
        #expect(records.map(\.delivery) == [.delivered, .delivered, .delivered, .delivered, .unobserved])
        #expect(notifier.observerCount == 0)
    }

    @Test func cancellingATokenTwiceCountsOnce() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        let token = notifier.observe { _ in }
        let other = notifier.observe { _ in }
        let canceller = notifier.observe { _ in
            token.cancel()
            token.cancel()
        }

        notifier.emit(1)
        token.cancel()

        #expect(notifier.observerCount == 2)
        _ = (other, canceller)
    }

    @Test func queuedEventKeepsTheHandlerThatSentItAsItsCause() {
        let recording = Recording()
        let notifier = EventNotifier<Int>(of: "/actor/counter", audit: recording.context)
        let token = notifier.observe { if $0 < 2 { notifier.emit($0 + 1) } }

        notifier.emit(0)

        #expect(
            recording.lines == [
                "#1 /actor/counter/notifier/event <event>: 0",
                "#2 /actor/counter/notifier/event <event>: 1 ← #1",
                "#3 /actor/counter/notifier/event <event>: 2 ← #2",
            ])
        _ = token
    }

    @Test func eventWithoutObserversIsRecordedAsUnobservedAndIsNoFault() {
        let recording = Recording()
        let notifier = EventNotifier<String>(of: "/actor/lonely", audit: recording.context)

        notifier.emit("hello")

        #expect(recording.store.records.map(\.delivery) == [.unobserved])
        #expect(recording.faults.all.isEmpty)
    }

    @Test func notifierURIDerivesFromTheActorAndName() {
        #expect(EventNotifier<Int>(of: "/actor/presentation").uri.path == "/actor/presentation/notifier/event")
        #expect(EventNotifier<Int>(of: "/actor/behaviour", named: "meta").uri.path == "/actor/behaviour/notifier/meta")
    }
}

/// A notification whose rendering runs `whenRendered`: a `description` with a side effect.
final class Announcement: CustomStringConvertible, @unchecked Sendable {
    // @unchecked: made, sent and rendered on one test's thread; a side effect in a description
    // is what the tests of it are about.
    let whenRendered: () -> Void
    init(whenRendered: @escaping () -> Void) { self.whenRendered = whenRendered }
    var description: String {
        whenRendered()
        return "announcement"
    }
}
