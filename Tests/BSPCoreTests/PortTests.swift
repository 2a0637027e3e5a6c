import BSPCore
import Testing

/// Peers see each other through ports: they send requests and observe events, never emit or
/// handle, and holding a port keeps nothing alive.
@Suite("Ports")
struct PortTests {
    final class Service: UniqueActor {
        typealias Ports = ActorPorts<String, Void, String>
        static let uri: ActorURI = "/actor/service"
        let lifetime = ActorLifetime()
        let requests = RequestNotifier<String, Void>(of: Service.uri)
        let events = EventNotifier<String>(of: Service.uri)
        var ports: Ports { Ports(requests: requests, events: events) }
        init() { requests.handle(by: self) { service, request in service.events.emit("did \(request)") } }
    }

    /// A Behaviour written the shortest way: its handler captures the peer's ports.
    final class Behaviour: UniqueActor {
        static let uri: ActorURI = "/actor/behaviour"
        let lifetime = ActorLifetime()
        private(set) var heard: [String] = []
        init(service: Service.Ports, intents: EventPort<String>) {
            intents.observe(by: self) { _, intent in service.requests.send(intent) }
            service.events.observe(by: self) { behaviour, event in behaviour.heard.append(event) }
        }
    }

    @Test func anObserverThatObservedTheShortestWayIsReleasedWithItsOwner() {
        let service = Service()
        let intents = EventNotifier<String>(of: "/actor/presentation")
        weak var released: Behaviour?
        do {
            let behaviour = Behaviour(service: service.ports, intents: intents.port)
            released = behaviour
            intents.emit("tap")
            #expect(behaviour.heard == ["did tap"])
        }

        #expect(released == nil)
        intents.emit("tap again")
        #expect(intents.observerCount == 0 && service.events.observerCount == 0)
    }

    @Test func holdingAPeersPortsKeepsItsNotifiersButNotThePeerNorWhatItsHandlersCaptured() {
        let intents = EventNotifier<String>(of: "/actor/presentation")
        weak var releasedService: Service?
        weak var releasedCapture: NamedActor?
        let behaviour: Behaviour
        do {
            let service = Service()
            let capture = NamedActor("/actor/captured")
            service.events.observe(by: service) { _, _ in withExtendedLifetime(capture) {} }
            releasedService = service
            releasedCapture = capture
            behaviour = Behaviour(service: service.ports, intents: intents.port)
        }

        // The Behaviour's port keeps the Service's event notifier, and the observation the
        // Service made on it: its lifetime let go of what the handler captured.
        #expect(releasedService == nil && releasedCapture == nil)
        withExtendedLifetime(behaviour) {}
    }

    @Test func aRequestThroughThePortOfAnActorThatHasGoneIsRecordedAndReported() throws {
        let recording = Recording()
        let (oneWay, twoWay): (RequestPort<String, Void>, RequestPort<String, Int>) = recording.context.withCurrent {
            (Service().requests.port, RequestNotifier<String, Int>(of: "/actor/service", named: "count").port)
        }

        oneWay.send("anything")
        #expect(throws: NotifierError.unhandledRequest(twoWay.uri)) { try twoWay.send("x") }

        #expect(recording.faults.all == [.unhandledRequest(oneWay.uri)])
        #expect(
            recording.lines == [
                "#1 /actor/service/notifier/request <request>: anything [undelivered]",
                "#2 /actor/service/notifier/count <request>: x [undelivered]",
            ])
    }

    @Test func observingThroughThePortOfAnActorThatHasGoneObservesANotifierNobodyEmitsOn() {
        let recording = Recording()
        let port = EventNotifier<String>(of: "/actor/service", audit: recording.context).port
        let observer = NamedActor("/actor/behaviour")

        port.observe(by: observer) { _, _ in Issue.record("nothing can emit") }
        let token = port.observe { _ in Issue.record("nothing can emit") }

        #expect(!token.isCancelled)
        #expect(port.uri.path == "/actor/service/notifier/event")
        #expect(recording.faults.all.isEmpty && recording.store.records.isEmpty)
        withExtendedLifetime(observer) {}
    }

    @Test func anActorNamesItsNotifiersOnceOnItsType() {
        let service = Service()

        #expect(service.uri == "/actor/service")
        #expect(service.requests.uri.path == "/actor/service/notifier/request")
        #expect(service.ports.uri == service.uri)
        #expect(service.ports.events.uri == service.events.uri)
    }

    @Test func anEventEmittedByAnotherActorsHandlerNamesThatActorAsItsSource() {
        let recording = Recording()
        let (presentationEvents, serviceEvents) = recording.context.withCurrent {
            (EventNotifier<String>(of: "/actor/presentation"), EventNotifier<String>(of: "/actor/service"))
        }
        let intruder = NamedActor("/actor/behaviour")
        // A Behaviour holding the Service's notifier itself — not its port — could forge it.
        presentationEvents.observe(by: intruder) { _, intent in serviceEvents.emit("forged \(intent)") }

        presentationEvents.emit("tap")
        serviceEvents.emit("real")

        let sources = recording.store.records.map(\.source)
        #expect(sources == ["/actor/presentation", "/actor/behaviour", "/actor/service"])
    }

    /// A peer whose request handler sends to the other peer through the port it captured.
    final class Peer: BSPActor {
        let uri: ActorURI
        let lifetime = ActorLifetime()
        let requests: RequestNotifier<Int, Void>
        init(_ uri: ActorURI) {
            self.uri = uri
            requests = RequestNotifier(of: uri)
        }
        func talk(to other: RequestPort<Int, Void>) {
            requests.handle(by: self) { _, hops in if hops > 0 { other.send(hops - 1) } }
        }
    }

    /// Each peer's handler captures the other's port, so each notifier's handler reaches the
    /// other notifier: ports that held their notifiers would keep both notifiers, and both
    /// handlers, alive for ever once the peers had gone.
    @Test func twoPeersWhoseHandlersCaptureEachOthersPortsAreReleasedWithThem() {
        weak var first: RequestNotifier<Int, Void>?
        weak var second: RequestNotifier<Int, Void>?
        do {
            let a = Peer("/actor/a")
            let b = Peer("/actor/b")
            a.talk(to: b.requests.port)
            b.talk(to: a.requests.port)
            a.requests.send(3)
            first = a.requests
            second = b.requests
        }

        #expect(first == nil && second == nil)
    }

    /// A peer answering asynchronous requests by asking the other peer, through the port its
    /// handler captured.
    final class AsyncPeer: BSPActor, Sendable {
        let uri: ActorURI
        let lifetime = ActorLifetime()
        let requests: AsyncRequestNotifier<Int, Int>
        init(_ uri: ActorURI) {
            self.uri = uri
            requests = AsyncRequestNotifier(of: uri)
        }
        func talk(to other: AsyncRequestPort<Int, Int>) {
            requests.handle(by: self) { _, hops in
                hops > 0 ? ((try? await other.send(hops - 1)) ?? -1) + 1 : 0
            }
        }
    }

    @Test func twoAsynchronousPeersWhoseHandlersCaptureEachOthersPortsAreReleasedWithThem() async throws {
        weak var first: AsyncRequestNotifier<Int, Int>?
        weak var second: AsyncRequestNotifier<Int, Int>?
        do {
            let a = AsyncPeer("/actor/a")
            let b = AsyncPeer("/actor/b")
            a.talk(to: b.requests.port)
            b.talk(to: a.requests.port)
            #expect(try await a.requests.send(3) == 3)
            first = a.requests
            second = b.requests
        }

        #expect(first == nil && second == nil)
    }
}
