public import BSPCore

/// The fabric as a graph: actors, their notifiers, and who sends on or observes what, with the
/// scopes of each scope stack in stack order.
///
/// Take it from a recorded run — what actually happened — or from a live fabric — what is
/// connected now — and draw it with ``dot()`` or ``mermaid()``:
///
/// ```swift
/// let topology = Topology(trail: store.trail)
/// print(topology.mermaid())
/// ```
///
/// If it is hard to draw, with many crossing connections, the BSP documents suggest it is a
/// candidate for refactoring.
public struct Topology: Hashable, Sendable {
    /// A notifier in the graph.
    public struct Notifier: Hashable, Sendable, Comparable {
        /// The notifier's URI; its actor owns it.
        public let uri: NotifierURI
        /// Request notifiers are inputs, event notifiers outputs; diagrams draw them differently.
        public let variety: NotifierVariety
        /// How its notifications travel: diagrams draw an asynchronous connection with an open
        /// arrowhead and a bi-way one with a reply.
        public let aspect: InteractionAspect

        /// Creates a notifier of the graph.
        public init(uri: NotifierURI, variety: NotifierVariety, aspect: InteractionAspect = .synchronousSingleWay) {
            self.uri = uri
            self.variety = variety
            self.aspect = aspect
        }

        /// Orders notifiers by URI.
        public static func < (lhs: Notifier, rhs: Notifier) -> Bool { lhs.uri < rhs.uri }
    }

    /// A connection between an actor and a notifier.
    public struct Edge: Hashable, Sendable, Comparable {
        /// Which way the notifications flow.
        public enum Kind: String, Hashable, Sendable {
            /// The actor sends on the notifier.
            case sendsOn = "sends on"
            /// The actor receives the notifier's notifications: it observes or handles them.
            case observes
        }

        /// The actor.
        public let actor: ActorURI
        /// The notifier.
        public let notifier: NotifierURI
        /// Which way the notifications flow.
        public let kind: Kind

        /// Creates a connection.
        public init(actor: ActorURI, notifier: NotifierURI, kind: Kind) {
            self.actor = actor
            self.notifier = notifier
            self.kind = kind
        }

        /// Orders edges by notifier, then kind, then actor.
        public static func < (lhs: Edge, rhs: Edge) -> Bool {
            (lhs.notifier, lhs.kind.rawValue, lhs.actor) < (rhs.notifier, rhs.kind.rawValue, rhs.actor)
        }
    }

    /// The scopes of one stack, bottom first.
    public struct Stack: Hashable, Sendable {
        /// The stack's URI.
        public let uri: ActorURI
        /// Its scopes' URIs, in stack order.
        public let scopes: [ActorURI]

        /// Creates a stack of the graph.
        public init(uri: ActorURI, scopes: [ActorURI]) {
            self.uri = uri
            self.scopes = scopes
        }
    }

    /// Every actor, by URI.
    public private(set) var actors: [ActorURI]
    /// Every notifier, by URI.
    public private(set) var notifiers: [Notifier]
    /// Every connection.
    public private(set) var edges: [Edge]
    /// The scope stacks, in the order they were first seen.
    public private(set) var stacks: [Stack]

    /// Creates a topology of these parts.
    public init(actors: [ActorURI] = [], notifiers: [Notifier] = [], edges: [Edge] = [], stacks: [Stack] = []) {
        self.actors = Array(Set(actors + notifiers.map(\.uri.actor) + edges.map(\.actor))).sorted()
        self.notifiers = Array(Set(notifiers)).sorted()
        self.edges = Array(Set(edges)).sorted()
        self.stacks = stacks
    }

    /// The topology of a recorded run: every notifier that carried a notification, the actors
    /// that sent on it and received from it, and the scopes pushed on each stack, in the order
    /// they were first pushed.
    public init(trail: AuditTrail) {
        var notifiers: [Notifier] = []
        var edges: [Edge] = []
        var pushed: [(stack: ActorURI, scope: ActorURI)] = []
        for record in trail.records {
            notifiers.append(Notifier(uri: record.notifier, variety: record.variety, aspect: record.aspect))
            if let sender = record.source {
                edges.append(Edge(actor: sender, notifier: record.notifier, kind: .sendsOn))
            }
            edges += record.targets.map { Edge(actor: $0, notifier: record.notifier, kind: .observes) }
            if let change = record.stackChange, change.kind == .pushed {
                pushed.append((record.notifier.actor, change.scope))
            }
        }
        self.init(notifiers: notifiers, edges: edges, stacks: Topology.stacks(from: pushed))
    }

    /// The topology of a live fabric: the notifiers created in `audit` that are still alive,
    /// their actors, who observes or handles each now, and the scopes on the stacks among them.
    /// Who *sends* on a request notifier is only known from a run: see ``init(trail:)``.
    ///
    /// - Parameter audit: The context the fabric was built in. A context that does not audit
    ///   keeps no inventory, and its topology is empty.
    public init(live audit: AuditContext) {
        let inventory = LiveInventory(audit)
        self.init(notifiers: inventory.notifiers, edges: inventory.edges, stacks: inventory.stacks)
    }

    /// This topology and `other`, merged: what a run did, drawn over what is connected now.
    public func merging(_ other: Topology) -> Topology {
        var stacks = self.stacks
        for stack in other.stacks where !stacks.contains(where: { $0.uri == stack.uri }) {
            stacks.append(stack)
        }
        return Topology(
            actors: actors + other.actors, notifiers: notifiers + other.notifiers, edges: edges + other.edges,
            stacks: stacks)
    }

    private static func stacks(from pushes: [(stack: ActorURI, scope: ActorURI)]) -> [Stack] {
        var order: [ActorURI] = []
        var scopes: [ActorURI: [ActorURI]] = [:]
        for (stack, scope) in pushes {
            if scopes[stack] == nil { order.append(stack) }
            if scopes[stack, default: []].contains(scope) == false {
                scopes[stack, default: []].append(scope)
            }
        }
        return order.map { Stack(uri: $0, scopes: scopes[$0] ?? []) }
    }
}
