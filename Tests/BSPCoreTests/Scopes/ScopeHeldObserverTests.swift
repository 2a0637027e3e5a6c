import BSPCore
import Testing

/// An observation by a scope on its stack holds the scope, at the cost of an observation kept by
/// a registration: the package pops the scope itself, and its deactivation ends the observation,
/// which lets go of the scope after the delivery under way.
@Suite("Observations held by operating scopes")
struct ScopeHeldObserverTests {
    final class Listening: Scope {
        let uri: ActorURI
        let lifecycle = ScopeLifecycle()
        let events: EventNotifier<String>
        /// What it emits on, if anything: held, as an actor holds its notifiers.
        var own: EventNotifier<String>?
        var companion: (any Scope)?
        private(set) var heard: [String] = []

        init(_ name: String, listeningTo events: EventNotifier<String>, companion: (any Scope)? = nil) {
            self.uri = try! ActorURI(validating: "/actor/behaviour/scope/\(name)")
            self.events = events
            self.companion = companion
        }

        func activate() {
            events.observe(by: self) { scope, event in
                scope.heard.append(event)
                if event == "leave" { scope.lifecycle.dismiss() }
            }
        }
    }

    @Test func aScopeDismissedByTheEventItObservesIsFreedOnceTheDeliveryEnds() throws {
        let events = EventNotifier<String>(of: "/actor/presentation")
        let stack = ScopeStack(uri: "/actor/behaviour/stack")
        weak var released: Listening?
        do {
            let scope = Listening("listening", listeningTo: events)
            released = scope
            try stack.push(scope)
        }
        #expect(released != nil)

        events.emit("stay")
        events.emit("leave")

        #expect(released == nil)
        #expect(stack.scopes.isEmpty)
        #expect(events.observerCount == 0)
    }

    /// A scope and its companion that observe each other's notifiers hold each other while
    /// they operate; a stack let go of with them on it ends what they own, and they go with it.
    @Test func aStackLetGoOfWithScopesObservingEachOtherFreesThem() throws {
        weak var behaviour: Listening?
        weak var presentation: Listening?
        do {
            let presentationStack = ScopeStack(uri: "/actor/presentation/stack")
            let behaviourStack = ScopeStack(uri: "/actor/behaviour/stack", companions: presentationStack)
            let fromView = EventNotifier<String>(of: "/actor/presentation/scope/view")
            let fromFlow = EventNotifier<String>(of: "/actor/behaviour/scope/flow")
            let view = Listening("view", listeningTo: fromFlow)
            let flow = Listening("flow", listeningTo: fromView, companion: view)
            // Each holds the notifier the other observes: a cycle while both operate.
            view.own = fromView
            flow.own = fromFlow
            behaviour = flow
            presentation = view
            try behaviourStack.push(flow)
            fromView.emit("tap")
            fromFlow.emit("show")
            #expect(flow.heard == ["tap"])
            #expect(view.heard == ["show"])
        }

        #expect(behaviour == nil)
        #expect(presentation == nil)
    }

    /// A stack let go of with a scope on it terminates the scope, without running its code:
    /// records no longer name it, its notifiers refuse requests, and it cannot run on.
    @Test func aStackLetGoOfTerminatesItsScopes() throws {
        let recording = Recording()
        let source = EventNotifier<String>(of: "/actor/source", audit: recording.context)
        let scope = Listening("kept", listeningTo: source)
        do {
            let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
            try stack.push(scope)
            #expect(recording.context.innermostScope == scope.uri)
        }

        source.emit("later")

        #expect(recording.context.innermostScope == nil)
        #expect(recording.store.records.last?.scope == nil)
        #expect(scope.lifecycle.state == .terminated)
        #expect(scope.heard.isEmpty)
    }
}
