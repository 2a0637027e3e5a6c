import BSPCore
import BSPTesting
import Testing

/// A Behaviour that the Presentation asks, with a bi-way request, whether a meeting may end.
private final class Gatekeeper: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()
    let mayEnd = RequestNotifier<String, Bool>(of: "/actor/behaviour", named: "may-end")
    /// The deliberate change a replay must catch: it now says no.
    var refuses = false

    init() {
        mayEnd.handle(by: self) { gatekeeper, _ in !gatekeeper.refuses }
    }
}

@Suite("Replies in a replay")
struct ReplyReplayTests {
    /// A run in which the Presentation asked, and the Behaviour said yes, as a shipped app
    /// records it.
    private static func recording() throws -> AuditTrail {
        let store = InMemoryAuditStore()
        let gatekeeper = AuditContext(store: store).withCurrent { Gatekeeper() }
        _ = try gatekeeper.mayEnd.send("standup")
        return try AuditTrail(jsonLines: store.trail.jsonLines())
    }

    @Test("a Behaviour that now answers no where the recording says yes fails the replay, naming the reply")
    func aChangedReplyFailsTheReplay() throws {
        let recording = try Self.recording()
        #expect(recording.records.first?.reply == .bool(true))
        let app = TestFabric { Gatekeeper() }
        app.system.refuses = true

        let text = failureText { app.replay(recording, under: "/actor/behaviour") }

        #expect(text.contains("Replay under /actor/behaviour: the reply to notification 1 of 1 differs"))
        #expect(text.contains("recorded reply: true"))
        #expect(text.contains("replayed reply: false"))
    }

    @Test("the same reply passes")
    func theSameReplyPasses() throws {
        let app = TestFabric { Gatekeeper() }

        app.replay(try Self.recording(), under: "/actor/behaviour")

        #expect(app.store.records.first?.reply == .bool(true))
    }

    @Test("a fabric's own store keeps replies, so a recording made in a test stands in for a bi-way request")
    func aRecordingMadeInATestStandsIn() throws {
        let whole = TestFabric {
            let peers = Search.Peers()
            return (peers, Search.Behaviour(peers), Search.Service(peers), Search.Presentation(peers))
        }
        whole.exercise(whole.system.0.intents, .search("Sydney"))
        let recording = whole.store.trail
        #expect(recording.records.contains { $0.notifier.name == "distance" && $0.reply == .integer(600) })

        let app = Search.behaviourAlone()
        app.replay(recording, under: "/actor/behaviour")

        #expect(app.store.records.map(\.description) == recording.records.map(\.description))
    }
}
