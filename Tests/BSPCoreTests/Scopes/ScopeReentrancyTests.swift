import BSPCore
import Testing

/// Transitions requested while another runs: queued in request order, or rejected.
@Suite("Scope re-entrancy")
struct ScopeReentrancyTests {
    let journal = Journal()
    let stacks = Stacks()
    var stack: ScopeStack { stacks.behaviour }

    @Test func pushesRequestedDuringActivationRunAfterItInRequestOrder() throws {
        let hosting = JournalScope("hosting", journal: journal)
        let portal = JournalScope("portal", journal: journal)
        let session = JournalScope("session", journal: journal)
        hosting.onActivate = {
            try? stack.push(portal)
            try? stack.push(session)
            journal.write("hosting done activating")
        }

        try stack.push(hosting)

        #expect(
            journal.entries == [
                "activate hosting (initiating)", "hosting done activating",
                "activate portal (initiating)", "activate session (initiating)",
            ])
        #expect(stacks.behaviourNames == ["hosting", "portal", "session"])
    }

    @Test func aCascadeOfActivationsUnfoldsBeforeTheOuterPushReturns() throws {
        let names = ["hosting", "portal", "session", "accounts"]
        let scopes = names.map { JournalScope($0, journal: journal) }
        for (parent, child) in zip(scopes, scopes.dropFirst()) {
            parent.onActivate = { try? stack.push(child) }
        }

        try stack.push(scopes[0])

        #expect(stacks.behaviourNames == names)
        #expect(scopes.allSatisfy { $0.lifecycle.state == .active })
    }

    @Test func aPopRequestedDuringDeactivationIsQueuedAndReturnsNil() throws {
        let root = JournalScope("root", journal: journal)
        let middle = JournalScope("middle", journal: journal)
        let top = JournalScope("top", journal: journal)
        var innerExit: ScopeExit? = ScopeExit(scope: "/not/yet", result: nil)
        top.onDeactivate = { innerExit = try? stack.pop() }
        for scope in [root, middle, top] { try stack.push(scope) }

        let exit = try stack.pop()

        #expect(exit?.scope == top.uri)
        #expect(innerExit == nil)
        #expect(stacks.behaviourNames == ["root"])
    }

    @Test func suspendDuringATransitionIsRejectedWithATypedError() throws {
        let scope = JournalScope("eager", journal: journal)
        var rejection: ScopeStackError?
        scope.onActivate = {
            do throws(ScopeStackError) { _ = try stack.suspend() } catch { rejection = error }
        }

        try stack.push(scope)

        #expect(rejection == .transitionInProgress(stack: stack.uri, request: "suspend"))
        #expect(stacks.behaviourNames == ["eager"])
    }

    @Test func aQueuedRequestThatFailsIsReportedNotLost() throws {
        let scope = JournalScope("clumsy", journal: journal)
        scope.onActivate = { try? stack.push(scope) }  // itself, again
        var failures: [ScopeTransition] = []
        let token = stack.transitions.observe { if case .failed = $0 { failures.append($0) } }

        try stack.push(scope)

        let expected = ScopeStackError.alreadyOnStack(scope: scope.uri, stack: stack.uri)
        #expect(failures == [.failed(expected)])
        #expect(stacks.recording.faults.scopeStack == [expected])
        #expect(stacks.behaviourNames == ["clumsy"])
        _ = token
    }
}

@Suite("Causes of queued transitions")
struct QueuedTransitionCauseTests {
    @Test func aTransitionQueuedDuringAPushNamesTheRequestThatQueuedItAsItsCause() throws {
        let stacks = Stacks()
        let journal = Journal()
        let parent = JournalScope("parent", journal: journal)
        parent.onActivate = { try? stacks.behaviour.push(JournalScope("child", journal: journal)) }

        try stacks.behaviour.push(parent)

        #expect(
            stacks.recording.lines == [
                "#1 /actor/behaviour/stack/notifier/request <request>: push(/actor/behaviour/scope/parent)",
                "#2 /actor/behaviour/stack/notifier/request <request>: push(/actor/behaviour/scope/child) ← #1",
                "#3 /actor/behaviour/stack/notifier/transition <event>: pushed(/actor/behaviour/scope/parent) ← #1 [unobserved]",
                "#4 /actor/behaviour/stack/notifier/transition <event>: pushed(/actor/behaviour/scope/child) ← #2 [unobserved]",
            ])
    }
}
