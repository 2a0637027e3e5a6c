import BSPCore
import BSPTesting
import Foundation
import Testing

@testable import location_button

@Suite("LocationButton example")
struct LocationButtonTests {
    static let opera = Place(name: "Opera House", latitude: -33.86, longitude: 151.21)

    @Test func tappingTheButtonPresentsTheResolvedLocation() throws {
        let app = try TestFabric { try LocationApp { Self.opera } }

        app.exercise(app.presentation.events, .showLocationRequested)

        #expect(app.presentation.label == "You are at Opera House (-33.86, 151.21)")
        #expect(
            app.transcript.lines == [
                "#1 /actor/presentation/notifier/event <event>: showLocationRequested",
                "#2 /actor/service/notifier/request <request>: resolveLocation ← #1",
                "#3 /actor/service/notifier/event <event>: locationResolved(Opera House (-33.86, 151.21)) ← #2",
                "#4 /actor/presentation/notifier/request <request>: present(Opera House (-33.86, 151.21)) ← #3",
            ])
        let records = app.transcript.records
        #expect(records[0].targets == ["/actor/behaviour"])
        #expect(records[1].source == "/actor/behaviour")
        #expect(records[3].source == "/actor/behaviour")
        #expect(app.faults.isEmpty)
    }

    @Test func theWholeRunOfATapMatchesItsGoldenTranscript() async throws {
        let app = try TestFabric(exhaustive: ["/actor/presentation"]) { try LocationApp { Self.opera } }

        app.exercise(app.presentation.events, .showLocationRequested)

        app.expectTranscript(matchesGolden: "tap-presents-the-location")
        app.expect(contains: ["present(Opera House"])
        await app.finish()
    }

    @Test func withoutAFixThePresentationShowsTheError() throws {
        let app = try TestFabric { try LocationApp { nil } }

        app.exercise(app.presentation.events, .showLocationRequested)

        #expect(app.presentation.label == "Location unavailable: no fix")
        #expect(app.transcript.lines.last?.contains("presentError(\"no fix\")") == true)
    }

    @Test func theServiceAloneAnswersItsRequest() throws {
        let service = TestFabric { LocationService { Self.opera } }

        service.exercise(service.requests, .resolveLocation)

        #expect(
            service.transcript.lines == [
                "#1 /actor/service/notifier/request <request>: resolveLocation",
                "#2 /actor/service/notifier/event <event>: locationResolved(Opera House (-33.86, 151.21)) ← #1 [unobserved]",
            ])
    }

    @Test func theAppsActorsHaveDistinctURIsInOneFabric() throws {
        let app = try LocationApp { nil }
        #expect(app.fabric.actors.map(\.uri) == ["/actor/service", "/actor/presentation", "/actor/behaviour"])
        #expect(throws: FabricError.duplicateActor("/actor/service")) {
            try app.fabric.add(LocationService { nil })
        }
    }

    @Test func theExecutablePrintsTheScreenAndTheTranscript() throws {
        let output = try run(product: "location-button")

        #expect(output.contains("Screen: You are at Sydney Opera House (-33.8568, 151.2153)"))
        #expect(output.contains("#1 /actor/presentation/notifier/event <event>: showLocationRequested"))
        #expect(output.contains("#4 /actor/presentation/notifier/request <request>: present(Sydney Opera House"))
    }
}
