import BSPCore
import BSPTesting
import Testing

/// A small app recorded with its real Service and Presentation, then replayed against its
/// Behaviour alone, with stand-ins.
enum Search {
    enum Intent: Codable, Equatable, Sendable { case search(String) }
    enum Lookup: Codable, Equatable, Sendable { case lookUp(String) }
    enum Found: Codable, Equatable, Sendable {
        case found(Place)
        case notFound(String)
    }
    enum Show: Codable, Equatable, Sendable {
        case place(name: String, distance: Int)
        case nothing
    }
    struct Place: Codable, Equatable, Sendable {
        var name: String
        var population: Int
    }

    /// The notifiers the Behaviour talks to; a recording run owns them in real actors, a replay
    /// makes them bare, at the same URIs.
    struct Peers {
        let intents: EventNotifier<Intent>
        let show: RequestNotifier<Show, Void>
        let lookups: RequestNotifier<Lookup, Void>
        let found: EventNotifier<Found>
        let distances: RequestNotifier<String, Int>

        init() {
            intents = EventNotifier(of: "/actor/presentation", named: "intent")
            show = RequestNotifier(of: "/actor/presentation", named: "show")
            lookups = RequestNotifier(of: "/actor/service", named: "lookup")
            found = EventNotifier(of: "/actor/service", named: "found")
            distances = RequestNotifier(of: "/actor/service", named: "distance")
        }
    }

    final class Behaviour: UniqueActor {
        static let uri: ActorURI = "/actor/behaviour"
        let lifetime = ActorLifetime()
        /// The deliberate change a replay must catch: the distance shown is off by one.
        var offByOne = false
        /// Another: searches go nowhere.
        var ignoresSearches = false
        private let peers: Peers

        init(_ peers: Peers) {
            self.peers = peers
            peers.intents.observe(by: self) { behaviour, intent in
                guard case .search(let text) = intent, !behaviour.ignoresSearches else { return }
                behaviour.peers.lookups.sendIgnoringReply(.lookUp(text))
            }
            peers.found.observe(by: self) { behaviour, found in behaviour.show(found) }
        }

        private func show(_ found: Found) {
            guard case .found(let place) = found, let distance = try? peers.distances.send(place.name) else {
                peers.show.sendIgnoringReply(.nothing)
                return
            }
            peers.show.sendIgnoringReply(.place(name: place.name, distance: distance + (offByOne ? 1 : 0)))
        }
    }

    final class Service: UniqueActor {
        static let uri: ActorURI = "/actor/service"
        let lifetime = ActorLifetime()
        init(_ peers: Peers) {
            peers.lookups.handle(by: self) { _, lookup in
                guard case .lookUp(let text) = lookup else { return }
                peers.found.emit(
                    text == "Sydney" ? .found(Place(name: "Sydney", population: 5_450_000)) : .notFound(text))
            }
            peers.distances.handle(by: self) { _, name in name.count * 100 }
        }
    }

    final class Presentation: UniqueActor {
        static let uri: ActorURI = "/actor/presentation"
        let lifetime = ActorLifetime()
        private(set) var shown: [Show] = []
        init(_ peers: Peers) {
            peers.show.handle(by: self) { presentation, show in presentation.shown.append(show) }
        }
    }

    /// The Behaviour alone, with bare notifiers where its peers were, as a replay drives it.
    static func behaviourAlone(
        offByOne: Bool = false, ignoresSearches: Bool = false, clock: ManualClock? = nil
    ) -> TestFabric<(Peers, Behaviour)> {
        TestFabric(clock: clock) {
            let peers = Peers()
            let behaviour = Behaviour(peers)
            behaviour.offByOne = offByOne
            behaviour.ignoresSearches = ignoresSearches
            return (peers, behaviour)
        }
    }

    /// A run of the whole app, as a shipped app records it, read back from its JSON Lines.
    static func recording() throws -> AuditTrail {
        let store = InMemoryAuditStore()
        let app = AuditContext(store: store).withCurrent {
            let peers = Peers()
            return (peers, Behaviour(peers), Service(peers), Presentation(peers))
        }
        app.0.intents.emit(.search("Sydney"))
        app.0.intents.emit(.search("Atlantis"))
        return try AuditTrail(jsonLines: store.trail.jsonLines())
    }
}

@Suite("Replaying a recorded run")
struct ReplayTests {
    @Test func aRecordedRunReplaysAgainstTheBehaviourAloneWithStandIns() throws {
        let recording = try Search.recording()
        let app = Search.behaviourAlone()

        app.replay(recording, under: "/actor/behaviour")

        #expect(app.store.records.count == recording.records.count)
        #expect(app.store.records.map(\.description) == recording.records.map(\.description))
    }

