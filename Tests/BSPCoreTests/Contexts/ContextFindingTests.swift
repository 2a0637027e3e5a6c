import BSPCore
import Testing

/// A notifier finds its context one of two ways, the same for every kind: it is given one when
/// it is made (`audit:`, by default `AuditContext.current`), or, made in no context and bound
/// to a scope, it takes the context of the stack the scope is pushed onto.
@Suite("How a notifier finds its context")
struct ContextFindingTests {
    @Test func withCurrentNamesTheContextEvenInsideAHandlerOfAnother() {
        let outer = Recording()
        let intents = EventNotifier<String>(of: "/actor/presentation", audit: outer.context)
        var made: [AuditContext] = []
        let token = intents.observe { _ in
            made.append(AuditContext.current)
            made.append(AuditContext.disabled.withCurrent { AuditContext.current })
        }

        intents.emit("tap")

        #expect(made.count == 2)
        #expect(made.first === outer.context)
        #expect(made.last === AuditContext.disabled)
        _ = token
    }

    /// A scope made outside any context, owning an asynchronous request notifier.
    final class Lookup: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/lookup"
        let lifecycle = ScopeLifecycle()
        let requests = AsyncRequestNotifier<String, Int>(of: "/actor/behaviour/scope/lookup")
        init() { lifecycle.bind(requests) }
    }

    /// Counts what it is asked.
    actor Counter {
        func count(_ text: String) -> Int { text.count }
    }

    @Test func anAsynchronousNotifierBoundToAScopeJoinsItsStacksContextAsEveryNotifierDoes() async throws {
        let recording = Recording()
        let stack = recording.context.withCurrent { ScopeStack(uri: "/actor/behaviour/stack") }
        let lookup = Lookup()
        let counter = Counter()
        lookup.requests.handle(by: counter) { counter, text in await counter.count(text) }
        #expect(!lookup.requests.audit.isEnabled)

        try stack.push(lookup)
        let count = try await lookup.requests.port.send("four")

        #expect(count == 4)
        #expect(lookup.requests.audit === recording.context)
        #expect(
            recording.lines.contains { $0.hasSuffix("/actor/behaviour/scope/lookup/notifier/request <request>: four") })
    }
}
