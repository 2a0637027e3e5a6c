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
