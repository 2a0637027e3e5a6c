@_spi(Inspection) import BSPCore
import Foundation
import Observation
import Testing

// The code of "Scopes and the Scope Stack", compiled and run.

final class ConfirmationScope: Scope {
    let uri: ActorURI = "/actor/behaviour/scope/confirmation"
    let lifecycle = ScopeLifecycle()
    var answer = true
    var result: (any Sendable)? { answer }
}

final class WebURLPresentationScope: PresentationScope {
    let uri: ActorURI = "/actor/presentation/scope/web-url"
    let lifecycle = ScopeLifecycle()
    var view: String { "web page" }
}

final class WebURLScope: Scope {
    let uri: ActorURI = "/actor/behaviour/scope/web-url"
    let lifecycle = ScopeLifecycle()
    let companion: (any Scope)? = WebURLPresentationScope()
    let requests = RequestNotifier<URL, Void>(of: "/actor/behaviour/scope/web-url")
    let service: LocationService.Ports

    init(service: LocationService.Ports) {
        self.service = service
        requests.handle(by: self) { scope, url in scope.open(url) }  // refused once popped
    }

    func activate() {
        service.events.observe(by: self) { scope, event in scope.show(event) }  // ends on deactivation
        lifecycle.own(Task { await WebURLScope.prefetch() })  // cancelled on deactivation
    }
}

extension WebURLScope {
    func open(_ url: URL) {}
    func show(_ event: ServiceEvent) {}
    static func prefetch() async {}
}

@MainActor
final class SettingsScreen: @MainActor PresentationScope {
    let uri: ActorURI = "/actor/presentation/scope/settings"
    let lifecycle = ScopeLifecycle()
    private(set) var title = "Settings"
    var view: String { title }

    func activate() { title = "Settings (active)" }
}

/// A scope of the suspend example, whose session key the portal may refuse on resumption.
final class SessionScope: Scope {
    let uri: ActorURI = "/actor/behaviour/scope/session"
    let lifecycle = ScopeLifecycle()
    let keyAccepted: Bool
    init(keyAccepted: Bool) { self.keyAccepted = keyAccepted }
    func resume(from record: ScopeRecord) -> ResumeDecision {
        keyAccepted ? .proceed : .refuse(reason: "the one-time key expired")
    }
}

@Test func aPoppedScopeHandsBackItsResult() throws {
    let presentation = ScopeStack(uri: "/actor/presentation/stack")
    let behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation)

    try behaviour.push(ConfirmationScope())
    // … the user answers …
    let exit = try behaviour.pop()
    let confirmed = exit?.result(as: Bool.self)

    #expect(confirmed == true)
}

@Test func whatAScopeOwnsEndsWithIt() throws {
    let faults = Locked<[NotifierError]>([])
    let audit = AuditContext { fault in if let fault = fault as? NotifierError { faults.withLock { $0.append(fault) } }
    }
    let app = try LocationApp()
    let presentation = ScopeStack(uri: "/actor/presentation/stack")
    let behaviour = ScopeStack(uri: "/actor/behaviour/stack", companions: presentation)
    let web = audit.withCurrent { WebURLScope(service: app.service.ports) }
    try behaviour.push(web)
    #expect(presentation.topView(as: String.self) == "web page")
    web.requests.send(URL(fileURLWithPath: "/"))

    try behaviour.pop()
    web.requests.send(URL(fileURLWithPath: "/"))

    #expect(faults.withLock { $0 } == [.scopeTerminated(web.requests.uri, scope: web.uri)])
    #expect(app.service.events.observerCount == 1)  // the Behaviour's; the scope's has ended
}

@Test func theTopViewIsObservable() throws {
    let presentation = ScopeStack(uri: "/actor/presentation/stack")
    let changes = Tally()
    var rendered: [String?] = []
    func render(_ view: String?) { rendered.append(view) }

    withObservationTracking {
        render(presentation.topView(as: String.self))
    } onChange: {
        changes.increment()  // the top view changed: render again
    }
    try presentation.push(WebURLPresentationScope())

    #expect(rendered == [nil])
    #expect(changes.count == 1)
}

@MainActor
@Test func aMainActorScopeIsPushedAndPopped() throws {
    let presentation = ScopeStack(uri: "/actor/presentation/stack")
    let settings = SettingsScreen()

    try presentation.push(settings)
    #expect(presentation.topView(as: String.self) == "Settings (active)")
    try presentation.pop()

    #expect(settings.lifecycle.state == .terminated)
}

@Test(arguments: [true, false])
func suspendedScopesResumeAsFarAsTheyMay(keyAccepted: Bool) throws {
    let stack = ScopeStack(
        uri: "/actor/behaviour/stack", companions: ScopeStack(uri: "/actor/presentation/stack"))
    let hosting = ConfirmationScope()
    try stack.push(hosting)
    try stack.push(SessionScope(keyAccepted: keyAccepted))
    try stack.push(WebURLScope(service: LocationService().ports))
    var logged: [String] = []
    func log(_ line: String) { logged.append(line) }
    func makeScope(_ record: ScopeRecord) -> (any Scope)? {
        record.scope.segments.last == "session"
            ? SessionScope(keyAccepted: keyAccepted) : WebURLScope(service: LocationService().ports)
    }

    let records = try stack.suspend(above: hosting.uri)  // bottom first, Codable
    switch try stack.resume(from: records, make: makeScope) {
    case .completed: break  // back on the recorded screen
    case .stopped(let scope, let reason, _):  // e.g. the login screen
        log("resume stopped at \(scope): \(reason)")
    }

    #expect(records.map { $0.scope.segments.last } == ["session", "web-url"])
    #expect(
        logged == (keyAccepted ? [] : ["resume stopped at /actor/behaviour/scope/session: the one-time key expired"]))
}

/// A count that any thread may bump.
final class Tally: Sendable {
    private let value = Locked(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
}