    @Test func aRecordingWithoutTimeReplaysWithAClockLeftWhereItWas() async throws {
        let recording = try Search.recording()
        let clock = ManualClock()
        let app = Search.behaviourAlone(clock: clock)

        await app.replay(recording, under: "/actor/behaviour", advancing: clock)

        #expect(app.store.records.map(\.description) == recording.records.map(\.description))
        #expect(clock.now.offset == .zero)
    }

    /// The recording with each search sent `seconds` seconds after the one before, at 60 s
    /// first, and what each caused recorded at its time.
    static func timed(_ recording: AuditTrail, every seconds: Int64) -> AuditTrail {
        var timed = recording
        var time = Duration.seconds(60 - seconds)
        for index in timed.records.indices {
            if timed.records[index].cause == nil { time += .seconds(seconds) }
            timed.records[index].time = time
        }
        return timed
    }

    @Test func aRecordingWithTimeAdvancesTheClockToEachNotificationSentFromOutside() async throws {
        let recording = Self.timed(try Search.recording(), every: 5)
        let clock = ManualClock()
        let app = Search.behaviourAlone(clock: clock)

        await app.replay(recording, under: "/actor/behaviour", advancing: clock)

        #expect(app.store.records.map(\.description) == recording.records.map(\.description))
        #expect(app.store.records.map(\.time) == recording.records.map(\.time))
        #expect(clock.now.offset == .seconds(65), "the second search, the last sent from outside")
    }

    @Test func whatTheSystemNeverSendsByItsRecordedTimeIsNamedWithThatTime() async throws {
        var recording = Self.timed(try Search.recording(), every: 5)
        // Without the second search, what it caused is waited for at 65 s and never comes.
        recording.records.removeAll { $0.cause == nil && $0.time == .seconds(65) }
        let clock = ManualClock()
        let app = Search.behaviourAlone(clock: clock)

        await withKnownIssue {
            await app.replay(recording, under: "/actor/behaviour", advancing: clock)
        } matching: { issue in
            issue.text.contains("was not sent by 65.0 seconds: ")
        }
        #expect(clock.now.offset == .seconds(65))
    }

    /// With nothing sleeping on the clock, a gap of years is one step.
    @Test func searchesTenYearsApartReplayInOneStepEach() async throws {
        let recording = Self.timed(try Search.recording(), every: 10 * 365 * 86_400)
        let clock = ManualClock()
        let app = Search.behaviourAlone(clock: clock)

        await app.replay(recording, under: "/actor/behaviour", advancing: clock)

        #expect(app.store.records.map(\.time) == recording.records.map(\.time))
    }

