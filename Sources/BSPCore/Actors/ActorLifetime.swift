/// What an actor's handlers and observations last as long as: when the actor goes, its lifetime
/// goes with it and lets go of every handler the actor installed and every observation it
/// made — and of what their closures captured — on whichever thread released the actor.
///
/// Give each actor its own, in a stored property:
///
/// ```swift
/// final class LocationService: UniqueActor {
///     static let uri: ActorURI = "/actor/service"
///     let lifetime = ActorLifetime()
///     let requests = RequestNotifier<ServiceRequest, Void>(of: LocationService.uri)
/// }
/// ```
///
/// A scope needs none of its own: its ``ScopeLifecycle`` holds it.
///
/// Ports hold their notifiers strongly, so a handler that captures a peer's port keeps the
/// peer's notifier alive. Two peers whose handlers capture each other's ports would keep both
/// notifiers alive for ever once the peers had gone, were it not for their lifetimes: the
/// handlers go with their owners, and the notifiers with the ports the handlers held.
///
/// Handlers and observations whose owner is not a ``BSPActor`` hold what they captured until
/// the notifier notices their owner has gone: at its next request, emission or observation.
/// A handler that captures its owner's lifetime — or a scope's lifecycle, which holds it —
/// keeps it alive, as capturing the owner would: hand the handler what it needs instead.
public final class ActorLifetime: Sendable {
    /// The handlers and observations bound to the actor, held weakly: their notifier keeps
    /// them, and lets go of one it no longer needs whether or not the actor lives.
    private let bound = Locked<[BoundToOwner]>([])

    /// Creates the lifetime of one actor.
    public init() {}

    /// Binds `entry` to the actor: it is told when the actor goes.
    func bind(_ entry: some OwnerBound) {
        let loaded = bound.withLock { bound in
            bound.append(BoundToOwner(entry))
            return bound.count > 16 && bound.count.nonzeroBitCount == 1 ? bound.dropStale() : []
        }
        // The entries the pruning loaded are let go of here, after the lock: one whose
        // notifier let go of it meanwhile ends here, and may run what its handler captured.
        withExtendedLifetime(loaded) {}
    }

    /// The lifetime of `owner`, if it is an actor.
    static func of(_ owner: AnyObject) -> ActorLifetime? {
        (owner as? any BSPActor)?.lifetime
    }

    deinit {
        // The actor's deinitialization has begun, so no notifier can load it any more: none
        // reads an entry's handler now, and each may let go of it here, on this thread.
        for held in bound.withLock({ $0 }) {
            held.entry?.ownerDidEnd()
        }
    }
}

/// A handler or observation that ends with its owner: its notifier reads what it holds only
/// after loading the owner, which fails once the owner's deinitialization has begun.
protocol OwnerBound: AnyObject {
    /// Lets go of the handler and what it captured. Called once the owner has gone, on the
    /// thread that released it.
    func ownerDidEnd()
}

/// A weak reference to an ``OwnerBound`` entry.
private struct BoundToOwner: @unchecked Sendable {
    // @unchecked: the entry belongs to its notifier's isolation domain, and the lifetime calls
    // it only from its `deinit`, once the owner's deinitialization has begun — when no notifier
    // can load the owner, and so none reads what the entry holds.
    weak var entry: (any OwnerBound)?

    init(_ entry: any OwnerBound) {
        self.entry = entry
    }
}

extension [BoundToOwner] {
    /// Drops the entries whose notifier let go of them, so that an actor that keeps installing
    /// handlers keeps a list no longer than twice its live ones; returns the live entries, which
    /// checking loaded, for the caller to let go of after unlocking.
    fileprivate mutating func dropStale() -> [any OwnerBound] {
        let live = compactMap(\.entry)
        self = live.map(BoundToOwner.init)
        return live
    }
}
