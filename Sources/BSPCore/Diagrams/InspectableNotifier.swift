/// A notifier that can describe itself for a live topology: its URI, its variety, and the
/// actors connected to it now.
protocol InspectableNotifier: AnyObject {
    var inspectedURI: NotifierURI { get }
    var inspectedVariety: NotifierVariety { get }
    /// The actors that receive its notifications now: named observers, or the handler's owner.
    var receivers: [ActorURI] { get }
}

extension EventNotifier: InspectableNotifier {
    var inspectedURI: NotifierURI { uri }
    var inspectedVariety: NotifierVariety { .event }
    var receivers: [ActorURI] {
        observers.compactMap { $0.handler == nil ? nil : $0.actor }
    }
}

extension RequestNotifier: InspectableNotifier {
    var inspectedURI: NotifierURI { uri }
    var inspectedVariety: NotifierVariety { .request }
    var receivers: [ActorURI] {
        (handler?.owner as? any BSPActor).map { [$0.uri] } ?? []
    }
}

extension QueuedNotifier: InspectableNotifier {
    var inspectedURI: NotifierURI { uri }
    var inspectedVariety: NotifierVariety { variety }
    var receivers: [ActorURI] { [] }
}

extension AsyncRequestNotifier: InspectableNotifier {
    var inspectedURI: NotifierURI { uri }
    var inspectedVariety: NotifierVariety { .request }
    var receivers: [ActorURI] { [] }
}
