import BSPCore
import BSPDiagrams
import Testing

/// The structure report checks BSP's own rules, and not the loops every BSP app has.
@Suite("BSP rules")
struct StructureRuleTests {
    static func record(
        _ sequence: UInt64, _ notifier: NotifierURI, _ variety: NotifierVariety, source: ActorURI?,
        targets: [ActorURI], delivery: AuditDelivery = .delivered
    ) -> AuditRecord {
        AuditRecord(
            sequence: sequence, notifier: notifier, variety: variety, source: source, targets: targets,
            notification: "n\(sequence)", delivery: delivery)
    }

    static let presentationEvents = DiagramFixture.notifier("/actor/presentation", "event")
    static let serviceRequests = DiagramFixture.notifier("/actor/service", "request")
    static let serviceEvents = DiagramFixture.notifier("/actor/service", "event")
    static let presentationRequests = DiagramFixture.notifier("/actor/presentation", "request")

    func violations(_ records: [AuditRecord]) -> [RuleViolation] {
        let trail = AuditTrail(records)
        return StructureReport(topology: Topology(trail: trail), trail: trail).violations
    }

    @Test func theLoopThroughTheBehaviourIsNoFault() {
        let records = [
            Self.record(
                1, Self.presentationEvents, .event, source: "/actor/presentation", targets: ["/actor/behaviour"]),
            Self.record(2, Self.serviceRequests, .request, source: "/actor/behaviour", targets: ["/actor/service"]),
            Self.record(3, Self.serviceEvents, .event, source: "/actor/service", targets: ["/actor/behaviour"]),
            Self.record(
                4, Self.presentationRequests, .request, source: "/actor/behaviour", targets: ["/actor/presentation"]),
        ]

        #expect(violations(records).isEmpty)
    }

    @Test func aPresentationObservingTheServiceDirectlyBreaksTheFirstRule() {
        let records = [
            Self.record(
                1, Self.serviceEvents, .event, source: "/actor/service", targets: ["/actor/presentation/scope/map"])
        ]

        #expect(
            violations(records) == [
                .serviceAndPresentationConnected(
                    sender: "/actor/service", notifier: Self.serviceEvents, receiver: "/actor/presentation/scope/map")
            ])
    }

    @Test func aServiceSendingToThePresentationBreaksTheFirstRule() {
        let records = [
            Self.record(
                1, Self.presentationRequests, .request, source: "/actor/service/location",
                targets: ["/actor/presentation"])
        ]

        #expect(
            violations(records) == [
                .serviceAndPresentationConnected(
                    sender: "/actor/service/location", notifier: Self.presentationRequests,
                    receiver: "/actor/presentation")
            ])
    }

    @Test func aHandlerWhoseURIDoesNotContainItsNotifiersBreaksTheSecondRule() {
        let records = [Self.record(1, Self.serviceRequests, .request, source: nil, targets: ["/actor/behaviour"])]

        #expect(violations(records) == [.notifierOutsideOwner(Self.serviceRequests, owner: "/actor/behaviour")])
    }

    @Test func anEventEmittedByAnotherActorBreaksTheThirdRule() {
        let records = [Self.record(1, Self.serviceEvents, .event, source: "/actor/behaviour", targets: [])]

        #expect(violations(records) == [.emittedByOther(Self.serviceEvents, emitter: "/actor/behaviour")])
    }

    @Test func aRequestNobodyHandledBreaksTheFourthRule() {
        let records = [
            Self.record(1, Self.serviceRequests, .request, source: nil, targets: [], delivery: .undelivered)
        ]

        #expect(violations(records) == [.unhandledRequests(Self.serviceRequests)])
    }

    @Test func eachViolationNamesItsURIsAndTheRule() {
        #expect(
            RuleViolation.emittedByOther(Self.serviceEvents, emitter: "/actor/behaviour").description
                == "'/actor/behaviour' emitted on '/actor/service/notifier/event', which it does not own: only the "
                + "owner emits on its event notifiers.")
        #expect(ActorRole(of: "/actor/presentation/scope/login") == .presentation)
        #expect(ActorRole(of: "/app/service") == nil)
    }
}
