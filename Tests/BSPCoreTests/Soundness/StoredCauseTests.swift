import BSPCore
import Testing

/// A cause kept for later — a scope request queued during a transition, a notification
/// queued during a delivery — names its notification and its context by number and holds no
/// reference: it stays true after that context has gone, and never names another context that
/// happens to take its place.
@Suite("Causes kept for later")
struct StoredCauseTests {
    /// A scope that, as it activates, sends on a notifier of another context whose observer
    /// pushes a scope, and then lets go of that notifier and its context.
    final class Handing: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/handing"
        let lifecycle = ScopeLifecycle()
        var trigger: EventNotifier<String>?

        init(trigger: EventNotifier<String>) {
            self.trigger = trigger
        }

        func activate() {
            trigger?.emit("push the next scope")
            trigger = nil  // The last reference to the notifier, and to its context.
        }
    }

    /// A scope that makes a notifier as it activates, taking the context current then.
    final class Making: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/making"
        let lifecycle = ScopeLifecycle()
        var made: EventNotifier<Int>?

        func activate() {
            made = EventNotifier(of: uri, named: "made")
            made?.emit(1)
        }
    }

    @Test func aPushQueuedByAnotherContextsHandlerRunsAfterThatContextHasGone() throws {
        let recording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
        let making = Making()
        weak var otherContext: AuditContext?
        let handing: Handing = {
            let other = AuditContext(store: InMemoryAuditStore())
            otherContext = other
            let trigger = EventNotifier<String>(of: "/actor/presentation", audit: other)
            let observer = NamedActor("/actor/behaviour")
            trigger.observe(by: observer) { [stack] _, _ in
                withExtendedLifetime(observer) {}
                try? stack.push(making)
            }
            return Handing(trigger: trigger)
        }()

        try stack.push(handing)

        #expect(otherContext == nil)
        #expect(stack.scopes.map(\.uri) == [handing.uri, making.uri])
        // Made while the queued push ran: the context current then was the stack's, through
        // the scope it joined, never the one that had gone.
        #expect(making.made?.audit === recording.context)
        let made = recording.store.records.first { $0.notifier.path.hasSuffix("/notifier/made") }
        #expect(made != nil)
        // The push it was queued by came from another context: no cause crosses over.
        let pushes = recording.store.records.filter { $0.notification.contains("making") }
        #expect(!pushes.isEmpty)
        #expect(recording.faults.all.isEmpty)
    }
}
