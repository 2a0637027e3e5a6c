import BSPCore
import Testing

@Suite("Scope stack")
struct ScopeStackTests {
    let journal = Journal()
    let stacks = Stacks()
    var stack: ScopeStack { stacks.behaviour }

    @Test func activateRunsAfterThePushWithTheScopeOnTheStack() throws {
        let scope = JournalScope("home", journal: journal)
        var onStackDuringActivate = false
        scope.onActivate = { onStackDuringActivate = stack.top === scope }

        try stack.push(scope)

        #expect(onStackDuringActivate)
        #expect(journal.entries == ["activate home (initiating)"])
        #expect(scope.lifecycle.state == .active)
        #expect(stack.top === scope)
    }

    @Test func deactivateRunsJustBeforeThePopAndThePopHandsBackTheResult() throws {
        let scope = JournalScope("confirm", journal: journal)
        scope.result = "confirmed"
        var onStackDuringDeactivate = false
        scope.onDeactivate = { onStackDuringDeactivate = stack.top === scope }
        try stack.push(scope)

        let exit = try stack.pop()

        #expect(onStackDuringDeactivate)
        #expect(journal.entries.last == "deactivate confirm (deactivating)")
        #expect(exit?.scope == scope.uri)
        #expect(exit?.result(as: String.self) == "confirmed")
        #expect(scope.lifecycle.state == .terminated)
        #expect(stack.scopes.isEmpty)
    }

    @Test func popAboveUnwindsChildrenBeforeParentsCollectingEveryResult() throws {
        for (index, name) in ["root", "list", "detail", "edit"].enumerated() {
            let scope = JournalScope(name, journal: journal)
            scope.result = index
            try stack.push(scope)
        }
        journal.clear()

        let exits = try stack.popAbove("/actor/behaviour/scope/list")

        #expect(exits.map { $0.scope.segments.last! } == ["edit", "detail"])
        #expect(exits.compactMap { $0.result(as: Int.self) } == [3, 2])
        #expect(journal.entries == ["deactivate edit (deactivating)", "deactivate detail (deactivating)"])
        #expect(stacks.behaviourNames == ["root", "list"])
    }

    @Test func replaceTopPopsTheTopAndPushesTheNewScope() throws {
        let login = JournalScope("login", journal: journal)
        login.result = "token"
        try stack.push(JournalScope("root", journal: journal))
        try stack.push(login)

        let exit = try stack.replaceTop(with: JournalScope("accounts", journal: journal))

        #expect(exit?.result(as: String.self) == "token")
        #expect(stacks.behaviourNames == ["root", "accounts"])
        #expect(journal.entries.suffix(2) == ["deactivate login (deactivating)", "activate accounts (initiating)"])
    }

