import BSPCore

/// What a live context's notifiers are connected to now: their actors, who observes or handles
/// each, and the scopes on the stacks among their handlers' owners. Found through the context's
/// inventory of the notifiers created in it, never by looking through objects' properties.
struct LiveInventory {
    var notifiers: [Topology.Notifier] = []
    var edges: [Topology.Edge] = []
    var stacks: [Topology.Stack] = []

    init(_ audit: AuditContext) {
        for notifier in audit.liveNotifiers {
            let uri = notifier.inspectedURI
            notifiers.append(
                Topology.Notifier(uri: uri, variety: notifier.inspectedVariety, aspect: notifier.inspectedAspect))
            if notifier.inspectedVariety == .event {
                edges.append(Topology.Edge(actor: uri.actor, notifier: uri, kind: .sendsOn))
            }
            edges += notifier.receivers.map { Topology.Edge(actor: $0, notifier: uri, kind: .observes) }
            if let stack = notifier.handlerOwner as? ScopeStack {
                stacks.append(Topology.Stack(uri: stack.uri, scopes: stack.scopes.map(\.uri)))
            }
        }
    }
}
