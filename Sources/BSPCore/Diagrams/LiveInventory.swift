/// Walks a live fabric's actors by reflection, collecting their notifiers, connections and
/// scope stacks.
struct LiveInventory {
    var actors: [ActorURI] = []
    var notifiers: [Topology.Notifier] = []
    var edges: [Topology.Edge] = []
    var stacks: [Topology.Stack] = []
    private var visited: Set<ObjectIdentifier> = []

    mutating func visit(_ actor: any BSPActor) {
        guard visited.insert(ObjectIdentifier(actor)).inserted else { return }
        actors.append(actor.uri)
        if let stack = actor as? ScopeStack {
            visit(stack)
        }
        collect(from: actor, depth: 0)
    }

    private mutating func visit(_ stack: ScopeStack) {
        if !stacks.contains(where: { $0.uri == stack.uri }) {
            stacks.append(Topology.Stack(uri: stack.uri, scopes: stack.scopes.map(\.uri)))
        }
        for scope in stack.scopes {
            visit(scope)
        }
        if let companions = stack.companions {
            visit(companions)
        }
    }

    /// Looks through `value`'s stored properties for notifiers, stacks and actors, following
    /// values (structs, tuples, optionals) a few levels down but not into other objects.
    private mutating func collect(from value: Any, depth: Int) {
        guard depth < 3 else { return }
        for property in storedProperties(of: value) {
            if let notifier = property as? any InspectableNotifier {
                record(notifier)
            } else if let stack = property as? ScopeStack {
                visit(stack as any BSPActor)
            } else if let actor = property as? any BSPActor {
                visit(actor)
            } else if !(type(of: property) is AnyClass) {
                collect(from: property, depth: depth + 1)
            }
        }
    }

    private mutating func record(_ notifier: any InspectableNotifier) {
        let uri = notifier.inspectedURI
        notifiers.append(Topology.Notifier(uri: uri, variety: notifier.inspectedVariety))
        if notifier.inspectedVariety == .event {
            edges.append(Topology.Edge(actor: uri.actor, notifier: uri, kind: .sendsOn))
        }
        edges += notifier.receivers.map { Topology.Edge(actor: $0, notifier: uri, kind: .observes) }
    }
}
