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
