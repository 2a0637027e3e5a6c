/// A notifier that describes itself to its context's inventory (see ``NotifierInventory``):
/// what it is when it registers, and, through ``inventoryKey``, what changes later.
package protocol InspectableNotifier: AnyObject {
    /// The notifier's URI.
    var inspectedURI: NotifierURI { get }
    /// Whether it is a request or an event notifier.
    var inspectedVariety: NotifierVariety { get }
    /// How its notifications travel.
    var inspectedAspect: InteractionAspect { get }
}

extension InspectableNotifier {
    /// What the notifier is, with nothing connected yet.
    var emptySnapshot: NotifierSnapshot {
        NotifierSnapshot(uri: inspectedURI, variety: inspectedVariety, aspect: inspectedAspect)
    }
}

extension EventNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { .event }
    package var inspectedAspect: InteractionAspect { aspect }

    /// Tells the inventory who observes now: the observers that name their actor.
    func publishReceivers() {
        guard let inventoryKey else { return }
        let receivers = origin.targets
        audit.inventory.update(inventoryKey) { $0.receivers = receivers }
    }
}

extension RequestNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { .request }
    package var inspectedAspect: InteractionAspect { aspect }

    /// Tells the inventory who handles now: the handler's owner, if it is an actor.
    func publishReceivers() {
        guard let inventoryKey else { return }
        let receivers = (handler?.owner as? any BSPActor).map { [$0.uri] } ?? []
        audit.inventory.update(inventoryKey) { $0.receivers = receivers }
    }

    /// Tells the inventory the scopes on the stack whose requests this notifier carries.
    func publishStack(_ stack: ActorURI, scopes: [ActorURI]) {
        guard let inventoryKey else { return }
        audit.inventory.update(inventoryKey) { $0.stack = (stack, scopes) }
    }
}

extension QueuedNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { variety }
    package var inspectedAspect: InteractionAspect { aspect }
}

extension AsyncRequestNotifier: InspectableNotifier {
    package var inspectedURI: NotifierURI { uri }
    package var inspectedVariety: NotifierVariety { .request }
    package var inspectedAspect: InteractionAspect { aspect }
}
