/// Who observes an event notifier: observations begin, end when cancelled or when their
/// observer goes, and leave the list only between deliveries.
extension EventNotifier {
    /// Observes the notifier for as long as `observer` lives: `handler` is called with the
    /// observer and every event emitted from now on.
    ///
    /// The notifier does not keep the observer alive, and hands it to the handler, held for
    /// the call, so the handler needs no capture of `self` and the observation keeps nothing
    /// alive:
    ///
    /// ```swift
    /// presentation.events.observe(by: self) { behaviour, intent in behaviour.handle(intent) }
    /// ```
    ///
    /// The observation ends when the observer is deallocated; when the observer is a
    /// ``Scope``, it ends at the latest when the scope deactivates. A ``BSPActor`` observer is
    /// named, by its URI, in the audit trail and in diagrams.
    ///
    /// An observer released by an earlier handler of the same send, or on another thread, is
    /// not called once its deinitialization has begun: the notifier holds it by a weak
    /// reference, which it loads for each call. The handler, and what it captured, go with an
    /// observer that is a ``BSPActor`` (see ``ActorLifetime``), and at the notifier's next send
    /// or observation with any other observer.
    ///
    /// - Parameters:
    ///   - observer: The object that observes, not kept alive.
    ///   - handler: Called on the emitting thread with the observer and each event.
    public func observe<Observer: AnyObject>(
        by observer: Observer,
        _ handler: @escaping (Observer, Event) -> Void
    ) {
        guard !BoxedValue.isBox(observer) else {
            return audit.reportFault(NotifierFault.ownerIsNotAnObject(uri))
        }
        let scope = ScopeLifecycle.of(observer)
        if let scope, !scope.isOperating { return }
        pruneObserversWithoutOwner()
        let actor = (observer as? any BSPActor)?.uri
        // A scope on its stack is held until it deactivates, which its lifecycle tells; any
        // other observer, a scope not pushed yet included, is held weakly.
        let entry: EventObserver<Event>
        if let scope, scope.isOnStack {
            entry = ScopeEventObserver(scope: observer, actor: actor, handler: handler)
        } else {
            let owned = OwnedEventObserver(owner: observer, actor: actor, handler: handler)
            ActorLifetime.of(observer)?.bind(owned)
            entry = owned
        }
        add(entry)
        scope?.own(registration(for: entry))
    }

    /// Observes the notifier until the returned registration is cancelled or released: `handler` is
    /// called with every event emitted from now on.
    ///
    /// Keep the registration for as long as the observation should last. The handler must not capture
    /// whatever holds the registration strongly, or neither is ever released; prefer
    /// ``observe(by:_:)``, which cannot leak.
    ///
    /// - Parameter handler: Called on the emitting thread with each event.
    /// - Returns: The registration that keeps the observation alive.
    public func observe(_ handler: @escaping (Event) -> Void) -> Registration {
        let entry = RegisteredEventObserver(handler: handler)
        add(entry)
        return registration(for: entry)
    }

    func add(_ entry: EventObserver<Event>) {
        observers.append(entry)
        liveObserverCount += 1
        if entry.isHeldWeakly {
            ownedObserverCount += 1
        }
        if let actor = entry.actor {
            namedObserverCount += 1
            origin = AuditRecord.Origin(
                notifier: uri, variety: .event, aspect: .synchronousSingleWay, targets: origin.targets + [actor])
            publishReceivers()
        }
    }

    /// A registration that cancels `entry`. Weak both ways: the entry lives in the notifier alone, so
    /// a notifier that goes away takes its handlers (and what they captured) with it.
    func registration(for entry: EventObserver<Event>) -> Registration {
        Registration { [weak self, weak entry] in
            guard let entry, !entry.isCancelled else { return }
            self?.end(entry)
        }
    }

    /// The number of observations that have not been cancelled and whose observer lives.
    public var observerCount: Int {
        pruneObserversWithoutOwner()
        return liveObserverCount
    }

    @usableFromInline
    func removeCancelledObservers() {
        hasCancelledObservers = false
        // The ended observations leave the list before they are released: releasing one
        // releases what its handler captured, whose `deinit` may emit on, or observe, this
        // notifier, and must find the list whole.
        let previous = observers
        observers = previous.filter { !$0.isCancelled }
        withExtendedLifetime(previous) {}
    }

    /// Ends the observations whose owner has been deallocated, so that records and counts
    /// speak only of observers that are still there.
    ///
    /// Inlinable, so that an audited send looks through its observers specialized for `Event`:
    /// unspecialized, reading each would retain and release it.
    @inlinable
    func pruneObserversWithoutOwner() {
        guard ownedObserverCount > 0 else { return }
        var index = 0
        while index < observers.count {
            if observers[index].hasLostItsOwner {
                return endObservationsWithoutOwner()
            }
            index &+= 1
        }
    }

    /// Ends every observation whose owner has gone.
    @usableFromInline
    func endObservationsWithoutOwner() {
        // Ended after the search: outside a delivery, ending one takes it out of the list.
        let gone = observers.filter(\.hasLostItsOwner)
        for entry in gone {
            end(entry)
        }
    }

    /// Ends the observation `entry`: cancelled, or its owner gone. During a delivery it stays
    /// in the list, not called again, until the delivery ends.
    @usableFromInline
    func end(_ entry: EventObserver<Event>) {
        entry.isCancelled = true
        remove(entry)
    }

    private func remove(_ entry: EventObserver<Event>) {
        liveObserverCount -= 1
        if entry.isHeldWeakly {
            ownedObserverCount -= 1
        }
        if entry.actor != nil {
            namedObserverCount -= 1
            let targets = observers.compactMap { $0.isCancelled ? nil : $0.actor }
            origin = AuditRecord.Origin(notifier: uri, variety: .event, aspect: .synchronousSingleWay, targets: targets)
            publishReceivers()
        }
        if isDelivering {
            // Removing now would shift the indexes of the delivery in progress.
            hasCancelledObservers = true
        } else {
            observers.removeAll { $0 === entry }
        }
    }
}