    @Test func transitionsAreRequestsAndEventsInTheAuditTrail() throws {
        var reported: [ScopeTransition] = []
        let token = stack.transitions.observe { reported.append($0) }

        try stack.push(JournalScope("home", journal: journal))
        try stack.pop()

        #expect(reported == [.pushed("/actor/behaviour/scope/home"), .popped("/actor/behaviour/scope/home")])
        #expect(
            stacks.recording.lines == [
                "#1 /actor/behaviour/stack/notifier/request <request>: push(/actor/behaviour/scope/home)",
                "#2 /actor/behaviour/stack/notifier/transition <event>: pushed(/actor/behaviour/scope/home) ← #1",
                "#3 /actor/behaviour/stack/notifier/request <request>: pop",
                "#4 /actor/behaviour/stack/notifier/transition <event>: popped(/actor/behaviour/scope/home) ← #3",
            ])
        _ = token
    }

    @Test func everyNotificationRecordsTheInnermostActiveScope() throws {
        let events = EventNotifier<String>(of: "/actor/presentation", audit: stacks.recording.context)
        let outer = JournalScope("outer", journal: journal)
        let inner = JournalScope("inner", journal: journal)
        inner.onActivate = { events.emit("while activating inner") }

        events.emit("before")
        try stack.push(outer)
        events.emit("in outer")
        try stack.push(inner)
        events.emit("in inner")
        try stack.pop()
        events.emit("back in outer")
        try stack.pop()
        events.emit("after")

        let scopes = stacks.recording.store.records.filter { $0.notifier == events.uri }.map { $0.scope?.path ?? "-" }
        #expect(
            scopes == [
                "-", "/actor/behaviour/scope/outer", "/actor/behaviour/scope/inner", "/actor/behaviour/scope/inner",
                "/actor/behaviour/scope/outer", "-",
            ])
    }

    // MARK: Misuse

    @Test func poppingAnEmptyStackIsATypedErrorNamingTheStack() {
        #expect(throws: ScopeStackError.emptyStack(stack: "/actor/behaviour/stack")) { try stack.pop() }
        #expect(
            ScopeStackError.emptyStack(stack: "/actor/behaviour/stack").description.contains("'/actor/behaviour/stack'")
        )
    }

    @Test func poppingAScopeThatIsNotOnTopNamesBothScopes() throws {
        try stack.push(JournalScope("parent", journal: journal))
        try stack.push(JournalScope("child", journal: journal))

        let expected = ScopeStackError.notOnTop(
            scope: "/actor/behaviour/scope/parent", top: "/actor/behaviour/scope/child", stack: "/actor/behaviour/stack"
        )
        #expect(throws: expected) { try stack.pop("/actor/behaviour/scope/parent") }
        #expect(stacks.behaviourNames == ["parent", "child"])
        #expect(expected.description.contains("'/actor/behaviour/scope/parent'"))
        #expect(expected.description.contains("'/actor/behaviour/scope/child'"))
    }

    @Test func poppingOrUnwindingToAScopeNotOnTheStackIsATypedError() throws {
        try stack.push(JournalScope("home", journal: journal))
        let missing = ScopeStackError.notOnStack(scope: "/actor/behaviour/scope/gone", stack: "/actor/behaviour/stack")
        #expect(throws: missing) { try stack.pop("/actor/behaviour/scope/gone") }
        #expect(throws: missing) { try stack.popAbove("/actor/behaviour/scope/gone") }
        #expect(throws: missing) { try stack.suspend(above: "/actor/behaviour/scope/gone") }
    }

    @Test func pushingAScopeAlreadyOnTheStackIsATypedError() throws {
        let home = JournalScope("home", journal: journal)
        try stack.push(home)

        let duplicate = ScopeStackError.alreadyOnStack(scope: home.uri, stack: stack.uri)
        #expect(throws: duplicate) { try stack.push(home) }
        #expect(throws: duplicate) { try stack.push(JournalScope("home", journal: journal)) }
        #expect(stack.scopes.count == 1)
    }

    @Test func pushingATerminatedScopeAgainIsATypedError() throws {
        let home = JournalScope("home", journal: journal)
        try stack.push(home)
        try stack.pop()

        #expect(throws: ScopeStackError.terminated(scope: home.uri, stack: stack.uri)) { try stack.push(home) }
    }

    @Test func replacingOnAnEmptyStackOrWithADuplicateLeavesTheStackUnchanged() throws {
        #expect(throws: ScopeStackError.emptyStack(stack: stack.uri)) {
            try stack.replaceTop(with: JournalScope("x", journal: journal))
        }
        let root = JournalScope("root", journal: journal)
        try stack.push(root)
        try stack.push(JournalScope("top", journal: journal))

        #expect(throws: ScopeStackError.alreadyOnStack(scope: root.uri, stack: stack.uri)) {
            try stack.replaceTop(with: JournalScope("root", journal: journal))
        }
        #expect(stacks.behaviourNames == ["root", "top"])
    }

    @Test func aRequestToATerminatedScopeIsATypedErrorNamingTheScope() throws {
        final class Editor: Scope {
            let uri: ActorURI = "/actor/behaviour/scope/editor"
            let lifecycle = ScopeLifecycle()
            let requests = RequestNotifier<String, Int>(of: "/actor/behaviour/scope/editor")
            init() { requests.handle(by: self) { _, text in text.count } }
        }
        let recording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
        let editor = recording.context.withCurrent { Editor() }
        try stack.push(editor)
        #expect(try editor.requests.send("four") == 4)

        try stack.pop()

        let refusal = NotifierError.scopeTerminated(editor.requests.uri, scope: editor.uri)
        #expect(throws: refusal) { try editor.requests.send("late") }
        editor.requests.handle(by: editor) { _, _ in 0 }
        #expect(recording.faults.notifier == [.scopeTerminated(editor.requests.uri, scope: editor.uri)])
        #expect(throws: refusal) { try editor.requests.send("still late") }
    }
}

