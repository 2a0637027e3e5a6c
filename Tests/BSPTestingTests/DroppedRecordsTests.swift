import BSPCore
import BSPTesting
import Testing

/// A fabric keeps its last `capacity` records: a check that needs the records it dropped
/// fails, naming how many, rather than pass on what it never saw.
@Suite("Checks of a fabric that dropped records")
struct DroppedRecordsTests {
    /// A fabric of capacity 10 that has sent a forbidden line and then 30 more.
    private func overflowedFabric(exhaustive: Bool = false) -> TestFabric<Quiet> {
        let fabric = TestFabric(capacity: 10, exhaustive: exhaustive ? [Quiet.uri] : []) { Quiet() }
        fabric.exercise(fabric.requests, "forbidden")
        for index in 0..<10 {
            fabric.exercise(fabric.requests, "filler \(index)")
        }
        return fabric
    }

    @Test func expectNoneFailsNamingWhatWasDropped() async {
        let fabric = overflowedFabric()

        let text = failureText { fabric.expect(none: ["forbidden"]) }

        #expect(text.contains("expect(none:)"))
        #expect(text.contains("dropped 23 records"))
        #expect(text.contains("TestFabric(capacity:"))
    }

    /// Accounts for every line the fabric kept, as a test expecting each would: the events (each
    /// request was an exercise, accounted for already).
    private func expectEveryKeptLine(of fabric: TestFabric<Quiet>) {
        fabric.expect(contains: fabric.transcript.lines.filter { $0.contains("<event>") })
    }

    @Test func anExhaustiveFinishFailsNamingWhatWasDropped() async {
        let fabric = overflowedFabric(exhaustive: true)
        expectEveryKeptLine(of: fabric)

        let text = await asyncFailureText { await fabric.finish() }

        #expect(text.contains("finish(): exhaustive"))
        #expect(text.contains("dropped 23 records"))
    }

    @Test func expectNothingElseFailsNamingWhatWasDropped() async {
        let fabric = overflowedFabric()
        expectEveryKeptLine(of: fabric)

        let text = failureText { fabric.expectNothingElse() }

        #expect(text.contains("dropped 23 records"))
        await fabric.finish()
    }

    @Test func aPositiveExpectationOfAKeptLineStillPasses() async {
        let fabric = overflowedFabric()

        fabric.expect(contains: ["heard filler 9"])
        await fabric.finish()
    }

    @Test func aPositiveExpectationThatFailsSaysWhatWasDropped() async {
        let fabric = overflowedFabric()

        let text = failureText { fabric.expect(contains: ["heard forbidden"]) }

        #expect(text.contains("dropped 23 records"))
        await fabric.finish()
    }

    @Test func nothingIsSaidOfDropsWhenNothingWasDropped() async {
        let fabric = TestFabric(capacity: 100) { Quiet() }
        fabric.exercise(fabric.requests, "fine")

        fabric.expect(none: ["forbidden"])
        expectEveryKeptLine(of: fabric)
        fabric.expectNothingElse()
        await fabric.finish()
    }

    @Test func whatWasDroppedBeforeTheArrangementWasAcceptedIsAccepted() async {
        let fabric = overflowedFabric(exhaustive: true)
        fabric.acceptArrangement()

        fabric.expectNothingElse()
        await fabric.finish()
    }
}

/// An actor as talkative as `Quiet`, under another URI.
final class Loud: UniqueActor {
    static let uri: ActorURI = "/actor/loud"
    let lifetime = ActorLifetime()
    let said = EventNotifier<String>(of: Loud.uri, named: "said")
    let requests = RequestNotifier<String, Void>(of: Loud.uri)

    init() {
        requests.handle(by: self) { loud, text in loud.said.emit("heard \(text)") }
    }
}

@Suite("Checks of a fabric that dropped records elsewhere")
struct DroppedElsewhereTests {
    /// A fabric of capacity 10 whose loud actor fills it, then one quiet exchange.
    private func fabric(exhaustive: Bool = false) -> TestFabric<(quiet: Quiet, loud: Loud)> {
        let fabric = TestFabric(capacity: 10, exhaustive: exhaustive ? [Quiet.uri] : []) {
            (quiet: Quiet(), loud: Loud())
        }
        for index in 0..<20 {
            fabric.exercise(fabric.system.loud.requests, "noise \(index)")
        }
        fabric.exercise(fabric.system.quiet.requests, "q")
        return fabric
    }

    @Test func aCheckOfAnotherActorNeedsNoneOfTheDroppedRecords() async {
        let fabric = fabric(exhaustive: true)

        fabric.expect(fabric.system.quiet.said, exactly: ["heard q", "and again q"])
        fabric.expectNothingElse(in: .under(Quiet.uri))
        fabric.expect(none: ["forbidden"], in: .under(Quiet.uri))
        await fabric.finish()
    }

    @Test func whatABlockWithoutExhaustivityRecordedNeedsNoExpectationEvenDropped() async {
        let fabric = TestFabric(capacity: 10, exhaustive: [Quiet.uri]) { Quiet() }
        fabric.withoutExhaustivity {
            for index in 0..<10 { fabric.exercise(fabric.requests, "arranged \(index)") }
        }
        fabric.exercise(fabric.requests, "acted")

        fabric.expect(fabric.said, exactly: ["heard acted", "and again acted"])
        fabric.expectNothingElse()
        await fabric.finish()
    }

    @Test func theOnlyMatchFailsWhenAnEarlierMatchWasDropped() async {
        let fabric = TestFabric(capacity: 10) { Quiet() }
        fabric.exercise(fabric.requests, "dup")
        for index in 0..<10 { fabric.exercise(fabric.requests, "filler \(index)") }
        fabric.exercise(fabric.requests, "dup")

        let text = failureText { fabric.expect(fabric.said, "heard dup", occurrence: .only) }

        #expect(text.contains("dropped"))
        fabric.expect(fabric.said, "heard dup", occurrence: .latest)
        await fabric.finish()
    }

    @Test func aGoldenTranscriptOfAFabricThatDroppedRecordsCannotCompare() async {
        let fabric = self.fabric()

        let text = failureText { fabric.expectTranscript(matchesGolden: "never-written") }

        #expect(text.contains("cannot compare"))
        #expect(text.contains("dropped 33 records"))
        await fabric.finish()
    }
}
