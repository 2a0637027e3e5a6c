@_spi(Inspection) import BSPCore
import Testing

/// Reflection — `dump`, `Mirror`, `String(reflecting:)`, and so the text of a failed `#expect` —
/// reads every stored property of what it is given. It must never stop the program, whatever
/// observers and owners have gone.
@Suite("Reflection")
struct ReflectionTests {
    final class Observer: BSPActor {
        let uri: ActorURI = "/actor/observer"
        let lifetime = ActorLifetime()
    }

    final class Service: UniqueActor {
        typealias Ports = ActorPorts<String, Int, String>
        static let uri: ActorURI = "/actor/service"
        let lifetime = ActorLifetime()
        let requests = RequestNotifier<String, Int>(of: Service.uri)
        let events = EventNotifier<String>(of: Service.uri)
        var ports: Ports { Ports(requests: requests, events: events) }
    }

    final class Screen: Scope {
        let uri: ActorURI = "/actor/behaviour/scope/screen"
        let lifecycle = ScopeLifecycle()
        let intents = EventNotifier<String>(of: "/actor/behaviour/scope/screen", named: "intent")
    }

    /// Walks every child of `subject`'s mirror, as a debugger or a failure message would, and
    /// returns how many it met.
    private func reflectEverything(_ subject: Any, depth: Int = 0) -> Int {
        guard depth < 12 else { return 0 }
        let mirror = Mirror(reflecting: subject)
        var count = 0
        for child in mirror.children {
            _ = String(describing: child.value)
            count += 1 + reflectEverything(child.value, depth: depth + 1)
        }
        return count
    }

    private func dumped(_ subject: Any) -> String {
        var text = ""
        dump(subject, to: &text)
        return text
    }

    /// Whether anything reachable by reflection from `subject` is a notifier.
    private func reachesANotifier(_ subject: Any, depth: Int = 0) -> Bool {
        guard depth < 12 else { return false }
        if subject is any InspectableNotifier { return true }
        return Mirror(reflecting: subject).children.contains { reachesANotifier($0.value, depth: depth + 1) }
    }

    /// A port is a capability: reflection shows its notifier's URI, never the notifier, through
    /// which a peer could reach the handler only the owner may install.
    @Test func aPortsReflectionShowsItsURIAndNothingItHolds() {
        let service = Service()
        let lookups = AsyncRequestNotifier<String, Int>(of: "/actor/service/geocoder")
        let ports: [Any] = [service.ports, service.requests.port, service.events.port, lookups.port]

        for port in ports {
            #expect(!reachesANotifier(port), "\(type(of: port))")
        }
        #expect(Mirror(reflecting: service.requests.port).children.map(\.label) == ["uri"])
        #expect(String(reflecting: service.events.port).contains("/actor/service/notifier/event"))
    }

    @Test func notifiersAndPortsWhoseObserversAndOwnersHaveGoneCanBeReflected() {
        let service = Service()
        do {
            let observer = Observer()
            service.events.observe(by: observer) { _, _ in }
            service.requests.handle(by: observer) { _, request in request.count }
        }
        let ports = service.ports

        for subject in [service.events, service.requests, ports.events, ports.requests, service, ports] as [Any] {
            #expect(!dumped(subject).isEmpty)
            _ = reflectEverything(subject)
            _ = String(reflecting: subject)
        }
        #expect(dumped(service.events).contains("/actor/service/notifier/event"))
    }

    @Test func aScopeWhoseObserversHaveGoneCanBeReflectedBeforeAndAfterItsPop() throws {
        let stack = ScopeStack(uri: "/actor/behaviour/stack")
        let screen = Screen()
        do {
            let observer = Observer()
            screen.intents.observe(by: observer) { _, _ in }
        }
        try stack.push(screen)
        _ = reflectEverything(screen)
        #expect(!dumped(stack).isEmpty)

        _ = try stack.pop()

        #expect(dumped(screen).contains("/actor/behaviour/scope/screen"))
        _ = reflectEverything(stack)
    }

    @Test func aFailedExpectationMentioningANotifierWhoseObserverHasGoneIsReportedNotFatal() {
        let notifier = EventNotifier<Int>(of: "/actor/source")
        do {
            let observer = Observer()
            notifier.observe(by: observer) { _, _ in }
        }
        // What a failing `#expect(notifier.observerCount == 1)` would render of its operand.
        let description = String(reflecting: notifier)
        #expect(description.contains("EventNotifier"))
    }
}
