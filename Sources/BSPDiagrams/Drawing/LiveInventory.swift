@_spi(Inspection) import BSPCore

/// What a live context's notifiers are connected to now: their actors, who observes or handles
/// each, and the scopes on the stacks among them. Read from what each notifier last told its
/// context's inventory, never from the notifiers themselves, which belong to their own isolation
/// domain: so a live topology may be drawn from any thread while the app runs.
struct LiveInventory {
    var notifiers: [Topology.Notifier] = []
    var edges: [Topology.Edge] = []
    var stacks: [Topology.Stack] = []

    init(_ audit: AuditContext) {
        for snapshot in audit.liveSnapshots {
            let uri = snapshot.uri
            notifiers.append(Topology.Notifier(uri: uri, variety: snapshot.variety, aspect: snapshot.aspect))
            if snapshot.variety == .event {
                edges.append(Topology.Edge(actor: uri.actor, notifier: uri, kind: .sendsOn))
            }
            edges += snapshot.receivers.map { Topology.Edge(actor: $0, notifier: uri, kind: .observes) }
            if let stack = snapshot.stack {
                stacks.append(Topology.Stack(uri: stack.uri, scopes: stack.scopes))
            }
        }
    }
}
