import BSPCore
import BSPTesting
import Testing

// The README's Behaviour at every level of the BSP test procedure, with the library's
// stand-ins in place of the actors a level leaves out: B, B+S, B+P and BSP.

@Test func theBehaviourAloneAsksForTheLocationAndPresentsIt() {
    let app = TestFabric {
        let service = MockActor<ServiceRequest, Void, ServiceEvent>(LocationService.uri) { _ in
            [.locationResolved(Place(name: "Sydney"))]
        }
        let presentation = MockActor<PresentationRequest, Void, PresentationEvent>(LocationPresentation.uri)
        let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
        return (service: service, presentation: presentation, behaviour: behaviour)
    }

    app.exercise(app.presentation.events, .showLocationRequested)  // 1. exercise

    app.expect(inOrder: [  // 2. record, 3. match
        "/actor/service/notifier/request <request>: resolveLocation",
        "/actor/presentation/notifier/request <request>: present(Sydney)",
    ])
    app.expectNothingElse(in: .under("/actor/presentation"))
}

@Test func theBehaviourWithTheRealServicePresentsWhatTheServiceResolved() {
    let app = TestFabric {
        let service = LocationService()
        let presentation = MockActor<PresentationRequest, Void, PresentationEvent>(LocationPresentation.uri)
        let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
        return (service: service, presentation: presentation, behaviour: behaviour)
    }

    app.exercise(app.presentation.events, .showLocationRequested)

    app.expect(exactly: [
        "/actor/service/notifier/request <request>: resolveLocation ← #1",
        "/actor/service/notifier/event <event>: locationResolved(Sydney) ← #2",
        "/actor/presentation/notifier/request <request>: present(Sydney) ← #3",
    ])
    #expect(app.presentation.received == [.present(Place(name: "Sydney"))])
}

@Test func theBehaviourWithTheRealPresentationShowsTheLabel() {
    let app = TestFabric {
        let service = MockActor<ServiceRequest, Void, ServiceEvent>(LocationService.uri) { _ in
            [.locationResolved(Place(name: "Darwin"))]
        }
        let presentation = LocationPresentation()
        let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
        return (service: service, presentation: presentation, behaviour: behaviour)
    }

    app.presentation.buttonTapped()

    #expect(app.presentation.label == "You are at Darwin")
    #expect(app.service.received == [.resolveLocation])
    app.expect(count: 1, of: "present(Darwin)", in: .under("/actor/presentation"))
}

@Test func theWholeAppKeepsBSPsRules() {
    let app = TestFabric {
        let service = LocationService()
        let presentation = LocationPresentation()
        let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
        return (service: service, presentation: presentation, behaviour: behaviour)
    }

    app.presentation.buttonTapped()

    #expect(app.presentation.label == "You are at Sydney")
    app.expect(exactly: [
        "/actor/presentation/notifier/event <event>: showLocationRequested",
        "/actor/service/notifier/request <request>: resolveLocation ← #1",
        "/actor/service/notifier/event <event>: locationResolved(Sydney) ← #2",
        "/actor/presentation/notifier/request <request>: present(Sydney) ← #3",
    ])
    app.expectBSPRules()
}
