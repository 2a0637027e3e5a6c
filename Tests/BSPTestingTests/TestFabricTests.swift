import BSPCore
import BSPTesting
import Testing

@Suite("TestFabric")
struct TestFabricTests {
    final class Counter: BSPActor {
        let uri: ActorURI = "/actor/counter"
        let lifetime = ActorLifetime()
        let requests = RequestNotifier<Int, Void>(of: "/actor/counter")
        let events = EventNotifier<Int>(of: "/actor/counter")
        private(set) var total = 0

        init() throws {
            requests.handle(by: self) { counter, amount in
                counter.total += amount
                counter.events.emit(counter.total)
            }
        }
    }

    @Test func exercisingARequestRecordsItAndWhatItCaused() throws {
        let fabric = try TestFabric { try Counter() }

        fabric.exercise(fabric.requests, 2)
        fabric.exercise(fabric.requests, 3)

        #expect(fabric.total == 5)
        #expect(
            fabric.transcript.lines == [
                "#1 /actor/counter/notifier/request <request>: 2",
                "#2 /actor/counter/notifier/event <event>: 2 ← #1 [unobserved]",
                "#3 /actor/counter/notifier/request <request>: 3",
                "#4 /actor/counter/notifier/event <event>: 5 ← #3 [unobserved]",
            ])
        #expect(fabric.transcript.description == fabric.transcript.lines.joined(separator: "\n"))
    }

    @Test func exercisingAnEventReachesTheSystemsObservers() throws {
        let fabric = TestFabric { EventNotifier<String>(of: "/actor/presentation") }
        var seen: [String] = []
        let token = fabric.system.observe { seen.append($0) }

        fabric.exercise(fabric.system, "tap")

        #expect(seen == ["tap"])
        #expect(fabric.transcript.lines == ["#1 /actor/presentation/notifier/event <event>: tap"])
        _ = token
    }

    @Test func faultsAreCollectedNotPrinted() {
        let fabric = TestFabric { RequestNotifier<String, Void>(of: "/actor/nobody") }

        fabric.exercise(fabric.system, "hello?")

        fabric.expectFault(NotifierError.unhandledRequest(fabric.system.uri))
        #expect(fabric.faults(of: NotifierError.self) == [.unhandledRequest(fabric.system.uri)])
        #expect(fabric.transcript.lines == ["#1 /actor/nobody/notifier/request <request>: hello? [undelivered]"])
    }

    @Test func fabricsBuiltInParallelNeverShareRecords() async throws {
        try await withThrowingTaskGroup(of: [String].self) { group in
            for amount in 1...8 {
                group.addTask {
                    let fabric = try TestFabric { try Counter() }
                    fabric.exercise(fabric.requests, amount)
                    return fabric.transcript.lines
                }
            }
            for try await lines in group {
                #expect(lines.count == 2)
                #expect(lines[0].hasPrefix("#1 "))
            }
        }
    }
}
