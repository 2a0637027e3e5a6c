import BSPCore
import Testing

// The code of "The Four Kinds of Interaction", compiled and run.

actor Geocoder: UniqueActor {
    static let uri: ActorURI = "/actor/service/geocoder"
    let lifetime = ActorLifetime()
    func place(for address: String) -> Place? { Place(name: address) }
}

struct Fix: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
}

/// Stands in for the OS's location manager: once told where to report, it reports three fixes
/// from a thread of its own.
final class LocationManager: Sendable {
    var onUpdate: @Sendable (Fix) -> Void {
        get { { _ in } }
        set {
            Task.detached {
                for degree in 0..<3 { newValue(Fix(latitude: Double(degree), longitude: 0)) }
            }
        }
    }
}

@MainActor
final class FixBehaviour {
    private(set) var fixes: [Fix] = []
    func handle(_ fix: Fix) { fixes.append(fix) }
}

/// A scope that reads its Service's events as an asynchronous sequence while it is active.
@MainActor
final class TrackingScope: @MainActor Scope {
    let uri: ActorURI = "/actor/behaviour/scope/tracking"
    let lifecycle = ScopeLifecycle()
    let service: LocationService.Ports
    private(set) var heard: [ServiceEvent] = []

    init(service: LocationService.Ports) { self.service = service }

    func activate() {
        let events = service.events.values()
        lifecycle.own(Task { for await event in events { handle(event) } })
    }

    private func handle(_ event: ServiceEvent) { heard.append(event) }
}

@MainActor
@Test func synchronousInteractionReturnsWhenEveryTargetHasRun() throws {
    let app = try LocationApp()
    let presentation = app.presentation
    let owner = NamedMeasure()
    let measureNotifier = RequestNotifier<String, Int>(of: "/actor/service/measure")
    measureNotifier.handle(by: owner) { _, text in text.count }
    let measure = measureNotifier.port
    let stack = ScopeStack(uri: "/actor/behaviour/stack")
    try stack.push(TrackingScope(service: app.service.ports))

    presentation.events.emit(.showLocationRequested)  // every observer has run when this returns
    let length = try measure.send("Bennelong Point")  // a RequestPort<String, Int>: the reply
    let records = try stack.suspend()  // each scope's record, bottom first

    #expect(presentation.label == "You are at Sydney")
    #expect(length == 15)
    #expect(records.map(\.scope) == ["/actor/behaviour/scope/tracking"])
}

final class NamedMeasure {}

@MainActor
@Test func aQueueCarriesFixesFromAnyThreadToItsConsumerInOrder() async throws {
    let locationManager = LocationManager()
    let behaviour = FixBehaviour()
    let consumer = Task { @MainActor in
        let fixes = QueuedNotifier<Fix>(of: "/actor/service/location", buffering: .keepingNewest(10))

        locationManager.onUpdate = { fix in fixes.send(fix) }  // any thread
        try await fixes.consume(by: "/actor/behaviour") { fix in behaviour.handle(fix) }  // the Behaviour's actor
    }
    while behaviour.fixes.count < 3 { await Task.yield() }
    consumer.cancel()
    try await consumer.value

    #expect(behaviour.fixes.map(\.latitude) == [0, 1, 2])
}

@Test func anAsynchronousRequestAwaitsItsReply() async throws {
    let geocoder = Geocoder()
    let lookups = AsyncRequestNotifier<String, Place?>(of: Geocoder.uri)
    lookups.handle(by: geocoder) { geocoder, address in await geocoder.place(for: address) }

    let place = try await lookups.port.send("Bennelong Point, Sydney")

    #expect(place == Place(name: "Bennelong Point, Sydney"))
}

@MainActor
@Test func aScopesTaskEndsWithItAndThePopAwaitsIt() async throws {
    let app = try LocationApp()
    let stack = ScopeStack(uri: "/actor/behaviour/stack")
    let scope = TrackingScope(service: app.service.ports)
    try stack.push(scope)
    app.presentation.buttonTapped()
    while scope.heard.isEmpty { await Task.yield() }

    let exit = try stack.pop()
    await exit?.awaitOwnedWork()  // nothing the scope started is running now

    #expect(scope.heard == [.locationResolved(Place(name: "Sydney"))])
}
