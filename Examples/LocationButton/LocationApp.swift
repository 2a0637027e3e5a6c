import BSPCore

/// The whole app: its three actors, assembled in one fabric.
final class LocationApp {
    let fabric = Fabric()
    let service: LocationService
    let presentation: LocationPresentation
    let behaviour: LocationBehaviour

    init(currentPlace: @escaping () -> Place?) throws(FabricError) {
        service = LocationService(currentPlace: currentPlace)
        presentation = LocationPresentation()
        behaviour = LocationBehaviour(service: service.ports, presentation: presentation.ports)
        try fabric.add(service)
        try fabric.add(presentation)
        try fabric.add(behaviour)
    }
}
