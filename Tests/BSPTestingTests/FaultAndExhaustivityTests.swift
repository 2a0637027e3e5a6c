@_spi(Inspection) import BSPCore
import BSPTesting
import Foundation
import TestSupport
import Testing

@Suite("Faults fail tests unless expected")
struct FaultExpectationTests {
    @Test("a fault nobody expects fails the test at the step that caused it, when the fabric finishes")
    func unexpectedFaultFails() async {
        let fabric = TestFabric { Quiet() }
        let step = #line + 1
        fabric.exercise(fabric.unheard, "hello?")
        await withKnownIssue {
            await fabric.finish()
        } matching: { issue in
            let text = issue.text
            return text.hasPrefix(
                "A fault no expectation claimed: No handler for request notifier '/actor/quiet/notifier/unheard'")
                && issue.sourceLocation?.line == step
        }
    }

    @Test("an unclaimed fault fails at the next exercise, so it is expected before moving on")
    func unclaimedFaultFailsAtNextStep() async {
        let fabric = TestFabric { Quiet() }
        let step = #line + 1
        fabric.exercise(fabric.unheard, "first")
        withKnownIssue {
            fabric.exercise(fabric.requests, "second")
        } matching: { issue in
            issue.text.contains("A fault no expectation claimed")
                && issue.sourceLocation?.line == step
        }
        await fabric.finish()
    }

    @Test("expecting the fault claims it")
    func expectedFaultPasses() async {
        let fabric = TestFabric { Quiet() }
        fabric.exercise(fabric.unheard, "hello?")
        fabric.expectFault(NotifierError.unhandledRequest(fabric.unheard.uri))
        fabric.exercise(fabric.requests, "next")
        await fabric.finish()
    }

    /// A fault whose `==` reads the fabric: the comparison is the test's code, and runs with no
    /// lock of the fabric's held.
    struct ReadsTheFabric: Error, Equatable {
        let read: @Sendable () -> Int
        static func == (lhs: Self, rhs: Self) -> Bool {
            _ = lhs.read() + rhs.read()
            return true
        }
    }

    @Test("a fault's own == may read the fabric that claims it")
    func aFaultsEqualityRunsWithNoLockHeld() async {
        let fabric = TestFabric { Quiet() }
        // On a thread of its own, so that a hang on the fabric's lock fails the test instead.
        nonisolated(unsafe) let reader = fabric
        let reading = ReadsTheFabric { reader.faults.count }
        let done = Locked(false)
        Thread {
            reader.audit.reportFault(reading)
            reader.expectFault(reading)
            done.withLock { $0 = true }
        }.start()
        for _ in 0..<500 where !done.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }

        #expect(done.withLock { $0 })
        if done.withLock({ $0 }) { await fabric.finish() }
    }

    @Test("expecting a fault that did not happen fails, naming what is waiting")
    func missingFaultFails() {
        let fabric = TestFabric { Quiet() }
        fabric.exercise(fabric.unheard, "hello?")
        withKnownIssue {
            fabric.expectFault(NotifierError.runawayCycle(fabric.unheard.uri, limit: 1))
        } matching: { issue in
            let text = issue.text
            return text.hasPrefix("expectFault failed: this fault was not reported: Runaway cycle on")
                && text.contains("Faults waiting to be claimed:\n  No handler for request notifier")
        }
        _ = fabric.claimFaults()
    }

    @Test("claimFaults() claims them all, for the test to check which")
    func claimFaultsClaimsAll() {
        let fabric = TestFabric { Quiet() }
        fabric.exercise(fabric.unheard, "one")
        let faults = fabric.claimFaults()
        #expect(faults.compactMap { $0 as? NotifierError } == [.unhandledRequest(fabric.unheard.uri)])
        fabric.exercise(fabric.unheard, "two")
        #expect(fabric.claimFaults().count == 1)
        #expect(fabric.claimFaults().isEmpty)
        #expect(fabric.faults.count == 2)
    }

    @Test("releasing the fabric without finishing runs the same checks")
    func releaseIsABackstop() {
        withKnownIssue {
            let fabric = TestFabric { Quiet() }
            fabric.exercise(fabric.unheard, "hello?")
        } matching: { issue in
            issue.text.contains("A fault no expectation claimed")
        }
    }
}

