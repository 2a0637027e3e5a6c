/// A notifier that describes itself to its context's inventory (see ``NotifierInventory``):
/// what it is when it registers, and, through ``inventoryKey``, what changes later.
@_spi(Inspection) public protocol InspectableNotifier: AnyObject {
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

@_spi(Inspection) extension EventNotifier: InspectableNotifier {
    @_spi(Inspection) public var inspectedURI: NotifierURI { uri }
    @_spi(Inspection) public var inspectedVariety: NotifierVariety { .event }
    @_spi(Inspection) public var inspectedAspect: InteractionAspect { aspect }

    /// Tells the inventory who observes now: the observers that name their actor.
    func publishReceivers() {
        guard let inventoryKey else { return }
        let receivers = origin.targets
        audit.inventory.update(inventoryKey) { $0.receivers = receivers }
    }
}

@_spi(Inspection) extension RequestNotifier: InspectableNotifier {
    @_spi(Inspection) public var inspectedURI: NotifierURI { uri }
    @_spi(Inspection) public var inspectedVariety: NotifierVariety { .request }
    @_spi(Inspection) public var inspectedAspect: InteractionAspect { aspect }

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

@_spi(Inspection) extension QueuedNotifier: InspectableNotifier {
    @_spi(Inspection) public var inspectedURI: NotifierURI { uri }
    @_spi(Inspection) public var inspectedVariety: NotifierVariety { variety }
    @_spi(Inspection) public var inspectedAspect: InteractionAspect { aspect }
}

@_spi(Inspection) extension AsyncRequestNotifier: InspectableNotifier {
    @_spi(Inspection) public var inspectedURI: NotifierURI { uri }
    @_spi(Inspection) public var inspectedVariety: NotifierVariety { .request }
    @_spi(Inspection) public var inspectedAspect: InteractionAspect { aspect }
}
