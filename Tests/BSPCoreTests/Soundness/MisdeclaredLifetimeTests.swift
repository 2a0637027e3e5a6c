import BSPCore
import Testing

/// A lifetime that ends before its actor — declared as a computed property, or replaced — is
/// not the actor's own: the handlers it was given stay, as those of an owner with no lifetime
/// do, and a request is still handled, never a crash.
@Suite("A lifetime that is not the actor's own")
struct MisdeclaredLifetimeTests {
    /// Reads a new lifetime each time: each ends at once.
    final class ComputedLifetime: BSPActor {
        let uri: ActorURI = "/actor/computed"
        var lifetime: ActorLifetime { ActorLifetime() }
        let requests = RequestNotifier<Int, Int>(of: "/actor/computed")
        let events = EventNotifier<Int>(of: "/actor/computed")
        let lookups = AsyncRequestNotifier<Int, Int>(of: "/actor/computed")
    }

    /// Replaces its lifetime after installing its handlers.
    final class ReplacedLifetime: BSPActor {
        let uri: ActorURI = "/actor/replaced"
        var lifetime = ActorLifetime()
        let requests = RequestNotifier<Int, Int>(of: "/actor/replaced")
    }

    /// Handles asynchronous requests with a lifetime read anew each time.
    final class SendableComputedLifetime: BSPActor, Sendable {
        let uri: ActorURI = "/actor/computed"
        var lifetime: ActorLifetime { ActorLifetime() }
    }

    @Test func aComputedLifetimeLeavesTheHandlersInstalled() async throws {
        let actor = ComputedLifetime()
        actor.requests.handle(by: actor) { _, request in request + 1 }
        var heard: [Int] = []
        actor.events.observe(by: actor) { _, event in heard.append(event) }
        let owner = SendableComputedLifetime()
        actor.lookups.handle(by: owner) { _, request in request * 2 }

        #expect(try actor.requests.send(1) == 2)
        actor.events.emit(3)
        #expect(heard == [3])
        #expect(try await actor.lookups.send(4) == 8)
        withExtendedLifetime(owner) {}
    }

    @Test func aReplacedLifetimeLeavesTheHandlerInstalled() throws {
        let actor = ReplacedLifetime()
        actor.requests.handle(by: actor) { _, request in request + 1 }
        actor.lifetime = ActorLifetime()

        #expect(try actor.requests.send(1) == 2)
    }
}
