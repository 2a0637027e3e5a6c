import BSPCore
import Testing

/// Every cycle ends: with a typed fault naming the URI and a `dropped` record, never a stack
/// overflow or a loop that runs forever.
@Suite("Cycles end")
struct CycleTests {
    @Test func aRequestThatSendsItselfAgainIsStillCutAtItsOwnLimit() {
        let recording = Recording()
        let notifier = RequestNotifier<Int, Void>(of: "/actor/loop", audit: recording.context)
        let owner = NamedActor("/actor/loop")
        notifier.handle(by: owner) { _, value in notifier.send(value + 1) }

        notifier.send(0)

        #expect(
            recording.faults.all == [.runawayCycle(notifier.uri, limit: RequestNotifier<Int, Void>.reentrantSendLimit)])
        #expect(recording.store.records.last?.delivery == .dropped)
    }

    /// A scope whose activation replaces it with a new instance of itself: a cycle through the
    /// stack's queue of transitions.
    final class Phoenix: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/phoenix"
        let lifecycle = ScopeLifecycle()
        unowned let stack: ScopeStack
        let generations: Tally
        init(stack: ScopeStack, generations: Tally) {
            self.stack = stack
            self.generations = generations
        }
        func activate() {
            generations.increment()
            _ = try? stack.replaceTop(with: Phoenix(stack: stack, generations: generations))
        }
    }

    @Test func aScopeThatReplacesItselfForeverIsCutAtTheStacksTransitionLimit() throws {
        let recording = Recording()
        let stack = ScopeStack(uri: "/actor/behaviour/stack", audit: recording.context)
        let generations = Tally()

        try stack.push(Phoenix(stack: stack, generations: generations))

        #expect(generations.count <= ScopeStack.transitionLimit + 1)
        #expect(recording.faults.all == [.runawayCycle(stack.requests.uri, limit: ScopeStack.transitionLimit)])
        let dropped = recording.store.records.filter { $0.delivery == .dropped }
        #expect(dropped.count == 1 && dropped.first?.notifier == stack.requests.uri)
        #expect(stack.scopes.count == 1)
    }

    actor Echo: UniqueActor {
        static let uri: ActorURI = "/actor/service/echo"
        let lifetime = ActorLifetime()
    }

    @Test func asynchronousRequestsNestedWithoutEndAreCut() async {
        let recording = Recording()
        let notifier = AsyncRequestNotifier<Int, Int>(of: Echo.uri, audit: recording.context)
        let echo = Echo()
        notifier.handle(by: echo) { _, depth in
            (try? await notifier.send(depth + 1)) ?? depth
        }

        let deepest = try? await notifier.send(0)
        withExtendedLifetime(echo) {}

        let limit = AsyncRequestNotifier<Int, Int>.nestingLimit
        #expect(deepest == limit - 1)
        #expect(recording.faults.all.isEmpty, "thrown to the handler that sent it, not reported")
        #expect(recording.store.records.last?.delivery == .dropped)
    }
}
