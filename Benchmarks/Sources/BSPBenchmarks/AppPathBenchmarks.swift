import BSPCore

/// The README's location app end to end — a Presentation intent, the Behaviour, a request
/// through the Service's port, the Service's handler and event, the Behaviour again, and a
/// request to the Presentation — against the same wiring written with `[weak self]` closures.
enum AppPathBenchmarks {
    enum Intent { case showLocation }
    enum ServiceRequest { case resolveLocation }
    enum ServiceEvent { case resolved(Int) }
    enum PresentationRequest { case present(Int) }

    // MARK: The app written with the package

    final class Service: UniqueActor {
        typealias Ports = ActorPorts<ServiceRequest, Void, ServiceEvent>
        static let uri: ActorURI = "/actor/service"
        let lifetime = ActorLifetime()
        let requests: RequestNotifier<ServiceRequest, Void>
        let events: EventNotifier<ServiceEvent>
        var ports: Ports { Ports(requests: requests, events: events) }
        private var fixes = 0

        init(audit: AuditContext) {
            requests = RequestNotifier(of: Service.uri, audit: audit)
            events = EventNotifier(of: Service.uri, audit: audit)
            requests.handle(by: self) { service, _ in
                service.fixes &+= 1
                service.events.emit(.resolved(service.fixes))
            }
        }
    }

    final class Presentation: UniqueActor {
        typealias Ports = ActorPorts<PresentationRequest, Void, Intent>
        static let uri: ActorURI = "/actor/presentation"
        let lifetime = ActorLifetime()
        let requests: RequestNotifier<PresentationRequest, Void>
        let events: EventNotifier<Intent>
        var ports: Ports { Ports(requests: requests, events: events) }
        let sink = Sink()

        init(audit: AuditContext) {
            requests = RequestNotifier(of: Presentation.uri, audit: audit)
            events = EventNotifier(of: Presentation.uri, audit: audit)
            requests.handle(by: self) { presentation, request in
                if case .present(let place) = request { presentation.sink.take(place) }
            }
        }

        func tap() { events.emit(.showLocation) }
    }

    final class Behaviour: UniqueActor {
        static let uri: ActorURI = "/actor/behaviour"
        let lifetime = ActorLifetime()

        init(service: Service.Ports, presentation: Presentation.Ports) {
            presentation.events.observe(by: self) { _, _ in service.requests.send(.resolveLocation) }
            service.events.observe(by: self) { _, event in
                if case .resolved(let place) = event { presentation.requests.send(.present(place)) }
            }
        }
    }

    /// The three actors, kept together for a run.
    struct App {
        let service: Service
        let presentation: Presentation
        let behaviour: Behaviour

        init(audit: AuditContext) {
            service = Service(audit: audit)
            presentation = Presentation(audit: audit)
            behaviour = Behaviour(service: service.ports, presentation: presentation.ports)
        }
    }

    // MARK: The same app written with [weak self] closures

    final class ClosureService {
        var onResolved: (Int) -> Void = { _ in }
        private var fixes = 0
        func resolveLocation() {
            fixes &+= 1
            onResolved(fixes)
        }
    }

    final class ClosurePresentation {
        var onIntent: () -> Void = {}
        let sink = Sink()
        func present(_ place: Int) { sink.take(place) }
        func tap() { onIntent() }
    }

    final class ClosureBehaviour {
        let service: ClosureService
        let presentation: ClosurePresentation

        init(service: ClosureService, presentation: ClosurePresentation) {
            self.service = service
            self.presentation = presentation
            presentation.onIntent = { [weak self] in self?.service.resolveLocation() }
            service.onResolved = { [weak self] place in self?.presentation.present(place) }
        }
    }

    /// What the app's path costs, as ratios measured in one interleaved run.
    struct Ratios {
        /// Through the package, against `[weak self]` closures.
        var vsClosures: Double
        /// Audited, against unaudited.
        var auditedVsUnaudited: Double
        /// The least `auditedVsUnaudited` can be: the unaudited path plus a record at the
        /// record limit for each of its four notifications, against the unaudited path.
        var auditedFloor: Double
        /// What auditing costs each of the four notifications, against the record limit.
        var auditVsRecordLimit: Double
    }

    /// The app's path through the package, as a ratio of the closures' in the same run, and
    /// the audited path as a ratio of the unaudited one and of the least it can cost.
    static func appPath(_ configuration: Configuration) -> Ratios {
        let plain = App(audit: .disabled)
        let audited = App(audit: AuditContext(store: InMemoryAuditStore(capacity: 10_000)))
        let service = ClosureService()
        let presentation = ClosurePresentation()
        let behaviour = ClosureBehaviour(service: service, presentation: presentation)
        let taps = configuration.sends / 5
        let limit = AuditLimitBenchmarks.RecordLimit()
        let identity = ObjectIdentifier(limit)
        let samples = interleavedSamples(
            operations: taps, repetitions: configuration.repetitions,
            [
                { for _ in 0..<taps { plain.presentation.tap() } },
                { for _ in 0..<taps { presentation.tap() } },
                { for _ in 0..<taps { audited.presentation.tap() } },
                {
                    for tap in 0..<taps {
                        plain.presentation.tap()
                        for notification in 0..<4 { limit.record(tap &+ notification, on: identity) }
                    }
                },
            ])
        withExtendedLifetime((plain, audited, behaviour)) {}
        let unaudited = median(samples[0])
        let fourRecords = median(zip(samples[3], samples[0]).map(-))
        return Ratios(
            vsClosures: median(zip(samples[0], samples[1]).map(/)),
            auditedVsUnaudited: median(zip(samples[2], samples[0]).map(/)),
            auditedFloor: median(zip(samples[3], samples[0]).map(/)),
            auditVsRecordLimit: (median(samples[2]) - unaudited) / fourRecords)
    }
}
