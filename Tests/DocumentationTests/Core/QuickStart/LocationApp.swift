import BSPCore

/// The whole app: its three actors, kept alive by one fabric.
final class LocationApp {
    let fabric = Fabric()
    let service = LocationService()
    let presentation = LocationPresentation()

    init() throws(FabricError) {
        try fabric.add(service)
        try fabric.add(presentation)
        try fabric.add(LocationBehaviour(service: service.ports, presentation: presentation.ports))
    }
}
