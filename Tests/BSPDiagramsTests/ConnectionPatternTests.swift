import BSPCore
import BSPDiagrams
import Testing

/// Each actor's connection pattern, read from what it sends and receives, and the actors whose
/// pattern contradicts their role.
@Suite("Connection patterns")
struct ConnectionPatternTests {
    final class NamedActor: BSPActor {
        let uri: ActorURI
        let lifetime = ActorLifetime()
        init(_ uri: ActorURI) { self.uri = uri }
    }

    static func notifier(_ actor: String, _ name: String) -> NotifierURI {
        DiagramFixture.notifier(actor, name)
    }

    /// A record of `aspect` on `notifier`, sent by `source` to `target`.
    static func record(
        _ sequence: UInt64, _ notifier: NotifierURI, _ variety: NotifierVariety, _ aspect: InteractionAspect,
        from source: ActorURI?, to target: ActorURI
    ) -> AuditRecord {
        AuditRecord(
            sequence: sequence, notifier: notifier, variety: variety, aspect: aspect, source: source,
            targets: [target], notification: "n\(sequence)")
    }

    /// Every pattern BSP names, each played by one actor of one run.
    static let allPatterns = AuditTrail([
        // /actor/service/clock emits; /actor/behaviour/log only collects.
        record(
            1, notifier("/actor/service/clock", "event"), .event, .synchronousSingleWay,
            from: "/actor/service/clock", to: "/actor/behaviour/log"),
        // /actor/behaviour/relay takes a queued push and passes it on.
        record(
            2, notifier("/actor/behaviour/relay", "queue"), .event, .asynchronousSingleWay,
            from: "/actor/presentation/sensor", to: "/actor/behaviour/relay"),
        record(
            3, notifier("/actor/behaviour/relay", "event"), .event, .synchronousSingleWay,
            from: "/actor/behaviour/relay", to: "/actor/behaviour/log"),
        // /actor/behaviour/asker asks /actor/service/geocoder and waits for the reply.
        record(
            4, notifier("/actor/service/geocoder", "request"), .request, .asynchronousBiWay,
            from: "/actor/behaviour/asker", to: "/actor/service/geocoder"),
        // /actor/behaviour/broker answers a question and asks one of its own.
        record(
            5, notifier("/actor/behaviour/broker", "request"), .request, .synchronousBiWay,
            from: "/actor/behaviour/asker", to: "/actor/behaviour/broker"),
        record(
            6, notifier("/actor/service/geocoder", "request"), .request, .asynchronousBiWay,
            from: "/actor/behaviour/broker", to: "/actor/service/geocoder"),
    ])

    @Test func eachActorsPatternIsReadFromWhatItSendsAndReceives() {
        let topology = Topology(trail: Self.allPatterns)
        func name(_ actor: ActorURI) -> ConnectionPattern.Name? { topology.connectionPattern(of: actor)?.name }

        #expect(name("/actor/service/clock") == .source)
        #expect(name("/actor/behaviour/log") == .collector)
        #expect(name("/actor/behaviour/relay") == .operator)
        #expect(name("/actor/service/geocoder") == .service)
        #expect(name("/actor/behaviour/asker") == .socketSource)
        #expect(name("/actor/behaviour/broker") == .socket)
        #expect(name("/actor/presentation/sensor") == .source)
        #expect(name("/actor/nobody") == nil)
    }

    @Test func aPatternSaysWhichSideIsBiWay() {
        let serviceLike = ConnectionPattern(input: .biWay, output: .singleWay)

        #expect(serviceLike?.name == .socket)
        #expect(serviceLike?.description == "Socket (bi-way in, single-way out)")
        #expect(ConnectionPattern(input: nil, output: .singleWay)?.description == "Source (single-way out)")
        #expect(ConnectionPattern(input: .singleWay, output: .singleWay)?.name == .operator)
        #expect(ConnectionPattern(input: nil, output: nil) == nil)
    }

    @Test func aLiveFabricsPatternsComeFromWhoObservesAndHandlesWhat() throws {
        let context = AuditContext(store: InMemoryAuditStore())
        let behaviour = NamedActor("/actor/behaviour")
        let service = NamedActor("/actor/service")
        let answers = RequestNotifier<String, Int>(of: service.uri, audit: context)
        let reports = EventNotifier<String>(of: service.uri, audit: context)
        answers.handle(by: service) { _, question in question.count }
        reports.observe(by: behaviour) { _, _ in }

        let topology = Topology(live: context)

        #expect(topology.connectionPattern(of: service.uri) == ConnectionPattern(input: .biWay, output: .singleWay))
        #expect(topology.connectionPattern(of: behaviour.uri)?.name == .collector)
        withExtendedLifetime(behaviour) {}
    }

    @Test func aPresentationThatWaitsForTheServicesReplyContradictsItsRole() {
        let trail = AuditTrail([
            Self.record(
                1, Self.notifier("/actor/service", "request"), .request, .synchronousBiWay,
                from: "/actor/presentation/scope/login", to: "/actor/service")
        ])

        let report = StructureReport(topology: Topology(trail: trail), trail: trail)

        #expect(
            report.violations.contains(
                .patternContradictsRole(
                    "/actor/presentation/scope/login", pattern: ConnectionPattern(input: nil, output: .biWay)!,
                    role: .presentation)))
        #expect(report.description.contains("'/actor/presentation/scope/login' is a Socket Source (bi-way out)"))
    }

    @Test func aServiceThatWaitsForAReplyContradictsItsRoleAndOneThatAnswersDoesNot() {
        let trail = AuditTrail([
            Self.record(
                1, Self.notifier("/actor/service/geocoder", "request"), .request, .asynchronousBiWay,
                from: "/actor/service/location", to: "/actor/service/geocoder")
        ])

        let violations = StructureReport(topology: Topology(trail: trail), trail: trail).violations

        #expect(
            violations == [
                .patternContradictsRole(
                    "/actor/service/location", pattern: ConnectionPattern(input: nil, output: .biWay)!, role: .service)
            ])
    }

    @Test func theReportNamesAndCountsEachActorsPattern() {
        let report = StructureReport(topology: Topology(trail: Self.allPatterns), trail: Self.allPatterns)

        let broker = report.description.split(separator: "\n").first { $0.contains("/actor/behaviour/broker ") }
        #expect(broker?.hasSuffix(" 1 / 1  Socket (bi-way in, bi-way out)") == true)
        #expect(
            report.description.contains(
                "Connection patterns: 2 Source, 1 Collector, 1 Operator, 1 Service, 1 Socket Source, 1 Socket."))
    }

    @Test func aNameReadsAsTheReportPrintsIt() {
        #expect("\(ConnectionPattern.Name.socketSource)" == "Socket Source")
        #expect(
            ConnectionPattern.Name.allCases.map(String.init(describing:))
                == ConnectionPattern.Name.allCases.map(\.rawValue))
    }
}
