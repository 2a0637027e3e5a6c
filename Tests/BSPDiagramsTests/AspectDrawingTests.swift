import BSPCore
import BSPDiagrams
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A run with every interaction aspect: a synchronous push, a synchronous request with a reply,
/// a queued push consumed later, and an asynchronous request with a reply.
enum AspectFixture {
    static func record(
        _ sequence: UInt64, _ actor: String, _ name: String, _ variety: NotifierVariety, _ aspect: InteractionAspect,
        from source: ActorURI?, to target: ActorURI, _ text: String, cause: UInt64? = nil,
        delivery: AuditDelivery = .delivered
    ) -> AuditRecord {
        AuditRecord(
            sequence: sequence, notifier: DiagramFixture.notifier(actor, name), variety: variety, aspect: aspect,
            source: source, targets: [target], notification: text, cause: cause, delivery: delivery)
    }

    static let trail = AuditTrail([
        record(
            1, "/actor/presentation", "event", .event, .synchronousSingleWay,
            from: "/actor/presentation", to: "/actor/behaviour", "refreshTapped"),
        record(
            2, "/actor/service", "question", .request, .synchronousBiWay,
            from: "/actor/behaviour", to: "/actor/service", "isSignedIn", cause: 1),
        record(
            3, "/actor/service", "event", .event, .synchronousSingleWay,
            from: "/actor/service", to: "/actor/behaviour", "sessionChecked", cause: 2),
        record(
            4, "/actor/service", "fixes", .event, .asynchronousSingleWay,
            from: "/actor/service", to: "/actor/behaviour", "fix(1)", delivery: .queued),
        record(
            5, "/actor/service", "lookup", .request, .asynchronousBiWay,
            from: "/actor/behaviour", to: "/actor/service", "place(Sydney)", cause: 1),
        record(
            6, "/actor/presentation", "request", .request, .synchronousSingleWay,
            from: "/actor/behaviour", to: "/actor/presentation", "show(fix 1)", cause: 4),
    ])
}

@Suite("Interaction aspects in drawings")
struct AspectDrawingTests {
    let diagram = SequenceDiagram(trail: AspectFixture.trail)

    @Test func aBiWayRequestIsFollowedByItsReplyOnceEverythingItCausedIsDrawn() {
        let rows = diagram.messages.map { "\($0.kind.rawValue) #\($0.sequence)" }

        #expect(rows == ["push #1", "push #2", "push #3", "reply #2", "push #5", "reply #5", "push #4", "push #6"])
        let reply = diagram.messages[3]
        #expect(reply.from == "/actor/service" && reply.to == "/actor/behaviour")
        #expect(reply.aspect == .synchronousBiWay)
    }

    @Test func aQueuedPushIsDrawnWhereItWasConsumedFromWhereItWasSent() throws {
        let queued = try #require(diagram.messages.first { $0.sequence == 4 })
        let row = try #require(diagram.messages.firstIndex { $0.sequence == 4 })

        #expect(row == 6)
        #expect(queued.sentAtRow == 4)
        #expect(diagram.messages.allSatisfy { $0.sequence == 4 || $0.sentAtRow == nil })
    }

    @Test func aQueuedPushNothingFollowedIsDrawnWhereItWasSent() {
        let trail = AuditTrail([AspectFixture.trail.records[3]])

        let messages = SequenceDiagram(trail: trail).messages

        #expect(messages.count == 1)
        #expect(messages[0].sentAtRow == nil)
    }

    @Test func aRequestThatFoundNoHandlerHasNoReply() {
        let lost = AspectFixture.record(
            1, "/actor/service", "question", .request, .synchronousBiWay, from: "/actor/behaviour",
            to: "/actor/service", "anyone?", delivery: .undelivered)

        #expect(SequenceDiagram(trail: AuditTrail([lost])).messages.map(\.kind) == [.push])
    }

    @Test func mermaidDrawsEachAspectWithItsOwnArrowAndALegend() {
        let lines = diagram.mermaid().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }

