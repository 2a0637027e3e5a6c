/// The set of actors that make up an app, each with a URI of its own.
///
/// The fabric keeps its actors alive and guarantees that no two share a URI, so every audit
/// record and diagram names exactly one actor.
///
/// ```swift
/// let fabric = Fabric()
/// try fabric.add(service)
/// try fabric.add(presentation)
/// try fabric.add(behaviour)
/// ```
///
/// A fabric is used from one isolation domain, like the notifiers of its actors.
public final class Fabric {
    private var actorsByURI: [ActorURI: any BSPActor] = [:]
    private var order: [ActorURI] = []

    /// Creates an empty fabric.
    public init() {}

    /// Adds an actor to the fabric.
    ///
    /// - Parameter actor: The actor to add. The fabric keeps it alive.
    /// - Throws: ``FabricError/duplicateActor(_:)`` when an actor with the same URI is already
    ///   in the fabric. The fabric is left unchanged.
    public func add(_ actor: any BSPActor) throws(FabricError) {
        guard actorsByURI[actor.uri] == nil else {
            throw FabricError.duplicateActor(actor.uri)
        }
        actorsByURI[actor.uri] = actor
        order.append(actor.uri)
    }

    /// Removes the actor with the given URI and hands it back, or returns `nil` if there is none.
    @discardableResult
    public func remove(_ uri: ActorURI) -> (any BSPActor)? {
        guard let actor = actorsByURI.removeValue(forKey: uri) else { return nil }
        order.removeAll { $0 == uri }
        return actor
    }

    /// The actor with the given URI, if it is in the fabric.
    public subscript(uri: ActorURI) -> (any BSPActor)? {
        actorsByURI[uri]
    }

    /// The fabric's actors, in the order they were added.
    public var actors: [any BSPActor] {
        order.compactMap { actorsByURI[$0] }
    }
}

@available(*, unavailable, message: "A fabric belongs to one isolation domain; send its events in instead.")
extension Fabric: Sendable {}
