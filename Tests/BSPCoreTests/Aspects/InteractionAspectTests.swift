import BSPCore
import Foundation
import Testing

@Suite("Interaction aspects in notifiers and records")
struct InteractionAspectTests {
    actor Counter {
        func count(_ text: String) -> Int { text.count }
    }

    @Test func eachNotifierKindNamesItsAspect() {
        let actor: ActorURI = "/actor/service"
        #expect(EventNotifier<Int>(of: actor).aspect == .synchronousSingleWay)
        #expect(RequestNotifier<Int, Void>(of: actor).aspect == .synchronousSingleWay)
        #expect(RequestNotifier<Int, Int>(of: actor).aspect == .synchronousBiWay)
        #expect(QueuedNotifier<Int>(of: actor).aspect == .asynchronousSingleWay)
        #expect(AsyncRequestNotifier<Int, String>(of: actor).aspect == .asynchronousBiWay)
        #expect(AsyncRequestNotifier<Int, Void>(of: actor).aspect == .asynchronousSingleWay)
    }

    @MainActor
    @Test func everyRecordCarriesTheAspectOfItsNotifier() async throws {
        let recording = Recording()
        let owner = NamedActor("/actor/service")
        let events = EventNotifier<String>(of: owner.uri, named: "event", audit: recording.context)
        let commands = RequestNotifier<String, Void>(of: owner.uri, named: "command", audit: recording.context)
        let questions = RequestNotifier<String, Int>(of: owner.uri, named: "question", audit: recording.context)
        let queue = QueuedNotifier<String>(of: owner.uri, named: "queue", audit: recording.context)
        let lookups = AsyncRequestNotifier<String, Int>(of: owner.uri, named: "lookup", audit: recording.context)
        commands.handle(by: owner) { _, _ in }
        questions.handle(by: owner) { _, question in question.count }
        let counter = Counter()
        lookups.handle(by: counter) { counter, address in await counter.count(address) }

        events.emit("e")
        commands.send("c")
        _ = try questions.send("q")
        queue.send("s")
        _ = try await lookups.send("l")

        let aspects = Dictionary(
            recording.store.records.map { ($0.notifier.name, $0.aspect) }, uniquingKeysWith: { first, _ in first })
        #expect(
            aspects == [
                "event": .synchronousSingleWay, "command": .synchronousSingleWay, "question": .synchronousBiWay,
                "queue": .asynchronousSingleWay, "lookup": .asynchronousBiWay,
            ])
    }

    @Test func aRequestThatFindsNoHandlerStillRecordsItsAspect() {
        let recording = Recording()
        var questions: RequestNotifier<String, Int>? = RequestNotifier(
            of: "/actor/service", named: "question", audit: recording.context)
        let port = questions!.port
        _ = try? questions!.send("before a handler")
        questions = nil
        _ = try? port.send("after the notifier went")

        #expect(recording.store.records.map(\.delivery) == [.undelivered, .undelivered])
        #expect(recording.store.records.allSatisfy { $0.aspect == .synchronousBiWay })
    }

    @Test func theAspectIsWrittenToJSONLinesAndReadBack() throws {
        let record = AuditRecord(
            sequence: 1, notifier: try ActorURI("/actor/service").notifier("lookup"), variety: .request,
            aspect: .asynchronousBiWay,
            notification: "where")
        let line = AuditTrail([record]).jsonLines()

        #expect(line.hasPrefix(#"{"aspect":{"timing":"asynchronous","way":"bi-way"},"#))
        #expect(try AuditTrail(jsonLines: line).records == [record])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(record), as: UTF8.self) + "\n" == line)
    }

    @Test func aTrailWrittenBeforeRecordsKeptTheirAspectReadsAsSynchronousSingleWay() throws {
        let old =
            #"{"delivery":"delivered","depth":0,"notification":"hello","notifier":"/actor/service/notifier/event","#
            + #""sequence":1,"targets":[],"variety":"event"}"#

        let record = try #require(try AuditTrail(jsonLines: old).records.first)

        #expect(record.aspect == .synchronousSingleWay)
    }

    @Test func anUnknownAspectIsAReadableError() {
        let line =
            #"{"aspect":{"timing":"eventually","way":"bi-way"},"delivery":"delivered","depth":0,"notification":"x","#
            + #""notifier":"/actor/service/notifier/event","sequence":1,"targets":[],"variety":"event"}"#

        #expect(throws: AuditTrailError.self) { try AuditTrail(jsonLines: line) }
    }

    @Test func theFourAspectsAreDistinctAndSayWhatTheyAre() {
        #expect(Set(InteractionAspect.allCases).count == 4)
        #expect(InteractionAspect.asynchronousBiWay.description == "asynchronous bi-way")
        #expect(InteractionAspect.synchronousSingleWay.description == "synchronous single-way")
    }
}

@Suite("A queue's named consumer in the trail")
struct NamedConsumerTests {
    @MainActor
    @Test func aNamedConsumerIsTheTargetOfWhatIsQueuedAndTheSourceOfWhatItSends() async throws {
        let recording = Recording()
        let fixes = QueuedNotifier<Int>(of: "/actor/service/location", named: "fixes", audit: recording.context)
        let presentation = RequestNotifier<String, Void>(of: "/actor/presentation", audit: recording.context)
        let screen = NamedActor("/actor/presentation")
        presentation.handle(by: screen) { _, _ in }
        // Sent before the consumer runs: the test holds the main actor until it awaits.
        fixes.send(1)
        try await fixes.consume(by: "/actor/behaviour") { fix in
            presentation.send("show \(fix)")
            if fix == 1 { fixes.send(2) } else { fixes.finish() }
        }

        let records = recording.store.records
        #expect(records.map(\.notifier.name) == ["fixes", "fixes", "request", "fixes", "request"])
        #expect(records.map(\.delivery) == [.queued, .delivered, .delivered, .queued, .delivered])
        // Queued before the consumer named itself, the first has no target; a second record,
        // made when the consumer takes it, names the consumer. The second needs none.
        #expect(
            records.map(\.targets) == [
                [], ["/actor/behaviour"], ["/actor/presentation"], ["/actor/behaviour"], ["/actor/presentation"],
            ])
        #expect(records[1].cause == records[0].sequence)
        #expect(records[1].source == records[0].source)
        #expect(records[1].notification == records[0].notification)
        #expect(records[2].source == "/actor/behaviour")
        #expect(records[2].cause == records[0].sequence)
        #expect(records[4].source == "/actor/behaviour")
    }

    @MainActor
    @Test func anUnnamedConsumerLeavesTheQueuedNotificationWithoutATarget() async throws {
        let recording = Recording()
        let fixes = QueuedNotifier<Int>(of: "/actor/service/location", named: "fixes", audit: recording.context)
        fixes.send(1)
        fixes.finish()
        try await fixes.consume { _ in }

        #expect(recording.store.records.map(\.targets) == [[]])
        #expect(recording.store.records.map(\.delivery) == [.queued])
    }
}
