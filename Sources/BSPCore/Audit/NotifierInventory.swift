/// The notifiers created in an auditing context, held weakly, so that a live topology can be
/// drawn without looking through anyone's properties.
///
/// Registration happens once per notifier, when it is created, and only while auditing is on:
/// nothing is kept for an app that does not audit.
final class NotifierInventory: Sendable {
    private struct Entry {
        weak var notifier: (any InspectableNotifier)?
    }

    private struct State {
        var entries: [Entry] = []
        /// Dead entries are swept when the list has doubled since the last sweep.
        var sweepAt = 64
    }

    private let state = Locked(State())

    func register(_ notifier: any InspectableNotifier) {
        let entry = Entry(notifier: notifier)
        let loaded = state.withLock { state in
            state.entries.append(entry)
            guard state.entries.count >= state.sweepAt else { return [any InspectableNotifier]() }
            // Loading a weak reference retains what it finds: the notifiers found alive are
            // handed out and released after the lock, should one of these be the last reference.
            var alive: [any InspectableNotifier] = []
            state.entries.removeAll { entry in
                guard let notifier = entry.notifier else { return true }
                alive.append(notifier)
                return false
            }
            state.sweepAt = max(64, state.entries.count * 2)
            return alive
        }
        withExtendedLifetime(loaded) {}
    }

    /// The notifiers that are still alive, in the order they were created.
    var notifiers: [any InspectableNotifier] {
        state.withLock { $0.entries.compactMap(\.notifier) }
    }
}

extension AuditContext {
    /// The notifiers created in this context that are still alive, in the order they were
    /// created; empty when the context does not audit.
    package var liveNotifiers: [any InspectableNotifier] {
        inventory.notifiers
    }

    /// Keeps `notifier` in the inventory, if this context audits.
    func register(_ notifier: any InspectableNotifier) {
        if isEnabled {
            inventory.register(notifier)
        }
    }
}
