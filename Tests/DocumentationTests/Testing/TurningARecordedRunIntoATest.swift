import BSPCore
import BSPTesting
import Foundation
import Testing

// The article "Turning a Recorded Run into a Test", compiled and run.

enum Query: Codable, Equatable, Sendable { case search(String) }
enum Lookup: Codable, Equatable, Sendable { case lookUp(String) }
enum Answer: Codable, Equatable, Sendable {
    case found(population: Int)
    case notFound
}
enum Screen: Codable, Equatable, Sendable {
    case population(Int)
    case noSuchPlace
}

/// The notifiers the Behaviour talks to. The app owns them in its real Presentation and
/// Service; a replay makes them bare, at the same URIs.
struct SearchPeers {
    let queries = EventNotifier<Query>(of: "/actor/presentation", named: "query")
    let screen = RequestNotifier<Screen, Void>(of: "/actor/presentation", named: "screen")
    let lookups = RequestNotifier<Lookup, Void>(of: "/actor/service", named: "lookup")
    let answers = EventNotifier<Answer>(of: "/actor/service", named: "answer")
}

final class SearchBehaviour: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()
    init(_ peers: SearchPeers) {
        peers.queries.observe(by: self) { _, query in
            guard case .search(let place) = query else { return }
            peers.lookups.sendIgnoringReply(.lookUp(place))
        }
        peers.answers.observe(by: self) { _, answer in
            switch answer {
            case .found(let population): peers.screen.sendIgnoringReply(.population(population))
            case .notFound: peers.screen.sendIgnoringReply(.noSuchPlace)
            }
        }
    }
}

final class SearchService: UniqueActor {
    static let uri: ActorURI = "/actor/service"
    let lifetime = ActorLifetime()
    init(_ peers: SearchPeers) {
        peers.lookups.handle(by: self) { _, lookup in
            guard case .lookUp(let place) = lookup else { return }
            peers.answers.emit(place == "Sydney" ? .found(population: 5_450_000) : .notFound)
        }
    }
}

final class SearchScreen: UniqueActor {
    static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    init(_ peers: SearchPeers) {
        peers.screen.handle(by: self) { _, _ in }
    }
}

/// What a user's device keeps and a bug report attaches: the whole app's run in a file trail.
func recordBugReport() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bug-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("bsp-trail.jsonl")
    let store = try FileAuditStore(url: url)
    let app = AuditContext(store: store).withCurrent {
        let peers = SearchPeers()
        return (peers, SearchBehaviour(peers), SearchService(peers), SearchScreen(peers))
    }
    app.0.queries.emit(.search("Sydney"))
    app.0.queries.emit(.search("Atlantis"))
    store.flush()
    return url
}

@Test func theBugReportStillReplays() throws {
    let bugReport = try recordBugReport()
    defer { try? FileManager.default.removeItem(at: bugReport.deletingLastPathComponent()) }

    let recording = try FileAuditStore.read(bugReport).trail
    let app = TestFabric { () -> (SearchPeers, SearchBehaviour) in
        let peers = SearchPeers()  // bare notifiers at the real actors' URIs
        return (peers, SearchBehaviour(peers))
    }

    app.replay(recording, under: SearchBehaviour.uri)

    #expect(app.store.records.count == 8)
    let lookUp = recording.records.first { $0.notifier.name == "lookup" }
    #expect(try lookUp?.decodeNotification(as: Lookup.self) == .lookUp("Sydney"))
}

/// A Service that reminds, on its clock, once the time asked for has passed.
@MainActor
final class Reminders: UniqueActor {
    enum Request: Codable, Equatable, Sendable { case remind(String, in: Duration) }
    enum Event: Codable, Equatable, Sendable { case due(String) }

    nonisolated static let uri: ActorURI = "/actor/service/reminders"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<Request, Void>(of: Reminders.uri)
    let events = EventNotifier<Event>(of: Reminders.uri)
    let work = OwnedWork(of: Reminders.uri)

    init(clock: some Clock<Duration> & Sendable) {
        requests.handle(by: self) { reminders, request in
            guard case .remind(let text, let delay) = request else { return }
            let events = reminders.events
            reminders.work.own(
                Task { @MainActor in
                    guard (try? await clock.sleep(for: delay)) != nil else { return }
                    events.emit(.due(text))
                }, named: text)
        }
    }
}

@MainActor
@Test func anAppsTrailKeepsTheTimeOfEachNotification() throws {
    let store = InMemoryAuditStore()
    let audit = AuditContext(store: store, causeTracking: .acrossTasks, clock: ContinuousClock())
    let reminders = audit.withCurrent { Reminders(clock: ContinuousClock()) }

    reminders.requests.send(.remind("stretch", in: .seconds(60)))
    reminders.requests.send(.remind("drink", in: .seconds(60)))

    let times = store.records.compactMap(\.time)
    #expect(times.count == 2 && times[0] <= times[1])
}

@MainActor
@Test func aRecordedRunReplaysWithItsTiming() async throws {
    // The recording: two reminders asked for at 0 and 1 s, due after 3 and 1 s.
    let recordingClock = ManualClock()
    let store = InMemoryAuditStore()
    let reminders = AuditContext(store: store, causeTracking: .acrossTasks, clock: recordingClock).withCurrent {
        Reminders(clock: recordingClock)
    }
    reminders.requests.send(.remind("stretch", in: .seconds(3)))
    await recordingClock.advance(by: .seconds(1))
    reminders.requests.send(.remind("drink", in: .seconds(1)))
    await recordingClock.advance(by: .seconds(5))
    let recording = store.trail
    #expect(recording.records.map(\.notification).suffix(2) == [#"due("drink")"#, #"due("stretch")"#])

    let clock = ManualClock()
    let app = TestFabric(clock: clock) { Reminders(clock: clock) }

    await app.replay(recording, under: Reminders.uri, advancing: clock)

    #expect(app.store.records.map(\.notification) == recording.records.map(\.notification))
    #expect(clock.now.offset == .seconds(3))
    await app.finish()
}