@Suite("Exhaustive fabrics")
struct ExhaustivityTests {
    @Test("every notification under an exhaustive prefix must be accounted for by the end")
    func unaccountedNotificationsFail() async {
        let fabric = TestFabric(exhaustive: ["/actor/quiet"]) { Quiet() }
        fabric.exercise(fabric.requests, "hi")
        fabric.expect(contains: ["heard hi"])
        await withKnownIssue {
            await fabric.finish()
        } matching: { issue in
            let text = issue.text
            return text.contains("finish(): exhaustive failed (under /actor/quiet)")
                && text.contains("Not accounted for:\n  #3 /actor/quiet/notifier/said <event>: and again hi")
                && !text.contains("Not accounted for:\n  #1")
        }
    }

    @Test("a fabric released without finish() says so, not that finish() failed")
    func aReleasedFabricSaysItWasReleased() {
        withKnownIssue {
            let fabric = TestFabric(exhaustive: ["/actor/quiet"]) { Quiet() }
            fabric.exercise(fabric.requests, "hi")
        } matching: { issue in
            let text = issue.text
            return text.contains("released without finish(): exhaustive failed (under /actor/quiet)")
                && !text.hasPrefix("finish()")
        }
    }

    @Test("a test that accounts for everything passes, its own input included")
    func accountedEverything() async {
        let fabric = TestFabric(exhaustive: ["/actor/quiet"]) { Quiet() }
        fabric.exercise(fabric.requests, "hi")
        fabric.expect(inOrder: ["heard hi", "and again hi"])
        await fabric.finish()
    }

    @Test("notifications outside the exhaustive prefixes need no expectation")
    func otherActorsAreFree() async {
        let fabric = TestFabric(exhaustive: ["/actor/elsewhere"]) { Quiet() }
        fabric.exercise(fabric.requests, "hi")
        await fabric.finish()
    }
}

@Suite("Counting follows the accounting rule")
struct CountAccountingTests {
    @Test("expect(count:of:) counts only lines no earlier expectation accounted for")
    func countsUnaccountedLines() {
        let fabric = TestFabric { Quiet() }
        fabric.exercise(fabric.requests, "hi")
        fabric.expect(contains: ["heard hi"])
        fabric.expect(count: 1, of: "hi ← #1")  // "and again hi": "heard hi" is accounted for
        fabric.expectNothingElse()
    }

    @Test("a passing expect(exactly:) accounts for every line it looked at")
    func exactlyAccountsForItsLines() {
        let fabric = TestFabric { Quiet() }
        fabric.exercise(fabric.requests, "hi")
        fabric.expect(exactly: ["heard hi", "and again hi"])
        fabric.expectNothingElse()
        withKnownIssue {
            fabric.expect(contains: ["heard hi"])
        } matching: { issue in
            issue.text.contains("[1] \"heard hi\" ✗ not found")
        }
    }

    @Test("counting lines already accounted for fails, as the documentation says")
    func countingAccountedLinesFails() {
        let fabric = TestFabric { Quiet() }
        fabric.exercise(fabric.requests, "hi")
        fabric.expect(inOrder: ["heard hi", "and again hi"])
        withKnownIssue {
            fabric.expect(count: 2, of: "hi")
        } matching: { issue in
            issue.text.contains("✗ expected 2 lines, found 0")
        }
    }
}

/// A Service whose queue is consumed slowly, and whose lookups take a while.
private final class Slow: Sendable {
    let queue = QueuedNotifier<Int>(of: "/actor/service/slow", named: "queue")
    let lookups = AsyncRequestNotifier<String, Int>(of: "/actor/service/slow", named: "lookup")
    let handled = Locked<[Int]>([])

    init() {
        lookups.handle(by: self) { _, text in
            try? await Task.sleep(for: .milliseconds(50))
            return text.count
        }
    }

