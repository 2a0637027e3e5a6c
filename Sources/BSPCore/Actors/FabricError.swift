/// A mistake in assembling a ``Fabric``.
///
/// Later versions may add cases, so a `switch` over it outside the package needs
/// `@unknown default`.
@nonexhaustive
public enum FabricError: Error, Hashable, Sendable {
    /// An actor with this URI is already in the fabric.
    case duplicateActor(ActorURI)
}

extension FabricError: CustomStringConvertible {
    /// A sentence naming the URI involved.
    public var description: String {
        switch self {
        case .duplicateActor(let uri):
            "The fabric already has an actor with the URI '\(uri)'; each actor needs a URI of its own."
        }
    }
}
