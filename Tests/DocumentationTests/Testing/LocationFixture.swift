// The fixture of the "Testing with the Three-Step Procedure" article: a location app whose
// Service also reports analytics, and whose location can fail.

import BSPCore
import BSPTesting

enum ServiceRequest: Equatable { case resolveLocation }
enum ServiceEvent: Equatable {
    case resolved(String)
    case failed(String)
}
enum PresentationRequest: Equatable {
    case show(String)
    case showError(String)
}
enum PresentationEvent: Equatable { case showLocationTapped }

final class LocationService: UniqueActor {
    static let uri: ActorURI = "/actor/service"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<ServiceRequest, Void>(of: LocationService.uri)
    let events = EventNotifier<ServiceEvent>(of: LocationService.uri)
    let analytics = EventNotifier<String>(of: "/actor/service/analytics")
    private let locate: () -> String?

    init(locate: @escaping () -> String?) {
        self.locate = locate
        requests.handle(by: self) { service, _ in
            service.analytics.emit("location requested")
            if let place = service.locate() {
                service.events.emit(.resolved(place))
            } else {
                service.events.emit(.failed("no fix"))
            }
        }
    }

    var ports: ActorPorts<ServiceRequest, Void, ServiceEvent> { ActorPorts(requests: requests, events: events) }
}

final class LocationPresentation: UniqueActor {
    static let uri: ActorURI = "/actor/presentation"
    let lifetime = ActorLifetime()
    let requests = RequestNotifier<PresentationRequest, Void>(of: LocationPresentation.uri)
    let events = EventNotifier<PresentationEvent>(of: LocationPresentation.uri)
    private(set) var label = ""

    init() {
        requests.handle(by: self) { presentation, request in
            switch request {
            case .show(let place): presentation.label = "You are at \(place)"
            case .showError(let reason): presentation.label = "Unavailable: \(reason)"
            }
        }
    }

    func tapShowLocation() { events.emit(.showLocationTapped) }

    var ports: ActorPorts<PresentationRequest, Void, PresentationEvent> {
        ActorPorts(requests: requests, events: events)
    }
}

final class LocationBehaviour: UniqueActor {
    static let uri: ActorURI = "/actor/behaviour"
    let lifetime = ActorLifetime()

    init(
        service: ActorPorts<ServiceRequest, Void, ServiceEvent>,
        presentation: ActorPorts<PresentationRequest, Void, PresentationEvent>
    ) {
        presentation.events.observe(by: self) { _, _ in service.requests.send(.resolveLocation) }
        service.events.observe(by: self) { _, event in
            switch event {
            case .resolved(let place): presentation.requests.send(.show(place))
            case .failed(let reason): presentation.requests.send(.showError(reason))
            }
        }
    }
}

/// The whole app: its three actors, kept alive by one fabric.
final class LocationApp {
    let fabric = Fabric()
    let service: LocationService
    let presentation = LocationPresentation()

    init(locate: @escaping () -> String?) throws(FabricError) {
        service = LocationService(locate: locate)
        try fabric.add(service)
        try fabric.add(presentation)
        try fabric.add(LocationBehaviour(service: service.ports, presentation: presentation.ports))
    }
}
