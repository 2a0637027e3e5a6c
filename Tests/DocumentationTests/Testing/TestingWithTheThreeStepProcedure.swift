import BSPCore
import BSPTesting
import Testing

// The code of the BSPTesting catalog's articles, compiled and run.

@Test func tappingTheButtonPresentsTheLocation() throws {
    let app = try TestFabric { try LocationApp(locate: { "Sydney" }) }

    app.exercise(app.presentation.events, .showLocationTapped)

    app.expect(inOrder: [
        "/actor/service/notifier/request <request>: resolveLocation",
        "/actor/presentation/notifier/request <request>: show(",
    ])
    app.expectNothingElse(in: .under("/actor/presentation"))
}

@Test func behaviourAsksTheServiceWhenTheUserAsks() {
    let b = TestFabric {
        let service = MockActor<ServiceRequest, Void, ServiceEvent>("/actor/service") { _ in
            [.resolved("Sydney")]
        }
        let presentation = MockActor<PresentationRequest, Void, PresentationEvent>("/actor/presentation")
        let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
        return (service: service, presentation: presentation, behaviour: behaviour)
    }

    b.exercise(b.presentation.events, .showLocationTapped)

    b.expect(exactly: [
        "/actor/service/notifier/request <request>: resolveLocation ← #1",
        "/actor/service/notifier/event <event>: resolved(\"Sydney\") ← #2",
        "/actor/presentation/notifier/request <request>: show(\"Sydney\") ← #3",
    ])
}

@Test func serviceReportsWhatTheOSSays() throws {
    let s = TestFabric { LocationService { nil } }  // no fix

    s.exercise(s.requests, .resolveLocation)

    s.expect(
        exactly: ["<event>: failed(\"no fix\")"],
        in: TranscriptFilter.all.ignoring("/actor/service/analytics"))
}

@Test func presentationShowsWhatItIsAsked() throws {
    let p = TestFabric { LocationPresentation() }

    p.exercise(p.requests, .show("Hobart"))

    #expect(p.label == "You are at Hobart")
}

@Test func withoutAFixTheUserSeesAnError() throws {
    let bs = TestFabric {
        let service = LocationService { nil }
        let presentation = MockActor<PresentationRequest, Void, PresentationEvent>("/actor/presentation")
        return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
    }

    bs.exercise(bs.system.1.events, .showLocationTapped)

    bs.expect(inOrder: ["resolveLocation", "failed(\"no fix\")", "showError(\"no fix\")"])
}

@Test func theLabelShowsTheResolvedPlace() throws {
    let bp = TestFabric {
        let service = MockActor<ServiceRequest, Void, ServiceEvent>("/actor/service") { _ in [.resolved("Perth")] }
        let presentation = LocationPresentation()
        return (service, presentation, LocationBehaviour(service: service.ports, presentation: presentation.ports))
    }

    bp.system.1.tapShowLocation()

    #expect(bp.system.1.label == "You are at Perth")
}

@Test func fromTapToLabel() throws {
    let bsp = try TestFabric { try LocationApp(locate: { "Darwin" }) }

    bsp.presentation.tapShowLocation()

    bsp.expect(inOrder: [
        "/actor/presentation/notifier/event <event>: showLocationTapped",
        "/actor/service/notifier/request <request>: resolveLocation",
        "/actor/presentation/notifier/request <request>: show(\"Darwin\")",
    ])
    bsp.expect(count: 1, of: "location requested", in: .under("/actor/service/analytics"))
    bsp.expectNothingElse(in: .under("/actor/presentation"))
    bsp.expect(none: ["showError"])
    bsp.expectBSPRules()
}

/// The evaluator of the "Pure decisions" example: tapping the background shows the toolbar and
/// schedules its hiding.
enum PlayerControls {
    struct Model: Equatable { var toolbarVisible: Bool }
    enum Event { case backgroundTapped }
    enum Effect: Equatable {
        case showToolbar
        case scheduleHide(seconds: Int)
    }

    static func evaluate(_ model: Model, _ event: Event) -> (model: Model, effects: [Effect]) {
        (Model(toolbarVisible: true), [.showToolbar, .scheduleHide(seconds: 4)])
    }
}

@Test func pureDecisionsAreSpecifiedGivenWhenThen() {
    BehaviourSpec(PlayerControls.evaluate)
        .given(.init(toolbarVisible: false))
        .when(.backgroundTapped)
        .then(model: .init(toolbarVisible: true), effects: [.showToolbar, .scheduleHide(seconds: 4)])
}

struct Account { var id: String }

final class DetailScope: Scope {
    let uri: ActorURI = "/actor/behaviour/scope/detail"
    let lifecycle = ScopeLifecycle()
    let account: Account
    init(account: Account) { self.account = account }
}

@Test func aPoppedScopeIsReleased() throws {
    let stack = ScopeStack(uri: "/actor/behaviour/stack")
    let savings = Account(id: "S-1")
    try stack.push(DetailScope(account: savings))
    try stack.popExpectingRelease()
}

@Test func workLeftInFlightIsCancelledOnPurpose() async throws {
    let app = try TestFabric { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)
    app.cancelInFlightWork()  // tasks still running that the test is done with
    await app.finish()
}

func expectShown(
    _ place: String, in app: TestFabric<LocationApp>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    app.expect(app.presentation.requests, .show(place), fileID: fileID, filePath: filePath, line: line, column: column)
}

@Test func aHelperReportsAtTheTestsLine() throws {
    let app = try TestFabric { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)
    expectShown("Darwin", in: app)
}

@Test func orderAcrossNotifiersIsTyped() throws {
    let app = try TestFabric { try LocationApp(locate: { "Darwin" }) }
    app.exercise(app.presentation.events, .showLocationTapped)
    app.expect(inOrder: [
        .on(app.service.requests, .resolveLocation),
        .on(app.presentation.requests, .show("Darwin")),
    ])
}
