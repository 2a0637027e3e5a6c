/// The audited delivery: each send is recorded before its observers run, its record names the
/// observers that are still there, and each observer runs as its actor, so that what it sends
/// names it as the source.
extension EventNotifier {
    /// Records `event` and delivers it, loading each observer kept by its owner once: the
    /// record names only observers that are still there, and each handler gets the observer
    /// as loaded, so that auditing adds no reference counting per observer.
    @inlinable
    func recordLoadingOwners(_ event: Event) {
        // Observers added while recording (by a `description`) start with the next event.
        let count = observers.count
        withUnsafeTemporaryAllocation(of: AnyObject?.self, capacity: count) { owners in
            loadOwners(into: owners)
            record(event) { handlers in deliver(event, as: handlers, owners: owners) }
            owners.baseAddress?.deinitialize(count: count)
        }
    }

    /// Loads the owner of each observation into `owners`, ending those whose owner has gone.
    @inlinable
    func loadOwners(into owners: UnsafeMutableBufferPointer<AnyObject?>) {
        var index = 0
        while index < owners.count {
            var owner = observers[index].isOwned ? observers[index].owner : nil
            if observers[index].isOwned, owner == nil, !observers[index].isCancelled {
                end(observers[index])
            }
            if ownersMayRepeat, owner != nil, earlierHolder(ofOwnerAt: index, in: owners) != nil {
                owner = nil  // held once, where it first appears
            }
            owners.initializeElement(at: index, to: owner)
            index &+= 1
        }
    }

    /// Where `owners` holds the owner of the observation at `index`, if it does: at `index`, or,
    /// for an object that observes more than once, where it first appears.
    @inlinable
    func heldOwnerIndex(forObserverAt index: Int, in owners: UnsafeMutableBufferPointer<AnyObject?>) -> Int? {
        owners[index] != nil ? index : earlierHolder(ofOwnerAt: index, in: owners)
    }

    /// Where `owners`, loaded up to `index`, already holds the owner of the observation at
    /// `index`, when that object observes more than once.
    @inlinable
    func earlierHolder(ofOwnerAt index: Int, in owners: UnsafeMutableBufferPointer<AnyObject?>) -> Int? {
        guard ownersMayRepeat else { return nil }
        let id = observers[index].ownerID
        return (0..<index).first { observers[$0].ownerID == id && owners[$0] != nil }
    }

    /// Calls each of the first `count` observers, in the frame of the event's record; an
    /// observer that named its actor runs as that actor, so that the requests it sends name
    /// it as their source.
    @inlinable
    func deliver(_ event: Event, as handlers: AuditFrame.Handlers, count: Int) {
        var index = 0
        while index < count {
            if !observers[index].isCancelled {
                deliver(event, toObserverAt: index, owner: nil, as: handlers)
            }
            index &+= 1
        }
    }

    /// Calls each observer still observing, in the frame of the event's record; one kept by
    /// its owner gets the owner `owners` holds for it (see ``recordLoadingOwners(_:)``).
    @inlinable
    func deliver(_ event: Event, as handlers: AuditFrame.Handlers, owners: UnsafeMutableBufferPointer<AnyObject?>) {
        var index = 0
        while index < owners.count {
            if !observers[index].isCancelled {
                if !observers[index].isOwned {
                    deliver(event, toObserverAt: index, owner: nil, as: handlers)
                } else if let held = heldOwnerIndex(forObserverAt: index, in: owners),
                    !isKnownUniquelyReferenced(&owners[held])
                {
                    // (An owner held only here was released by an earlier handler: its
                    // observation is over.) The owner is passed on unretained: `owners` holds it.
                    let owner = UnsafeRawPointer(owners.baseAddress.unsafelyUnwrapped + held)
                        .load(as: Unmanaged<AnyObject>.self)
                    deliver(event, toObserverAt: index, owner: owner, as: handlers)
                }
            }
            index &+= 1
        }
    }

    /// Calls the observer at `index` as its actor: with the owner given, or through its own
    /// handler.
    @inlinable
    func deliver(
        _ event: Event, toObserverAt index: Int, owner: Unmanaged<AnyObject>?, as handlers: AuditFrame.Handlers
    ) {
        guard handlers.switchesInPlace else {
            // The frame the handlers run in names no actor: only a named observer needs its own.
            guard let actor = observers[index].frameActor else {
                return deliver(event, toObserverAt: index, owner: owner)
            }
            return handlers.runCarried(as: actor) { deliver(event, toObserverAt: index, owner: owner) }
        }
        handlers.name(observers[index].frameActor)
        deliver(event, toObserverAt: index, owner: owner)
    }

    /// Calls the observer at `index`, with `owner` if it is kept by its owner.
    @inlinable
    func deliver(_ event: Event, toObserverAt index: Int, owner: Unmanaged<AnyObject>?) {
        // Unretained: the observation stays in the notifier until the delivery ends, and
        // `owners` holds the owner.
        Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { observer in
            if let owner {
                owner._withUnsafeGuaranteedRef { observer.handlerOfOwner($0, event) }
            } else {
                observer.handler(event)
            }
        }
    }
}
