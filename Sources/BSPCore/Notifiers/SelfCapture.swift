/// An owner that a handler it was given keeps alive: the handler captures the owner strongly,
/// so an observation or a handler meant to last as long as its owner makes the owner last as
/// long as the notifier — forever, when the owner holds the notifier.
///
/// Found by letting go of the handler and seeing the owner go with it, which only a system
/// being torn down can afford: a test's fabric, once released.
@_spi(Inspection) public struct SelfCapture: Hashable, Sendable {
    /// Whether the handler observes events or handles requests.
    @_spi(Inspection) public enum Kind: String, Hashable, Sendable {
        case observer, handler
    }

    /// The owner's actor, if it is one.
    @_spi(Inspection) public let actor: ActorURI?
    /// The owner's type.
    @_spi(Inspection) public let ownerType: String
    /// The notifier whose handler kept it.
    @_spi(Inspection) public let notifier: NotifierURI
    @_spi(Inspection) public let kind: Kind
}

/// What a notifier lets go of to find handlers that keep their owners alive.
@_spi(Inspection) public protocol SelfCaptureProbe: AnyObject {
    /// Removes each handler installed with an owner and returns the owners that went with it.
    /// Only for a system being torn down: the handlers are gone afterwards.
    func releaseHandlersKeepingTheirOwnersAlive() -> [SelfCapture]
}

/// An owner about to be let go of, held weakly, to see whether it goes.
struct OwnerProbe {
    let reference: OwnerReference
    let type: String
    let actor: ActorURI?

    /// A probe of `owner`.
    init(_ owner: AnyObject) {
        self.reference = OwnerReference(owner)
        self.type = "\(Swift.type(of: owner))"
        self.actor = (owner as? any BSPActor)?.uri
    }

    func capture(on notifier: NotifierURI, as kind: SelfCapture.Kind) -> SelfCapture? {
        reference.isAlive ? nil : SelfCapture(actor: actor, ownerType: type, notifier: notifier, kind: kind)
    }
}

@_spi(Inspection) extension EventNotifier: SelfCaptureProbe {
    @_spi(Inspection) public func releaseHandlersKeepingTheirOwnersAlive() -> [SelfCapture] {
        let owned = observers.filter { $0.isHeldWeakly && !$0.isCancelled }.map(ObjectIdentifier.init)
        return owned.compactMap { identifier in
            endObservation(identifiedBy: identifier)?.capture(on: uri, as: .observer)
        }
    }

    /// Ends the observation `identifier` and returns a probe of its owner, taken before; the
    /// observation and the owner are not retained past the call.
    private func endObservation(identifiedBy identifier: ObjectIdentifier) -> OwnerProbe? {
        guard let entry = observers.first(where: { ObjectIdentifier($0) == identifier }),
            let probe = entry.ownerProbe
        else { return nil }
        end(entry)
        return probe
    }
}

@_spi(Inspection) extension RequestNotifier: SelfCaptureProbe {
    @_spi(Inspection) public func releaseHandlersKeepingTheirOwnersAlive() -> [SelfCapture] {
        removeOwnedHandler()?.capture(on: uri, as: .handler).map { [$0] } ?? []
    }

    /// Removes the handler, if an owner keeps it, and returns a probe of the owner.
    private func removeOwnedHandler() -> OwnerProbe? {
        guard let probe = handler?.ownerProbe else { return nil }
        removeHandler()
        return probe
    }
}