    func consume(delay: Duration) async {
        try? await queue.consume { value in
            try? await Task.sleep(for: delay)
            self.handled.withLock { $0.append(value) }
        }
    }
}

@Suite("Finishing waits for the system to settle")
struct FinishTests {
    @Test("finish() returns once queued notifications are consumed and requests answered")
    func waitsForQueuesAndRequests() async {
        let fabric = TestFabric { Slow() }
        let consumer = Task { [slow = fabric.system] in await slow.consume(delay: .milliseconds(20)) }
        for value in 1...3 { fabric.system.queue.send(value) }
        let lookup = Task { [lookups = fabric.system.lookups] in try? await lookups.send("hello") }

        await fabric.finish(timeout: livenessBound)

        #expect(fabric.system.handled.withLock { $0 } == [1, 2, 3])
        #expect(await lookup.value == 5)
        consumer.cancel()
        await consumer.value
    }

    @Test("what is still running after the timeout fails the test, by name")
    func namesWhatIsStillRunning() async {
        let fabric = TestFabric { Slow() }
        fabric.system.queue.send(1)
        fabric.system.queue.send(2)
        await withKnownIssue {
            await fabric.finish(timeout: .milliseconds(50))
        } matching: { issue in
            issue.text.contains(
                "the system had not settled after 0.05 seconds; still running:\n"
                    + "  notifications queued on /actor/service/slow/notifier/queue (×2)")
        }
        // Consumed at last, the queue settles, and the test ends clean.
        let consumer = Task { [slow = fabric.system] in await slow.consume(delay: .zero) }
        await fabric.finish(timeout: livenessBound)
        consumer.cancel()
        await consumer.value
    }
}

/// A scope that, once active, fetches in a task of its own.
private final class Fetching: Scope {
    let uri: ActorURI = "/actor/behaviour/scope/fetching"
    let lifecycle = ScopeLifecycle()
    let delay: Duration

    init(delay: Duration) {
        self.delay = delay
    }

    func activate() {
        let delay = delay
        lifecycle.own(Task { try? await Task.sleep(for: delay) })
    }
}

@Suite("Finishing waits for scope-owned tasks")
struct FinishScopeTaskTests {
    @Test("finish() waits for a task a scope owns, and names it when it outlasts the timeout")
    func waitsForOwnedTasks() async throws {
        let fabric = TestFabric { ScopeStack(uri: "/actor/behaviour/stack") }
        try fabric.system.push(Fetching(delay: .milliseconds(30)))
        await fabric.finish(timeout: livenessBound)

        let slow = TestFabric { ScopeStack(uri: "/actor/behaviour/stack") }
        try slow.system.push(Fetching(delay: .seconds(30)))
        await withKnownIssue {
            await slow.finish(timeout: .milliseconds(50))
        } matching: { issue in
            issue.text.contains("  tasks owned by /actor/behaviour/scope/fetching\n")
        }
        _ = try slow.system.pop()
    }
}

/// A scope a handler pushes twice: the second push is refused.
private final class Sheet: Scope {
    let uri: ActorURI = "/actor/behaviour/sheet"
    let lifecycle = ScopeLifecycle()
}

private final class SheetOpener: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()
    let stack = ScopeStack(uri: "/actor/behaviour/stack")
    let tapped = EventNotifier<Void>(of: "/actor/presentation", named: "tapped")
    let sheet = Sheet()

    init() {
        tapped.observe(by: self) { opener, _ in
            do {
                try opener.stack.push(opener.sheet)
            } catch {
                AuditContext.current.reportFault(error)
            }
        }
    }
}

@Suite("A refused transition in a handler")
struct RefusedTransitionTests {
    @Test("a handler hands a refusal it cannot act on to the fault handler, and the test sees it")
    func aRefusalReportedFromAHandlerReachesTheFabric() {
        let app = TestFabric { SheetOpener() }
        app.exercise(app.system.tapped, ())

        app.exercise(app.system.tapped, ())

        #expect(app.faults(of: ScopeStackError.self).count == 1)
        app.claimFaults()
    }
}
