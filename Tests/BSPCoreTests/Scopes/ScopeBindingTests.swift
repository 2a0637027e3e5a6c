import BSPCore
import Testing

/// What a scope owns is bound explicitly, never found by looking through its properties.
@Suite("Scope binding")
struct ScopeBindingTests {
    let stacks = Stacks()
    let journal = Journal()

    /// A Service, a peer of every scope.
    final class Clock: UniqueActor {
        static let uri: ActorURI = "/actor/service/clock"
        let lifetime = ActorLifetime()
        let requests = RequestNotifier<String, String>(of: Clock.uri)
        init() { requests.handle(by: self) { _, request in "time for \(request)" } }
    }

    /// A scope that holds a peer's notifier — even the notifier itself, not just its port.
    final class Holder: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/holder"
        let lifecycle = ScopeLifecycle()
        let clock: RequestNotifier<String, String>
        init(clock: RequestNotifier<String, String>) { self.clock = clock }
    }

    @Test func aPeersNotifierThatAScopeHoldsKeepsServingAfterThePop() throws {
        let clock = Clock()
        let holder = Holder(clock: clock.requests)
        try stacks.behaviour.push(holder)
        try stacks.behaviour.pop()

        #expect(try clock.requests.send("tea") == "time for tea")
        #expect(try holder.clock.send("lunch") == "time for lunch")
        #expect(stacks.recording.faults.all.isEmpty)
    }

    /// A scope whose own notifiers sit in a nested struct, out of reach of any reflection.
    final class Editor: Scope {
        struct Inputs {
            var nested: (requests: RequestNotifier<String, Int>, later: RequestNotifier<Int, Void>)
        }
        let uri: ActorURI = "/actor/behaviour/scope/editor"
        let lifecycle = ScopeLifecycle()
        let inputs: Inputs
        private(set) var sum = 0

        init() {
            inputs = Inputs(
                nested: (
                    RequestNotifier(of: "/actor/behaviour/scope/editor"),
                    RequestNotifier(of: "/actor/behaviour/scope/editor", named: "later")
                ))
            inputs.nested.requests.handle(by: self) { _, text in text.count }
            inputs.nested.later.handle(by: self) { editor, value in editor.sum += value }
        }
    }

    @Test func aScopesNotifiersInANestedStructRefuseRequestsOnceItTerminates() throws {
        let editor = stacks.recording.context.withCurrent { Editor() }
        try stacks.behaviour.push(editor)
        #expect(try editor.inputs.nested.requests.send("four") == 4)

        try stacks.behaviour.pop()

        #expect(throws: NotifierError.scopeTerminated(editor.inputs.nested.requests.uri, scope: editor.uri)) {
            try editor.inputs.nested.requests.send("late")
        }
        editor.inputs.nested.later.send(1)
        #expect(editor.sum == 0)
        #expect(
            stacks.recording.faults.all == [.scopeTerminated(editor.inputs.nested.later.uri, scope: editor.uri)])
    }

    @Test func aNotifierOwnedByAScopeButHandledElsewhereEndsWithTheScope() throws {
        let scope = JournalScope("owner", journal: journal)
        let requests = RequestNotifier<Int, Int>(of: scope.uri)
        let handler = NamedActor("/actor/service")
        requests.handle(by: handler) { _, value in value }
        scope.lifecycle.bind(requests)
        try stacks.behaviour.push(scope)
        #expect(try requests.send(1) == 1)

        try stacks.behaviour.pop()

        #expect(throws: NotifierError.scopeTerminated(requests.uri, scope: scope.uri)) { try requests.send(2) }
    }

    @Test func aScopesEventNotifierCreatedOutsideAnyContextJoinsItsStacksContextWhenOwned() throws {
        let scope = JournalScope("late", journal: journal)
        let events = EventNotifier<String>(of: scope.uri)
        scope.lifecycle.bind(events)
        #expect(!events.audit.isEnabled)

        try stacks.behaviour.push(scope)
        events.emit("hello")

        #expect(events.audit === stacks.recording.context)
        #expect(
            stacks.recording.lines.last == "#3 /actor/behaviour/scope/late/notifier/event <event>: hello [unobserved]")
    }

    @Test func aScopeCreatedWhileANotificationIsHandledJoinsItsContext() throws {
        let recording = Recording()
        let (stack, intents) = recording.context.withCurrent {
            (ScopeStack(uri: "/actor/behaviour/stack"), EventNotifier<String>(of: "/actor/presentation"))
        }
        var made: JournalScope?
        var events: EventNotifier<String>?
        let token = intents.observe { name in
            let scope = JournalScope(name, journal: journal)
            events = EventNotifier<String>(of: scope.uri)  // created in the handler: no lifecycle.own needed
            made = scope
            try? stack.push(scope)
        }

        intents.emit("made-in-a-handler")  // emitted from outside any `withCurrent`
        events?.emit("audited")

        #expect(made.map { stack.contains($0.uri) } == true)
        #expect(
            recording.lines.last
                == "#4 /actor/behaviour/scope/made-in-a-handler/notifier/event <event>: audited [unobserved]")
        _ = token
    }

    @Test func anObservationOfAScopeEndsWhenTheScopeDeactivatesEvenIfTheScopeLivesOn() throws {
        let events = EventNotifier<Int>(of: "/actor/service")
        let scope = JournalScope("listener", journal: journal)
        var heard: [Int] = []
        events.observe(by: scope) { _, value in heard.append(value) }
        try stacks.behaviour.push(scope)
        events.emit(1)

        try stacks.behaviour.pop()
        events.emit(2)

        #expect(heard == [1])
        #expect(events.observerCount == 0)
        withExtendedLifetime(scope) {}
    }

    @Test func aTerminatedScopeStartsNoObservation() throws {
        let events = EventNotifier<Int>(of: "/actor/service")
        let scope = JournalScope("gone", journal: journal)
        try stacks.behaviour.push(scope)
        try stacks.behaviour.pop()

        events.observe(by: scope) { _, _ in Issue.record("a terminated scope observed") }
        events.emit(1)

        #expect(events.observerCount == 0)
    }

    /// A scope that answers requests, made outside any audit context.
    final class Form: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/form"
        let lifecycle = ScopeLifecycle()
        let requests = RequestNotifier<String, Int>(of: "/actor/behaviour/scope/form")
        init() { requests.handle(by: self) { _, text in text.count } }
    }

    @Test func aPortTakenBeforeItsScopeWasPushedReportsToTheStacksContextOnceTheScopeHasGone() throws {
        var form: Form? = Form()
        let port = form!.requests.port  // taken before the push: the notifier reports nowhere yet
        try stacks.behaviour.push(form!)
        #expect(try port.send("four") == 4)
        try stacks.behaviour.pop()
        form = nil

        // The port keeps the notifier, which its scope's termination left refusing requests.
        #expect(throws: NotifierError.scopeTerminated(port.uri, scope: "/actor/behaviour/scope/form")) {
            try port.send("gone")
        }

        let undelivered = "/actor/behaviour/scope/form/notifier/request <request>: gone [undelivered]"
        #expect(stacks.recording.lines.contains { $0.hasSuffix(undelivered) })
    }

    /// A scope that installs its handler when it activates, after it was pushed.
    final class LateForm: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/late"
        let lifecycle = ScopeLifecycle()
        let requests = RequestNotifier<String, Int>(of: "/actor/behaviour/scope/late")
        func activate() { requests.handle(by: self) { _, text in text.count } }
    }

    @Test func aNotifierBoundAfterItsScopeWasPushedJoinsTheStacksContextAtOnce() throws {
        var form: LateForm? = LateForm()
        let port = form!.requests.port
        try stacks.behaviour.push(form!)
        #expect(try port.send("four") == 4)
        try stacks.behaviour.pop()
        form = nil

        _ = try? port.send("gone")

        let lines = stacks.recording.lines
        #expect(lines.contains { $0.hasSuffix("/actor/behaviour/scope/late/notifier/request <request>: four") })
        #expect(lines.contains { $0.hasSuffix("<request>: gone [undelivered]") })
    }
}
