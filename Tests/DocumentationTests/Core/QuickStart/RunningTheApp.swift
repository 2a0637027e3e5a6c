import BSPCore
import Testing

@Test func runningTheAppPrintsItsTranscript() throws {
    let store = InMemoryAuditStore()
    let fabric = Fabric()  // keeps the actors alive: ports do not
    let presentation = try AuditContext(store: store).withCurrent {
        let service = LocationService()
        let presentation = LocationPresentation()
        let behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
        try fabric.add(service)
        try fabric.add(presentation)
        try fabric.add(behaviour)
        return presentation
    }

    presentation.buttonTapped()
    for record in store.records { print(record) }

    #expect(
        store.records.map(\.description) == [
            "#1 /actor/presentation/notifier/event <event>: showLocationRequested",
            "#2 /actor/service/notifier/request <request>: resolveLocation ← #1",
            "#3 /actor/service/notifier/event <event>: locationResolved(Sydney) ← #2",
            "#4 /actor/presentation/notifier/request <request>: present(Sydney) ← #3",
        ])
    #expect(presentation.label == "You are at Sydney")
}
