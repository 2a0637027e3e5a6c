/// What the notifiers created in an auditing context are connected to now, as each last
/// described itself, so that a live topology can be drawn from any thread without touching a
/// notifier.
///
/// A notifier belongs to one isolation domain, and an inventory is read from any: so the
/// inventory keeps no notifier, only a ``NotifierSnapshot`` that each notifier publishes, from
/// its own domain, when it is created and whenever what it describes changes — an observer
/// named or ended, a handler installed or removed, a scope pushed or popped — and takes back
/// when it goes. An observer whose owner went away unseen is listed until the notifier notices,
/// at its next send or observation.
///
/// Registration happens only while auditing is on: nothing is kept for an app that does not
/// audit.
final class NotifierInventory: Sendable {
    private struct State: Sendable {
        var snapshots: [UInt64: NotifierSnapshot] = [:]
        var nextKey: UInt64 = 0
        /// The test harness's view of the notifiers themselves; see ``LiveNotifier``.
        var live: [UInt64: LiveNotifier] = [:]
    }

    private let state = Locked(State())

    /// Adds `snapshot` and returns the key under which its notifier publishes its changes.
    func register(_ snapshot: NotifierSnapshot) -> UInt64 {
        state.withLock { state in
            defer { state.nextKey += 1 }
            state.snapshots[state.nextKey] = snapshot
            return state.nextKey
        }
    }

    /// Keeps `notifier`, registered under `key`, for the test harness: a notifier that must
    /// know its key before it is whole registers first and is kept once it is.
    func keep(_ notifier: any InspectableNotifier, as key: UInt64) {
        let live = LiveNotifier(notifier)
        state.withLock { state in
            if state.snapshots[key] != nil { state.live[key] = live }
        }
    }

    /// Replaces what the notifier registered under `key` says of itself.
    func update(_ key: UInt64, _ change: (inout NotifierSnapshot) -> Void) {
        state.withLock { state in
            if state.snapshots[key] != nil { change(&state.snapshots[key]!) }
        }
    }

    /// Takes back what the notifier registered under `key` said: it has gone.
    func remove(_ key: UInt64) {
        // Taken out under the lock, released after it.
        let removed = state.withLock { state in
            (state.snapshots.removeValue(forKey: key), state.live.removeValue(forKey: key))
        }
        withExtendedLifetime(removed) {}
    }

    /// The snapshots of the notifiers still alive, in the order they were created.
    var snapshots: [NotifierSnapshot] {
        state.withLock { state in state.snapshots.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// The test harness's view of the notifiers still alive, in the order they were created.
    var live: [LiveNotifier] {
        state.withLock { state in state.live.sorted { $0.key < $1.key }.map(\.value) }
    }
}

/// What a notifier is connected to, as it last described itself to its context's inventory.
@_spi(Inspection) public struct NotifierSnapshot: Sendable, Hashable {
    /// The notifier's URI.
    @_spi(Inspection) public let uri: NotifierURI
    /// Whether it is a request or an event notifier.
    @_spi(Inspection) public let variety: NotifierVariety
    /// How its notifications travel.
    @_spi(Inspection) public let aspect: InteractionAspect
    /// The actors that receive its notifications: named observers, or the handler's owner.
    @_spi(Inspection) public var receivers: [ActorURI] = []
    /// For the request notifier of a scope stack, the stack's URI and its scopes, in order.
    @_spi(Inspection) public var stack: (uri: ActorURI, scopes: [ActorURI])? {
        get { stackURI.map { ($0, stackScopes) } }
        set {
            stackURI = newValue?.uri
            stackScopes = newValue?.scopes ?? []
        }
    }
    private var stackURI: ActorURI?
    private var stackScopes: [ActorURI] = []

    init(uri: NotifierURI, variety: NotifierVariety, aspect: InteractionAspect) {
        self.uri = uri
        self.variety = variety
        self.aspect = aspect
    }
}

/// A notifier as the test harness reaches it: held weakly, and read only by a test's fabric,
/// in the isolation domain it built its system in, where the notifiers of that system live.
///
/// `@unchecked`: the compiler cannot prove that the reader runs where the notifier lives; the
/// package's only reader is BSPTesting's fabric, which reads the notifiers of its own context
/// from the domain it was made in (replaying a recording, checking for self-captures). Live
/// inspection anywhere else goes through ``NotifierSnapshot``, which holds no notifier.
@_spi(Inspection) public struct LiveNotifier: @unchecked Sendable {
    private weak var notifier: (any InspectableNotifier)?

    init(_ notifier: any InspectableNotifier) {
        self.notifier = notifier
    }

    /// The notifier, if it lives.
    @_spi(Inspection) public var object: (any InspectableNotifier)? { notifier }
}

extension AuditContext {
    /// What the notifiers created in this context and still alive say they are connected to,
    /// in the order they were created; empty when the context does not audit. Safe from any
    /// thread: it reads no notifier.
    @_spi(Inspection) public var liveSnapshots: [NotifierSnapshot] {
        inventory.snapshots
    }

    /// The notifiers created in this context that are still alive, in the order they were
    /// created: for a test's fabric alone, read where its system lives (see ``LiveNotifier``).
    @_spi(Inspection) public var liveNotifiers: [any InspectableNotifier] {
        inventory.live.compactMap(\.object)
    }

    /// Registers `notifier`, described by `snapshot`, if this context audits; returns the key
    /// under which it publishes its changes.
    func register(_ notifier: any InspectableNotifier, as snapshot: NotifierSnapshot) -> UInt64? {
        guard isEnabled else { return nil }
        let key = inventory.register(snapshot)
        inventory.keep(notifier, as: key)
        return key
    }

    /// Registers a notifier described by `snapshot` that is not whole yet, if this context
    /// audits; it hands itself over with ``NotifierInventory/keep(_:as:)`` once it is.
    func register(_ snapshot: NotifierSnapshot) -> UInt64? {
        isEnabled ? inventory.register(snapshot) : nil
    }
}
