import BSPCore
import Testing

/// A scope isolated to the main actor — where UI code lives — conforms with an isolated
/// conformance (`@MainActor Scope`) and is pushed and popped like any other.
@MainActor
@Suite("Main-actor scopes")
struct MainActorScopeTests {
    @MainActor
    final class Screen: @MainActor PresentationScope {
        let uri: ActorURI = "/actor/presentation/scope/screen"
        let lifecycle = ScopeLifecycle()
        private(set) var log: [String] = []
        var view: String { "screen" }

        func activate() {
            MainActor.assertIsolated()
            log.append("activate")
        }
        func deactivate() { log.append("deactivate") }
    }

    @MainActor
    final class Flow: @MainActor Scope {
        let uri: ActorURI = "/actor/behaviour/scope/flow"
        let lifecycle = ScopeLifecycle()
        let screen = Screen()
        let taps = EventNotifier<String>(of: "/actor/presentation/scope/screen", named: "tap")
        private(set) var heard: [String] = []
        var companion: (any Scope)? { screen }
        var result: (any Sendable)? { heard }

        func activate() {
            taps.observe(by: self) { flow, tap in flow.heard.append(tap) }
        }
    }

    @Test func aMainActorScopeIsPushedObservesAndIsPopped() throws {
        let presentation = ScopeStack(uri: "/actor/presentation/stack")
        let behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation)
        let flow = Flow()

        try behaviour.push(flow)
        flow.taps.emit("ok")
        #expect(presentation.topView(as: String.self) == "screen")

        let exit = try behaviour.pop()
        flow.taps.emit("after pop")

        #expect(exit?.result(as: [String].self) == ["ok"])
        #expect(flow.screen.log == ["activate", "deactivate"])
        #expect(flow.lifecycle.state == .terminated && presentation.scopes.isEmpty)
    }
}
