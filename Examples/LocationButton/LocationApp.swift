import BSPCore

/// The whole app: its three actors, assembled in one fabric.
final class LocationApp {
    let fabric = Fabric()
    let service: LocationService
    let presentation: LocationPresentation
    let behaviour: LocationBehaviour

    init(currentPlace: @escaping () -> Place?) throws {
        service = try LocationService(currentPlace: currentPlace)
        presentation = try LocationPresentation()
        behaviour = LocationBehaviour(service: service, presentation: presentation)
        try fabric.add(service)
        try fabric.add(presentation)
        try fabric.add(behaviour)
    }
}