@Suite("Scopes created while the app runs")
struct LateScopeAuditTests {
    final class LateScope: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/late"
        let lifecycle = ScopeLifecycle()
        let events = EventNotifier<String>(of: "/actor/behaviour/scope/late")
        let requests = RequestNotifier<String, Void>(of: "/actor/behaviour/scope/late")
        init() {
            lifecycle.bind(events)
            requests.handle(by: self) { _, _ in }
        }
    }

    @Test func aScopeCreatedOutsideAnyContextReportsToItsStacksContext() throws {
        let recording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
        let scope = LateScope()  // created outside any audit context, as scopes usually are
        #expect(!scope.events.audit.isEnabled)

        try stack.push(scope)
        scope.events.emit("hello")

        #expect(scope.events.audit === recording.context)
        #expect(scope.requests.audit === recording.context)
        #expect(recording.lines.last == "#3 /actor/behaviour/scope/late/notifier/event <event>: hello [unobserved]")
        #expect(recording.store.records.last?.scope == scope.uri)
    }

    @Test func aScopeCreatedInItsOwnContextKeepsIt() throws {
        let stackRecording = Recording()
        let scopeRecording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: stackRecording.context)
        let scope = scopeRecording.context.withCurrent { LateScope() }

        try stack.push(scope)

        #expect(scope.events.audit === scopeRecording.context)
    }
}

@Suite("Scope attribution")
struct ScopeAttributionTests {
    @Test func whatAScopeSendsWhileActivatingOrDeactivatingNamesTheScopeAsItsSource() throws {
        let recording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
        let service = RequestNotifier<String, Void>(of: "/actor/service", audit: recording.context)
        let owner = NamedActor("/actor/service")
        service.handle(by: owner) { _, _ in }
        let scope = JournalScope("hosting", journal: Journal())
        scope.onActivate = { service.send("verify") }
        scope.onDeactivate = { service.send("release") }

        try stack.push(scope)
        try stack.pop()

        let sent = recording.store.records.filter { $0.notifier == service.uri }
        #expect(sent.map(\.source) == [scope.uri, scope.uri])
    }
}

@Suite("Stacks held by scopes")
struct NestedStackTests {
    /// A scope with a stack of its own, for sub-flows that end with the scope.
    final class Wizard: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/wizard"
        let lifecycle = ScopeLifecycle()
        let steps = ScopeStack(uri: "/actor/behaviour/scope/wizard/steps")
        func activate() { lifecycle.own(steps) }
    }

    @Test func aStackHeldByATerminatedScopeRefusesRequestsNamingBothURIs() throws {
        let recording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
        let wizard = recording.context.withCurrent { Wizard() }
        try stack.push(wizard)
        let step = PassThrough("/actor/behaviour/scope/step")
        try wizard.steps.push(step)
        try stack.pop()

        #expect(step.lifecycle.state == .terminated)
        #expect(wizard.steps.scopes.isEmpty)
        #expect(
            recording.lines.contains {
                $0.contains("/actor/behaviour/scope/wizard/steps/notifier/request <request>: pop")
            })

        let expected = ScopeStackError.undelivered(
            stack: wizard.steps.uri, reason: .scopeTerminated(wizard.steps.requests.uri, scope: wizard.uri))
        #expect(throws: expected) { try wizard.steps.push(PassThrough("/actor/behaviour/scope/step")) }
        #expect(expected.description.contains("'/actor/behaviour/scope/wizard/steps'"))
        #expect(expected.description.contains("'/actor/behaviour/scope/wizard'"))
    }

    final class PassThrough: Scope {
        let uri: ActorURI
        let lifecycle = ScopeLifecycle()
        init(_ uri: ActorURI) { self.uri = uri }
    }
}

@Suite("A scope stack's requests outlive nothing")
struct ScopeStackLifetimeTests {
    @Test("a request through the port of a stack that has gone is undelivered, and the stack is gone")
    func portOfAReleasedStack() throws {
        weak var released: ScopeStack?
        let port: RequestPort<ScopeStack.Request, Result<ScopeStack.Reply, ScopeStackError>>
        do {
            let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: .disabled)
            released = stack
            port = stack.requests
        }
        #expect(released == nil)
        #expect(throws: NotifierError.self) { try port.send(.pop(expected: nil)) }
    }
}
