import BSPCore
import BSPTesting
import Testing

/// The BSP test procedure at every level: B, S and P alone, B+S, B+P, and the whole system.
@Suite("Three-step procedure")
struct ThreeStepProcedureTests {
    @Test func behaviourAloneAsksTheServiceWhenTheUserAsks() {
        let b = TestFabric {
            let service = MockActor<ServiceRequest, Void, ServiceEvent>("/actor/service") { _ in [.resolved("Sydney")] }
            let presentation = MockActor<PresentationRequest, Void, PresentationEvent>("/actor/presentation")
            let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
            return (service: service, presentation: presentation, behaviour: behaviour)
        }

        b.exercise(b.presentation.events, .showLocationTapped)

        // The exercised event is the test's input; the rest is the system's response.
        b.expect(exactly: [
            "/actor/service/notifier/request <request>: resolveLocation ← #1",
            "/actor/service/notifier/event <event>: resolved(\"Sydney\") ← #2",
            "/actor/presentation/notifier/request <request>: show(\"Sydney\") ← #3",
        ])
        #expect(b.presentation.received == [.show("Sydney")])
    }

    @Test func serviceAloneReportsWhatTheOSSays() throws {
        let s = TestFabric { LocationService { nil } }

        s.exercise(s.requests, .resolveLocation)

        s.expect(
            exactly: ["<event>: failed(\"no fix\")"], in: TranscriptFilter.all.ignoring("/actor/service/analytics"))
        s.expectNothingElse(in: TranscriptFilter.all.ignoring("/actor/service/analytics"))
    }

    @Test func presentationAloneTurnsATapIntoAnIntentAndShowsWhatItIsAsked() throws {
        let p = TestFabric { LocationPresentation() }

        p.system.tapShowLocation()  // through the UI's own action
        p.exercise(p.requests, .show("Hobart"))

        p.expect(exactly: ["<event>: showLocationTapped"])
        #expect(p.label == "You are at Hobart")
    }

    @Test func behaviourWithTheRealServiceShowsAnErrorWithoutAFix() throws {
        let bs = TestFabric {
            let service = LocationService { nil }
            let presentation = MockActor<PresentationRequest, Void, PresentationEvent>("/actor/presentation")
            return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
        }

        bs.exercise(bs.system.1.events, .showLocationTapped)

        bs.expect(inOrder: ["resolveLocation", "failed(\"no fix\")", "showError(\"no fix\")"])
        bs.expectNothingElse(in: .under("/actor/presentation").ignoring("/actor/service/analytics"))
    }

    @Test func behaviourWithTheRealPresentationUpdatesTheLabel() throws {
        let bp = TestFabric {
            let service = MockActor<ServiceRequest, Void, ServiceEvent>("/actor/service") { _ in [.resolved("Perth")] }
            let presentation = LocationPresentation()
            return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
        }

        bp.system.1.tapShowLocation()

        bp.expect(contains: ["show(\"Perth\")"], in: .under("/actor/presentation"))
        #expect(bp.system.1.label == "You are at Perth")
    }

    @Test func theWholeSystemFromTapToLabel() throws {
        let bsp = TestFabric {
            let service = LocationService { "Darwin" }
            let presentation = LocationPresentation()
            return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
        }

        bsp.system.1.tapShowLocation()

        bsp.expect(inOrder: [
            "/actor/presentation/notifier/event <event>: showLocationTapped",
            "/actor/service/notifier/request <request>: resolveLocation",
            "/actor/presentation/notifier/request <request>: show(\"Darwin\")",
        ])
        bsp.expect(count: 1, of: "location requested", in: .under("/actor/service/analytics"))
        bsp.expectNothingElse(in: .under("/actor/presentation"))
        bsp.expect(none: ["showError"])
        #expect(bsp.system.1.label == "You are at Darwin")
    }
}
