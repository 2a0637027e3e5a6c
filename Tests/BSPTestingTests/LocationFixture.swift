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

/// What a Behaviour sees of a peer: its input and output notifiers.
struct Ports<Request, Event> {
    let requests: RequestNotifier<Request, Void>
    let events: EventNotifier<Event>
}

extension MockActor where Reply == Void {
    var ports: Ports<Request, Event> { Ports(requests: requests, events: events) }
}

final class LocationService: BSPActor {
    let uri: ActorURI = "/actor/service"
    let requests = RequestNotifier<ServiceRequest, Void>(of: "/actor/service")
    let events = EventNotifier<ServiceEvent>(of: "/actor/service")
    let analytics = EventNotifier<String>(of: "/actor/service/analytics")
    private let locate: () -> String?

    init(locate: @escaping () -> String?) throws {
        self.locate = locate
        try requests.handle(by: self) { service, _ in
            service.analytics.emit("location requested")
            if let place = service.locate() {
                service.events.emit(.resolved(place))
            } else {
                service.events.emit(.failed("no fix"))
            }
        }
    }

    var ports: Ports<ServiceRequest, ServiceEvent> { Ports(requests: requests, events: events) }
}

final class LocationPresentation: BSPActor {
    let uri: ActorURI = "/actor/presentation"
    let requests = RequestNotifier<PresentationRequest, Void>(of: "/actor/presentation")
    let events = EventNotifier<PresentationEvent>(of: "/actor/presentation")
    private(set) var label = ""

    init() throws {
        try requests.handle(by: self) { presentation, request in
            switch request {
            case .show(let place): presentation.label = "You are at \(place)"
            case .showError(let reason): presentation.label = "Unavailable: \(reason)"
            }
        }
    }

    func tapShowLocation() { events.emit(.showLocationTapped) }

    var ports: Ports<PresentationRequest, PresentationEvent> { Ports(requests: requests, events: events) }
}

final class LocationBehaviour: BSPActor {
    let uri: ActorURI = "/actor/behaviour"
    private var observations: [ObservationToken] = []

    init(service: Ports<ServiceRequest, ServiceEvent>, presentation: Ports<PresentationRequest, PresentationEvent>) {
        presentation.events.observe(by: self) { _ in service.requests.send(.resolveLocation) }
            .store(in: &observations)
        service.events.observe(by: self) { event in
            switch event {
            case .resolved(let place): presentation.requests.send(.show(place))
            case .failed(let reason): presentation.requests.send(.showError(reason))
            }
        }.store(in: &observations)
    }
}
