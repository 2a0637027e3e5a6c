import BSPCore
import BSPDiagrams
import Testing

// The code of the "Drawing the Fabric" article (BSPDiagrams), compiled and run.

@Test func drawingTheFabricDrawsALiveFabricARunAndItsStructure() throws {
    let store = InMemoryAuditStore()
    let audit = AuditContext(store: store)
    let fabric = Fabric()
    let presentation = try audit.withCurrent {
        let service = LocationService()
        let presentation = LocationPresentation()
        try fabric.add(service)
        try fabric.add(presentation)
        try fabric.add(LocationBehaviour(service: service.ports, presentation: presentation.ports))
        return presentation
    }
    presentation.buttonTapped()

    let whatHappened = Topology(trail: store.trail)  // every notifier that carried something
    let whatIsConnected = Topology(live: audit)  // observers and handlers now
    print(whatIsConnected.merging(whatHappened).dot())  // or .mermaid()

    let diagram = SequenceDiagram(trail: store.trail)
    let mermaid = diagram.mermaid()  // for Markdown that renders Mermaid
    let svg = diagram.svg()  // a self-contained file any browser opens offline

    let trail = store.trail
    print(StructureReport(topology: Topology(trail: trail), trail: trail))

    let topology = Topology(trail: trail)
    for (actor, pattern) in topology.connectionPatterns {
        print(actor, pattern)  // /actor/service Operator (single-way in, single-way out)
    }
    let tangle = Topology(trail: trail).tangle
    print("\(tangle.crossings) of \(tangle.connections) connections cross")

    #expect(
        whatIsConnected.edges.contains(
            Topology.Edge(actor: "/actor/behaviour", notifier: presentation.events.uri, kind: .observes)))
    #expect(mermaid.hasPrefix("sequenceDiagram") && svg.hasPrefix("<?xml"))
    #expect(StructureReport(topology: whatHappened, trail: trail).violations.isEmpty)
    #expect(topology.connectionPattern(of: "/actor/service")?.name == .operator)
    #expect(tangle.crossings == 0 && tangle.connections == 2)
}

@Test func aRunIsExploredInABrowser() throws {
    let store = InMemoryAuditStore()
    let app = try AuditContext(store: store).withCurrent { try LocationApp() }
    app.presentation.buttonTapped()

    let page = TrailViewer(trail: store.trail, title: "Checkout run").html()

    #expect(page.contains("<title>Checkout run</title>") && page.contains("resolveLocation"))
}
