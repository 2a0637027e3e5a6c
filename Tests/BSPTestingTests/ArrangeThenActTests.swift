import BSPCore
import Foundation
import Testing

@testable import BSPTesting

/// A test arranges its system, then acts on it: what the arrangement recorded need not be
/// expected one by one, and exhaustivity can be off for part of a test.
@Suite("Arrange, then act")
struct ArrangeThenActTests {
    @Test("what was recorded before acceptArrangement() needs no expectation")
    func theArrangementIsAccepted() async {
        let fabric = TestFabric(exhaustive: ["/actor/quiet"]) { Quiet() }
        fabric.exercise(fabric.requests, "set up")
        fabric.exercise(fabric.requests, "and more")

        fabric.acceptArrangement()
        fabric.exercise(fabric.requests, "act")

        fabric.expect(inOrder: ["heard act", "and again act"])
        await fabric.finish()
    }

    @Test("expectations after acceptArrangement() do not match arranged lines")
    func expectationsLookOnlyAtWhatFollows() {
        let fabric = TestFabric { Quiet() }
        fabric.exercise(fabric.requests, "set up")
        fabric.acceptArrangement()

        withKnownIssue {
            fabric.expect(contains: ["heard set up"])
        } matching: { issue in
            issue.text.contains("── arrangement accepted by acceptArrangement() ──")
        }
    }

    @Test("a failure after the arrangement shows where the arrangement ends")
    func failuresMarkTheArrangement() async {
        let fabric = TestFabric(exhaustive: ["/actor/quiet"]) { Quiet() }
        fabric.exercise(fabric.requests, "set up")
        fabric.acceptArrangement()
        fabric.exercise(fabric.requests, "act")
        fabric.expect(contains: ["heard act"])

        await withKnownIssue {
            await fabric.finish()
        } matching: { issue in
            let text = issue.text
            let separator = text.range(of: "── arrangement accepted by acceptArrangement() ──")
            let unexpected = text.range(of: "and again act ← #4 [unobserved]    ◀ unexpected")
            return separator != nil && unexpected != nil && separator!.lowerBound < unexpected!.lowerBound
                && text.contains("Not accounted for:\n  #6 ")
        }
    }

    @Test("withoutExhaustivity accepts what its block recorded, and exhaustivity holds after it")
    func exhaustivityOffForABlock() async {
        let fabric = TestFabric(exhaustive: ["/actor/quiet"]) { Quiet() }
        fabric.withoutExhaustivity {
            fabric.exercise(fabric.requests, "noise")
        }
        fabric.exercise(fabric.requests, "signal")

        await withKnownIssue {
            await fabric.finish()
        } matching: { issue in
            let text = issue.text
            return text.contains("Not accounted for:\n  #5 /actor/quiet/notifier/said <event>: heard signal")
                && !text.contains("Not accounted for:\n  #2")
        }
    }

    @Test("withoutExhaustivity awaits an asynchronous block")
    func exhaustivityOffForAnAsynchronousBlock() async {
        let fabric = TestFabric(exhaustive: ["/actor/quiet"]) { Quiet() }
        await fabric.withoutExhaustivity {
            await Task.yield()
            fabric.exercise(fabric.requests, "noise")
        }

        await fabric.finish()
    }
}
