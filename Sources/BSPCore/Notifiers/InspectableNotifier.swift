/// A notifier that can describe itself for a live topology: its URI, its variety, and the
/// actors connected to it now.
package protocol InspectableNotifier: AnyObject {
    /// The notifier's URI.
    var inspectedURI: NotifierURI { get }
    /// Whether it is a request or an event notifier.
    var inspectedVariety: NotifierVariety { get }
    /// How its notifications travel.
    var inspectedAspect: InteractionAspect { get }
    /// The actors that receive its notifications now: named observers, or the handler's owner.
    var receivers: [ActorURI] { get }
    /// The object whose handler is installed, for a request notifier.
    var handlerOwner: AnyObject? { get }
}

extension EventNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { .event }
    package var inspectedAspect: InteractionAspect { aspect }
    package var receivers: [ActorURI] {
        observers.compactMap { $0.isCancelled || $0.hasLostItsOwner ? nil : $0.actor }
    }
    package var handlerOwner: AnyObject? { nil }
}

extension RequestNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { .request }
    package var inspectedAspect: InteractionAspect { aspect }
    package var receivers: [ActorURI] {
        (handler?.owner as? any BSPActor).map { [$0.uri] } ?? []
    }
    package var handlerOwner: AnyObject? { handler?.owner }
}

extension QueuedNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { variety }
    package var inspectedAspect: InteractionAspect { aspect }
    package var receivers: [ActorURI] { [] }
    package var handlerOwner: AnyObject? { nil }
}

extension AsyncRequestNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { .request }
    package var inspectedAspect: InteractionAspect { aspect }
    package var receivers: [ActorURI] { [] }
    package var handlerOwner: AnyObject? { nil }
}
