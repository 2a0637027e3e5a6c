import BSPCore
import Testing

@Suite("Request notifiers")
struct RequestNotifierTests {
    @Test func sendReturnsTheHandlersReply() throws {
        let echo = try EchoActor()

        let reply = try echo.requests.send("ping")

        #expect(reply == "echo: ping")
        #expect(echo.received == ["ping"])
    }

    @Test func requestWithoutHandlerThatExpectsAReplyThrowsNamingTheURI() {
        let recording = Recording()
        let notifier = RequestNotifier<String, Int>(of: "/actor/nobody", audit: recording.context)

        #expect(throws: NotifierError.unhandledRequest(notifier.uri)) {
            try notifier.send("anyone?")
        }
        #expect(recording.lines == ["#1 /actor/nobody/notifier/request <request>: anyone? [undelivered]"])
        let description = NotifierError.unhandledRequest(notifier.uri).description
        #expect(description.contains("/actor/nobody/notifier/request"))
    }

    @Test func singleWayRequestWithoutHandlerIsRecordedAndReportedAsAFault() {
        let recording = Recording()
        let notifier = RequestNotifier<String, Void>(of: "/actor/nobody", audit: recording.context)

        notifier.send("anyone?")

        #expect(recording.store.records.map(\.delivery) == [.undelivered])
        #expect(recording.faults.all == [.unhandledRequest(notifier.uri)])
    }

    @Test func installingASecondHandlerIsAFaultAndKeepsTheFirst() throws {
        let recording = Recording()
        let echo = try recording.context.withCurrent { try EchoActor() }
        let intruder = NamedActor("/actor/intruder")

        echo.requests.handle(by: intruder) { _, _ in "intruder" }

        #expect(recording.faults.notifier == [.handlerAlreadyInstalled(echo.requests.uri)])
        #expect(try echo.requests.send("still mine") == "echo: still mine")
    }

    @Test func handlerEndsWithItsOwnerAndANewOneCanBeInstalled() throws {
        let notifier = RequestNotifier<Int, Int>(of: "/actor/service")
        var owner: NamedActor? = NamedActor("/actor/service")
        notifier.handle(by: owner!) { _, value in value * 2 }
        #expect(try notifier.send(21) == 42)

        owner = nil

        #expect(!notifier.isHandled)
        #expect(throws: NotifierError.unhandledRequest(notifier.uri)) { try notifier.send(1) }
        let replacement = NamedActor("/actor/service")
        notifier.handle(by: replacement) { _, value in value + 1 }
        #expect(try notifier.send(1) == 2)
    }

    @Test func removeHandlerLeavesRequestsUndelivered() throws {
        let echo = try EchoActor()
        echo.requests.removeHandler()
        #expect(throws: NotifierError.unhandledRequest(echo.requests.uri)) { try echo.requests.send("x") }
    }

    @Test func handlerMaySendOnItsOwnNotifierAgainNested() throws {
        let owner = NamedActor("/actor/math")
        let factorial = RequestNotifier<Int, Int>(of: "/actor/math", named: "factorial")
        factorial.handle(by: owner) { _, n in
            n <= 1 ? 1 : n * ((try? factorial.send(n - 1)) ?? 0)
        }

        #expect(try factorial.send(10) == 3_628_800)
    }

    @Test func runawayRequestRecursionThrowsInsteadOfOverflowingTheStack() throws {
        let recording = Recording()
        let owner = NamedActor("/actor/loop")
        let notifier = RequestNotifier<Int, Int>(of: "/actor/loop", audit: recording.context)
        var deepest: NotifierError?
        notifier.handle(by: owner) { _, n in
            do throws(NotifierError) {
                return try notifier.send(n + 1)
            } catch {
                deepest = deepest ?? error
                return n
            }
        }

        let reply = try notifier.send(0)

        let limit = RequestNotifier<Int, Int>.reentrantSendLimit
        #expect(reply == limit - 1)
        #expect(deepest == .runawayCycle(notifier.uri, limit: limit))
        #expect(recording.store.records.last?.delivery == .dropped)
    }

    @Test func singleWayRunawayIsReportedAsAFault() throws {
        let recording = Recording()
        let owner = NamedActor("/actor/loop")
        let notifier = RequestNotifier<Int, Void>(of: "/actor/loop", audit: recording.context)
        notifier.handle(by: owner) { _, n in notifier.send(n + 1) }

        notifier.send(0)

        #expect(
            recording.faults.all == [.runawayCycle(notifier.uri, limit: RequestNotifier<Int, Void>.reentrantSendLimit)])
    }

    @Test func requestRecordNamesTheSendingActorAsSourceAndTheOwnerAsTarget() throws {
        let recording = Recording()
        let (events, echo) = try recording.context.withCurrent {
            (EventNotifier<String>(of: "/actor/presentation"), try EchoActor())
        }
        let behaviour = NamedActor("/actor/behaviour")
        events.observe(by: behaviour) { _, text in _ = try? echo.requests.send(text) }

        events.emit("tap")
        _ = try echo.requests.send("direct")

        let records = recording.store.records
        #expect(records.map(\.variety) == [.event, .request, .request])
        #expect(records[1].source == "/actor/behaviour")
        #expect(records[1].targets == ["/actor/echo"])
        #expect(records[1].cause == 1)
        #expect(records[2].source == nil)
        #expect(records[2].cause == nil)
        withExtendedLifetime(behaviour) {}
    }
}