    /// A recorded time no run reaches — `Int64.max` nanoseconds, some 292 years — while a
    /// timer of the system keeps waking on the clock: the replay does not advance the clock
    /// for ever, but fails naming the record.
    @Test(.timeLimit(.minutes(1)))
    func aRecordedTimeNoRunReachesFailsNamingItsRecord() async throws {
        var recording = Self.timed(try Search.recording(), every: 5)
        let last = try #require(recording.records.lastIndex { $0.cause == nil })
        for index in last..<recording.records.count {
            recording.records[index].time = .nanoseconds(Int64.max)
        }
        let clock = ManualClock()
        let app = Search.behaviourAlone(clock: clock)
        // A timer of the system's that sleeps on the clock and records nothing, on no actor, so
        // that a busy main actor in a parallel run cannot hold its ticks up.
        let timer = Task.detached { while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) } }
        defer { timer.cancel() }

        let text = await asyncFailureText {
            await app.replay(recording, under: "/actor/behaviour", advancing: clock)
        }

        #expect(text.contains("notification \(last + 1) of \(recording.records.count) is recorded at 9223372036"))
        #expect(text.contains("it would take 92233719"))
        #expect(text.contains("more steps to get there, more than 100000"))
    }

    @Test func aTimedReplayNeedsTheFabricToKeepTimeOnItsClock() async throws {
        let recording = Self.timed(try Search.recording(), every: 5)
        let clock = ManualClock()
        let app = Search.behaviourAlone()

        await withKnownIssue {
            await app.replay(recording, under: "/actor/behaviour", advancing: clock)
        } matching: { issue in
            issue.text.contains("the fabric keeps no time on this clock; make it with TestFabric(clock: clock)")
        }
        #expect(app.store.records.isEmpty)
    }

    @Test func aCauseTheRecordingKnewMustBeTheSameInTheReplay() throws {
        var recording = try Search.recording()
        let caused = try #require(recording.records.firstIndex { $0.cause != nil })
        recording.records[caused].cause = recording.records[caused].sequence - 2
        let app = Search.behaviourAlone()

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour")
        } matching: { issue in
            issue.text.contains("notification \(caused + 1) of 9 differs in the cause")
        }
    }

    @Test func aChangedBehaviourFailsTheReplayNamingTheFirstDifferenceWithAStructuralDiff() throws {
        let recording = try Search.recording()
        let app = Search.behaviourAlone(offByOne: true)

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour")
        } matching: { issue in
            let text = issue.text
            return text.contains("Replay under /actor/behaviour: notification 5 of 9 differs")
                && text.contains("− place.distance: 600") && text.contains("+ place.distance: 601")
                && text.contains("recorded") && text.contains("replayed")
        }
    }

    @Test func aRecordingTheReplayCannotFollowIsAReadableFailureNamingTheNotification() throws {
        var recording = try Search.recording()
        // As recorded by an older build, whose intent had another shape.
        recording.records[0] = AuditRecord(
            sequence: 1, notifier: recording.records[0].notifier, variety: .event, source: "/actor/presentation",
            targets: ["/actor/behaviour"], notification: "find(Sydney)",
            value: .object(["find": .object(["_0": .string("Sydney")])]))
        let app = Search.behaviourAlone()

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour")
        } matching: { issue in
            issue.text.contains("#1 /actor/presentation/notifier/intent <event>: find(Sydney)")
                && issue.text.contains("does not decode as Intent")
        }
    }

    @Test func aReplayThatSendsMoreThanTheRecordingSaysWhat() throws {
        var recording = try Search.recording()
        recording.records.removeLast()
        let app = Search.behaviourAlone()

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour")
        } matching: { issue in
            issue.text.contains("the replay sent more than the recording holds")
                && issue.text.contains("/actor/presentation/notifier/show <request>: nothing")
        }
    }

    @Test func aNotificationTheBehaviourNoLongerSendsIsNeverSentForIt() throws {
        let recording = try Search.recording()
        let app = Search.behaviourAlone(ignoresSearches: true)

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour")
        } matching: { issue in
            issue.text.contains("notification 2 of 9 was never sent: #2 /actor/service/notifier/lookup")
        }
        #expect(app.store.records.count == 1, "the replay sent the search, and nothing on the Behaviour's behalf")
    }

    final class Announcer: UniqueActor {
        static let uri: ActorURI = "/actor/behaviour"
        let lifetime = ActorLifetime()
        let status = EventNotifier<String>(of: Announcer.uri, named: "status")
        var announces = true
        func start() { if announces { status.emit("ready") } }
    }

    @Test func whatTheUnitSentOnItsOwnIsComparedNeverSentAgain() throws {
        let recordingStore = InMemoryAuditStore()
        let original = AuditContext(store: recordingStore).withCurrent { Announcer() }
        original.start()
        let recording = try AuditTrail(jsonLines: recordingStore.trail.jsonLines())
        let app = TestFabric { Announcer() }
        app.system.announces = false

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour") { app.system.start() }
        } matching: { issue in
            issue.text.contains(
                "notification 1 of 1 was never sent: #1 /actor/behaviour/notifier/status <event>: ready")
        }
    }

    struct Opaque {}

    @Test func aRequestWhoseReplyCannotComeFromTheRecordingIsNamedAndNotStoodIn() throws {
        let store = InMemoryAuditStore()
        let original = AuditContext(store: store).withCurrent {
            RequestNotifier<String, Opaque>(of: "/actor/service", named: "opaque")
        }
        let owner = Announcer()
        original.handle(by: owner) { _, _ in Opaque() }
        _ = try original.send("ask")
        let recording = try AuditTrail(jsonLines: store.trail.jsonLines())
        let app = TestFabric { RequestNotifier<String, Opaque>(of: "/actor/service", named: "opaque") }

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour")
        } matching: { issue in
            issue.text.contains(
                "cannot stand in for '/actor/service/notifier/opaque': its reply, of type Opaque, is not Codable")
        }
    }

    struct StartFailed: Error {}

    @Test func aStartThatThrowsFailsTheReplayNamingTheError() throws {
        let recording = try Search.recording()
        let app = Search.behaviourAlone()

        withKnownIssue {
            app.replay(recording, under: "/actor/behaviour") { throw StartFailed() }
        } matching: { issue in
            issue.text.contains("Replay under /actor/behaviour: the start threw StartFailed()")
        }
    }
}
