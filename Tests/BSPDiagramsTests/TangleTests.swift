import BSPCore
import BSPDiagrams
import TestSupport
import Testing

/// How tangled a fabric is: the crossings left in BSP's three-column drawing once each column
/// is ordered to cross as little as the search finds.
@Suite("Tangle")
struct TangleTests {
    /// A trail in which each `(from, to)` pair interacts once, by an event of `from`'s.
    static func trail(_ connections: [(String, String)]) -> AuditTrail {
        AuditTrail(
            connections.enumerated().map { index, connection in
                let (from, to) = connection
                return AuditRecord(
                    sequence: UInt64(index + 1), notifier: DiagramFixture.notifier(from, "event"), variety: .event,
                    source: try! ActorURI(validating: from), targets: [try! ActorURI(validating: to)],
                    notification: "n")
            })
    }

    @Test func aFabricThatCanBeDrawnWithoutCrossingsHasNone() {
        let tangle = Topology(
            trail: Self.trail([
                ("/actor/presentation/a", "/actor/behaviour/a"), ("/actor/behaviour/a", "/actor/service/a"),
                ("/actor/presentation/b", "/actor/behaviour/b"), ("/actor/behaviour/b", "/actor/service/b"),
            ])
        ).tangle

        #expect(tangle.crossings == 0)
        #expect(tangle.connections == 4)
    }

    @Test func connectionsThatMustCrossAreCounted() {
        // Two Presentation actors each talk to both Behaviour actors: K(2,2) drawn in two columns
        // crosses once, whichever way the columns are ordered.
        let tangle = Topology(
            trail: Self.trail([
                ("/actor/presentation/a", "/actor/behaviour/a"), ("/actor/presentation/a", "/actor/behaviour/b"),
                ("/actor/presentation/b", "/actor/behaviour/a"), ("/actor/presentation/b", "/actor/behaviour/b"),
            ])
        ).tangle

        #expect(tangle.crossings == 1)
    }

    @Test func orderingTheColumnsUndoesCrossingsThatNamesAloneWouldMake() {
        // Sorted by URI, a→z and z→a cross; ordered by the heuristic, they do not.
        let tangle = Topology(
            trail: Self.trail([
                ("/actor/presentation/a", "/actor/behaviour/z"), ("/actor/presentation/z", "/actor/behaviour/a"),
            ])
        ).tangle

        #expect(tangle.crossings == 0)
        #expect(tangle.columns[0].count == 2)
    }

    @Test func oneConnectionIsCountedOnceWhateverWayAndHowOftenItIsUsed() {
        let tangle = Topology(
            trail: Self.trail([
                ("/actor/presentation", "/actor/behaviour"), ("/actor/behaviour", "/actor/presentation"),
                ("/actor/presentation", "/actor/behaviour"),
            ])
        ).tangle

        #expect(tangle.connections == 1)
    }

    @Test func connectionsWithinAColumnCrossWhenTheirSpansInterleave() {
        // Four Behaviour actors, each talking to the other three, drawn as arcs beside one
        // column: whatever their order, the arcs from the first to the third and from the
        // second to the fourth interleave, once.
        let behaviours = ["a", "b", "c", "d"].map { "/actor/behaviour/\($0)" }
        var pairs: [(String, String)] = []
        for (index, one) in behaviours.enumerated() {
            for other in behaviours[(index + 1)...] { pairs.append((one, other)) }
        }

        let tangle = Topology(trail: Self.trail(pairs)).tangle

        #expect(tangle.connections == 6)
        #expect(tangle.crossings == 1)
    }

    @Test func aConnectionBetweenPresentationAndServiceCrossesTheBehaviourColumn() {
        // P→S passes through the Behaviour column, beside the path P'→B→S', which it need
        // not cross.
        let tangle = Topology(
            trail: Self.trail([
                ("/actor/presentation/a", "/actor/service/a"),
                ("/actor/presentation/b", "/actor/behaviour/m"), ("/actor/behaviour/m", "/actor/service/b"),
            ])
        ).tangle

        #expect(tangle.connections == 3)
        #expect(tangle.crossings == 0)
    }

    @Test func theReportGivesTheFigure() {
        let report = StructureReport(
            topology: Topology(
                trail: Self.trail([
                    ("/actor/presentation/a", "/actor/behaviour/a"), ("/actor/presentation/a", "/actor/behaviour/b"),
                    ("/actor/presentation/b", "/actor/behaviour/a"), ("/actor/presentation/b", "/actor/behaviour/b"),
                ])))

        #expect(report.description.contains("Tangle: 1 crossing among 4 connections"))
    }
}

@Suite("Tangle: the search")
struct TangleSearchTests {
    @Test func aSmallFabricThatCanBeDrawnWithoutCrossingsIsFoundSo() {
        // P: p1 p0 p2 | B: b2 b1 b0 | S: s1 s0 crosses nowhere; one start of the search did not find it.
        let pairs = [
            ("b0", "s0"), ("b1", "p1"), ("p2", "b0"), ("p0", "b1"), ("b0", "p0"), ("b2", "p1"), ("b1", "s1"),
        ].map { pair in
            let path = { (name: String) in
                "/actor/\(["p": "presentation", "b": "behaviour", "s": "service"][String(name.prefix(1)), default: ""])/\(name)"
            }
            return (path(pair.0), path(pair.1))
        }

        #expect(Topology(trail: TangleTests.trail(pairs)).tangle.crossings == 0)
    }

    @Test func theSameConnectionsGiveTheSameFigureEveryTime() {
        var generator = SeededRandom(seed: 7)
        let names = (0..<12).map { "/actor/\(["presentation", "behaviour", "service"][$0 % 3])/a\($0)" }
        let pairs = (0..<30).map { _ in
            (names.randomElement(using: &generator)!, names.randomElement(using: &generator)!)
        }
        .filter { $0.0 != $0.1 }
        let topology = Topology(trail: TangleTests.trail(pairs))

        #expect(Set((0..<5).map { _ in topology.tangle }).count == 1)
    }
}
