import BSPCore
import BSPDiagrams
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Golden output for a small fixture: any change to the drawings shows up here as a diff.
@Suite("Diagrams")
struct DiagramTests {
    let trail = DiagramFixture.trail

    @Test func theTopologyAsDOT() {
        #expect(Topology(trail: trail).dot() == Self.dot)
    }

    @Test func theTopologyAsMermaid() {
        #expect(Topology(trail: trail).mermaid() == Self.mermaid)
    }

    @Test func theSequenceAsMermaid() {
        #expect(SequenceDiagram(trail: trail).mermaid() == Self.sequence)
    }

    @Test func theStructureReport() {
        #expect(StructureReport(topology: Topology(trail: trail), trail: trail).description == Self.report)
    }

    @Test func theSequenceAsSVGIsWellFormedSelfContainedXML() throws {
        let svg = SequenceDiagram(trail: trail).svg()
        let parser = XMLParser(data: Data(svg.utf8))

        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.contains("present(Sydney &lt;NSW&gt;)"))
        #expect(svg.contains("class=\"event synchronous\""))
        #expect(svg.contains("class=\"request synchronous\""))
        #expect(svg.contains("▲ pushed(/actor/behaviour/scope/map)"))
        #expect(!svg.contains("href") && !svg.contains("<script") && !svg.contains("@import"))
    }

    @Test func longNotificationsAreTruncatedAndNewlinesFolded() {
        let record = AuditRecord(
            sequence: 9, notifier: DiagramFixture.notifier("/actor/a", "event"), variety: .event,
            notification: String(repeating: "x", count: 100) + "\nmore")
        let label = SequenceDiagram(trail: AuditTrail([record])).messages[0].label

        #expect(label.count == "#9 ".count + SequenceDiagram.labelLimit + " [delivered]".count - " [delivered]".count)
        #expect(label.hasSuffix("…"))
        #expect(!label.contains("\n"))
    }

    @Test func aRequestThatReadsLikeAStackTransitionIsNotDrawnAsOne() {
        let record = AuditRecord(
            sequence: 1, notifier: DiagramFixture.notifier("/actor/behaviour/stack", "request"), variety: .request,
            source: "/actor/behaviour", targets: ["/actor/behaviour/stack"], notification: "pop")
        let trail = AuditTrail([record])

        #expect(Topology(trail: trail).stacks.isEmpty)
        #expect(SequenceDiagram(trail: trail).messages.allSatisfy { $0.scopeMark == nil })
    }

    @Test func theLiveFabricsTopologyShowsItsNotifiersObserversAndStacksInOrder() throws {
        final class Service: UniqueActor {
            static let uri: ActorURI = "/actor/service"
            let lifetime = ActorLifetime()
            let requests = RequestNotifier<String, Void>(of: Service.uri)
            let events = EventNotifier<String>(of: Service.uri)
            init() { requests.handle(by: self) { _, _ in } }
        }
        final class Behaviour: UniqueActor {
            static let uri: ActorURI = "/actor/behaviour"
            let lifetime = ActorLifetime()
            let stack = ScopeStack(uri: "/actor/behaviour/stack")
            init(_ service: EventPort<String>) { service.observe(by: self) { _, _ in } }
        }
        final class Step: Scope {
            let uri: ActorURI
            let lifecycle = ScopeLifecycle()
            let intents: EventNotifier<String>
            init(_ name: String) {
                uri = try! ActorURI(validating: "/actor/behaviour/scope/\(name)")
                intents = EventNotifier(of: uri, named: "intent")
            }
        }
        let audit = AuditContext(store: InMemoryAuditStore())
        let (service, behaviour) = audit.withCurrent {
            let service = Service()
            return (service, Behaviour(service.events.port))
        }
        try audit.withCurrent {
            try behaviour.stack.push(Step("first"))
            try behaviour.stack.push(Step("second"))
        }

        let topology = Topology(live: audit)

        #expect(
            topology.stacks == [
                Topology.Stack(
                    uri: "/actor/behaviour/stack",
                    scopes: ["/actor/behaviour/scope/first", "/actor/behaviour/scope/second"])
            ])
        #expect(
            topology.edges.contains(
                Topology.Edge(actor: "/actor/behaviour", notifier: service.events.uri, kind: .observes)))
        #expect(
            topology.edges.contains(
                Topology.Edge(actor: "/actor/service", notifier: service.requests.uri, kind: .observes)))
        #expect(
            topology.edges.contains(
                Topology.Edge(actor: "/actor/service", notifier: service.events.uri, kind: .sendsOn)))
        #expect(topology.notifiers.map(\.uri.path).contains("/actor/behaviour/scope/second/notifier/intent"))
        #expect(
            StructureReport(topology: topology).unobserved.contains(
                try! ActorURI(validating: "/actor/behaviour/scope/first").notifier("intent")))
        let merged = topology.merging(Topology(trail: trail))
        #expect(merged.actors.contains("/actor/nobody") && merged.actors.contains("/actor/behaviour/scope/first"))
    }

    static let dot =
        """
        digraph bsp {
          rankdir=LR;
          node [fontname="Helvetica", fontsize=10];
          edge [fontname="Helvetica", fontsize=9];
          "/actor/behaviour" [shape=box, style=rounded, label="/actor/behaviour\\nOperator (single-way in, single-way out)"];
          "/actor/behaviour/stack" [shape=box, style=rounded, label="/actor/behaviour/stack\\nSource (single-way out)"];
          "/actor/nobody" [shape=box, style=rounded, label="/actor/nobody"];
          "/actor/presentation" [shape=box, style=rounded, label="/actor/presentation\\nOperator (single-way in, single-way out)"];
          "/actor/service" [shape=box, style=rounded, label="/actor/service\\nOperator (single-way in, single-way out)"];
          subgraph cluster_0 {
            label="/actor/behaviour/stack"; style=rounded; color=gray60;
            "/actor/behaviour/scope/map" [shape=box, style="rounded,filled", fillcolor=gray95, label="/actor/behaviour/scope/map"];
          }
          "/actor/behaviour/stack/notifier/transition" [shape=ellipse, label="/actor/behaviour/stack/notifier/transition"];
          "/actor/nobody/notifier/request" [shape=cds, label="/actor/nobody/notifier/request"];
          "/actor/presentation/notifier/event" [shape=ellipse, label="/actor/presentation/notifier/event"];
          "/actor/presentation/notifier/request" [shape=cds, label="/actor/presentation/notifier/request"];
          "/actor/service/notifier/event" [shape=ellipse, label="/actor/service/notifier/event"];
          "/actor/service/notifier/request" [shape=cds, label="/actor/service/notifier/request"];
          "/actor/behaviour/stack" -> "/actor/behaviour/stack/notifier/transition" [label="sends on"];
          "/actor/presentation/notifier/event" -> "/actor/behaviour" [label="observes"];
          "/actor/presentation" -> "/actor/presentation/notifier/event" [label="sends on"];
          "/actor/presentation/notifier/request" -> "/actor/presentation" [label="handles"];
          "/actor/behaviour" -> "/actor/presentation/notifier/request" [label="sends on"];
          "/actor/service/notifier/event" -> "/actor/behaviour" [label="observes"];
          "/actor/service" -> "/actor/service/notifier/event" [label="sends on"];
          "/actor/service/notifier/request" -> "/actor/service" [label="handles"];
          "/actor/behaviour" -> "/actor/service/notifier/request" [label="sends on"];
          subgraph cluster_legend {
            label="Legend"; style=rounded; color=gray80; fontname="Helvetica"; fontsize=9;
            node [shape=plaintext, fontsize=9, label=""];
            legend_s1 -> legend_s2 [label="synchronous"];
            legend_a1 -> legend_a2 [label="asynchronous", arrowhead=onormal];
            legend_r1 -> legend_r2 [label="reply", style=dashed, arrowhead=onormal];
          }
        }

        """

    static let mermaid =
        """
        flowchart LR
          a0["/actor/behaviour<br/>Operator (single-way in, single-way out)"]
          a1["/actor/behaviour/stack<br/>Source (single-way out)"]
          a2["/actor/nobody"]
          a3["/actor/presentation<br/>Operator (single-way in, single-way out)"]
          a4["/actor/service<br/>Operator (single-way in, single-way out)"]
          subgraph stack0 ["/actor/behaviour/stack"]
            direction TB
            a5["/actor/behaviour/scope/map"]
          end
          n6(["/actor/behaviour/stack/notifier/transition"])
          n7[/"/actor/nobody/notifier/request"/]
          n8(["/actor/presentation/notifier/event"])
          n9[/"/actor/presentation/notifier/request"/]
          n10(["/actor/service/notifier/event"])
          n11[/"/actor/service/notifier/request"/]
          a1 -- sends on --> n6
          n8 -- observes --> a0
          a3 -- sends on --> n8
          n9 -- handles --> a3
          a0 -- sends on --> n9
          n10 -- observes --> a0
          a4 -- sends on --> n10
          n11 -- handles --> a4
          a0 -- sends on --> n11
          subgraph legend ["Legend"]
            legend1[ ] -- synchronous --> legend2[ ]
            legend3[ ] -- asynchronous --o legend4[ ]
            legend5[ ] -. reply .-> legend6[ ]
          end

        """

    static let sequence =
        """
        sequenceDiagram
          participant outside as (outside)
          participant p0 as /actor/presentation
          participant p1 as /actor/behaviour
          participant p2 as /actor/service
          participant p3 as /actor/behaviour/stack
          participant p4 as /actor/nobody
          Note over outside,p4: Legend — filled head: synchronous · open head: asynchronous, where it was consumed · dotted: reply
          p0->>p1: #35;1 showLocationRequested
          p1->>p2: #35;2 resolveLocation
          p3->>p3: #35;3 pushed(/actor/behaviour/scope/map)
          Note over p3: ▲ pushed(/actor/behaviour/scope/map)
          p2->>p1: #35;4 locationResolved(Sydney#59; NSW)
          p1->>p0: #35;5 present(Sydney #60;NSW#62;)
          outside->>p4: #35;6 lost [undelivered]

        """

    static let report =
        """
        Actors: 5. Notifiers: 6 (3 request, 3 event). Edges: 9 (5 sends on, 4 observes).
        Fan-in / fan-out (notifiers received from / sent on) and connection pattern:
          /actor/behaviour        2 / 2  Operator (single-way in, single-way out)
          /actor/behaviour/stack  0 / 1  Source (single-way out)
          /actor/nobody           0 / 0
          /actor/presentation     1 / 1  Operator (single-way in, single-way out)
          /actor/service          1 / 1  Operator (single-way in, single-way out)
        Connection patterns: 1 Source, 3 Operator.
        Tangle: 0 crossings among 2 connections (Presentation | Behaviour | Service, columns ordered to cross as little as the search finds).
        Notifiers nobody observes: /actor/behaviour/stack/notifier/transition
        BSP rules: 1 broken:
          - Request notifier '/actor/nobody/notifier/request' has no handler: requests sent to it are not delivered.

        """
}
