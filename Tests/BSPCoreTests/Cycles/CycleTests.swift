import BSPCore
import Testing

/// Every cycle ends: with a typed fault naming the URI and a `dropped` record, never a stack
/// overflow or a loop that runs forever.
@Suite("Cycles end")
struct CycleTests {
    /// A ring of request notifiers, each handler sending on the next.
    final class Ring {
        let notifiers: [RequestNotifier<Int, Void>]
        let owner = NamedActor("/actor/ring")

        init(size: Int, audit: AuditContext) {
            notifiers = (0..<size).map { index in
                RequestNotifier<Int, Void>(of: try! ActorURI(validating: "/actor/ring/n\(index)"), audit: audit)
            }
            for (index, notifier) in notifiers.enumerated() {
                let next = notifiers[(index + 1) % size]
                notifier.handle(by: owner) { _, laps in next.send(laps + 1) }
            }
        }
    }

    @Test func aRingOfManyRequestNotifiersIsCutLongBeforeTheStackOverflows() {
        let recording = Recording()
        let ring = Ring(size: 256, audit: recording.context)

        ring.notifiers[0].send(0)

        let faults = recording.faults.all
        #expect(faults.count == 1)
        guard case .nestedTooDeep(let uri, let limit)? = faults.first else {
            Issue.record("expected nestedTooDeep, got \(faults)")
            return
        }
        #expect(limit == RequestNotifier<Int, Void>.threadReentryLimit)
        #expect(uri.path.hasPrefix("/actor/ring/n"))
        let records = recording.store.records
        #expect(records.last?.delivery == .dropped && records.last?.notifier == uri)
        // One lap, then re-entries up to the thread's limit, then the dropped one.
        #expect(records.count == 256 + RequestNotifier<Int, Void>.threadReentryLimit + 1)
    }

    @Test func aRingWithoutAuditingIsCutToo() {
        let faults = FaultLog()
        let ring = Ring(size: 256, audit: AuditContext { faults.append($0) })  // records nothing

        ring.notifiers[0].send(0)

        #expect(faults.all.count == 1)
        #expect(faults.all.allSatisfy { if case .nestedTooDeep = $0 { true } else { false } })
    }

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
    }

    @Test func asynchronousRequestsNestedWithoutEndAreCut() async {
        let recording = Recording()
        let notifier = AsyncRequestNotifier<Int, Int>(of: Echo.self, audit: recording.context)
        let echo = Echo()
        notifier.handle(by: echo) { _, depth in
            (try? await notifier.send(depth + 1)) ?? depth
        }

        let deepest = try? await notifier.send(0)
        withExtendedLifetime(echo) {}

        let limit = AsyncRequestNotifier<Int, Int>.nestingLimit
        #expect(deepest == limit - 1)
        #expect(recording.faults.all == [.runawayCycle(notifier.uri, limit: limit)])
        #expect(recording.store.records.last?.delivery == .dropped)
    }
}