        #expect(lines.contains("p0->>p1: #35;1 refreshTapped"))
        #expect(lines.contains("p2--)p1: reply to #35;2"))
        #expect(lines.contains("p1-)p2: #35;5 place(Sydney)"))
        #expect(lines.contains("p2-)p1: #35;4 fix(1) [queued]"))
        #expect(lines.contains { $0.hasPrefix("Note over p0,p2: Legend") })
    }

    @Test func theSVGDrawsFilledHeadsForSynchronousOpenHeadsForAsynchronousAndDashedReplies() throws {
        let svg = diagram.svg()
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())

        let lines = svg.split(separator: "\n")
        let syncPush = try #require(lines.first { $0.contains("data-seq=\"1\"") && $0.contains("<line") })
        let asyncPush = try #require(lines.first { $0.contains("data-seq=\"5\"") && $0.contains("<line") })
        let reply = try #require(lines.first { $0.contains("data-reply=\"2\"") })
        let queued = try #require(lines.first { $0.contains("data-seq=\"4\"") && $0.contains("<line") })
        #expect(syncPush.contains("url(#filled)") && syncPush.contains("class=\"event synchronous\""))
        #expect(asyncPush.contains("url(#open)") && asyncPush.contains("class=\"request asynchronous\""))
        #expect(reply.contains("url(#open)") && reply.contains("class=\"reply\""))
        #expect(svg.contains(".reply{") && svg.contains("stroke-dasharray"))
        #expect(Self.y1(of: queued) < Self.y2(of: queued), "a queued push slants from where it was sent")
        #expect(svg.contains(">Legend<"))
    }

    @Test func theTopologyDrawsRepliesAndAsynchronousConnectionsAndNamesPatterns() {
        let topology = Topology(trail: AspectFixture.trail)

        let dot = topology.dot()
        #expect(
            dot.contains(
                "\"/actor/service/notifier/lookup\" -> \"/actor/behaviour\" [label=\"replies\", style=dashed, arrowhead=onormal];"
            ))
        #expect(
            dot.contains(
                "\"/actor/service\" -> \"/actor/service/notifier/fixes\" [label=\"sends on\", arrowhead=onormal];"))
        #expect(dot.contains("\"/actor/behaviour\" -> \"/actor/service/notifier/question\" [label=\"sends on\"];"))
        #expect(dot.contains("label=\"/actor/service\\nSocket (bi-way in, single-way out)\""))
        #expect(dot.contains("cluster_legend"))

        let mermaid = topology.mermaid()
        #expect(mermaid.contains("-. replies .->"))
        #expect(mermaid.contains("-- sends on --o"))
        #expect(mermaid.contains("subgraph legend [\"Legend\"]"))
    }

    static func y1(of line: Substring) -> Int { attribute("y1", of: line) }
    static func y2(of line: Substring) -> Int { attribute("y2", of: line) }
    static func attribute(_ name: String, of line: Substring) -> Int {
        guard let range = line.range(of: " \(name)=\"") else { return -1 }
        return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? -1
    }
}

@Suite("Interaction aspects in the viewer")
struct AspectViewerTests {
    /// The rows' order is the page's own work, from the records: `.ci/browser-test.py` checks it
    /// against ``SequenceDiagram``'s in a browser.
    @Test func thePageCarriesTheRecordsAndALegend() {
        let html = TrailViewer(trail: AspectFixture.trail).html()

        #expect(html.contains(#""aspect":{"timing":"asynchronous","way":"bi-way"}"#))
        #expect(html.contains("function messageOrder()"))
        #expect(html.contains(#"<span id="legend""#))
        #expect(html.contains(".arrow.open::after"))
    }
}

@Suite("A notification queued before its consumer named itself")
struct QueuedBeforeTheConsumerTests {
    /// A Service queues a fix before the Behaviour starts consuming; the Behaviour, named as
    /// the consumer, then shows it.
    @MainActor
    private func trail() async throws -> AuditTrail {
        let store = InMemoryAuditStore()
        let audit = AuditContext(store: store)
        let fixes = QueuedNotifier<Int>(of: "/actor/service/location", named: "fixes", audit: audit)
        let presentation = RequestNotifier<String, Void>(of: "/actor/presentation", audit: audit)
        let screen = PresentationActor()
        presentation.handle(by: screen) { _, _ in }
        audit.withCurrent { fixes.send(1) }
        try await fixes.consume(by: "/actor/behaviour") { fix in
            presentation.send("show \(fix)")
            fixes.finish()
        }
        return store.trail
    }

    @MainActor
    @Test func theTopologyKeepsTheConsumersEdge() async throws {
        let topology = Topology(trail: try await trail())

        #expect(
            topology.edges.contains {
                $0.actor == "/actor/behaviour" && $0.notifier.path == "/actor/service/location/notifier/fixes"
                    && $0.kind == .observes
            })
    }

    @MainActor
    @Test func theDiagramDrawsItOnceFromItsSenderToTheConsumer() async throws {
        let diagram = SequenceDiagram(trail: try await trail())

        let fixArrows = diagram.messages.filter { $0.label.contains("1") && $0.kind == .push && $0.variety == .event }
        #expect(fixArrows.count == 1)
        #expect(fixArrows.first?.to == "/actor/behaviour")
        #expect(fixArrows.first?.from != fixArrows.first?.to)
    }
}

private final class PresentationActor: BSPActor {
    let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
}
