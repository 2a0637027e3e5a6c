/// Simple figures of a topology's structure, as a short text report: counts, fan-in and fan-out
/// per actor, cycles between actors, notifiers nobody observes, and requests sent to notifiers
/// with no handler.
///
/// ```text
/// Actors: 3. Notifiers: 4 (2 request, 2 event). Edges: 8 (4 sends on, 4 observes).
/// Fan-in / fan-out (notifiers received from / sent on):
///   /actor/behaviour      2 / 2
/// Cycles: none.
/// Notifiers nobody observes: none.
/// Requests with no handler: none.
/// ```
public struct StructureReport: Hashable, Sendable, CustomStringConvertible {
    /// The topology described.
    public let topology: Topology
    /// Request notifiers that had requests nobody handled, with how many, from a trail.
    public let unhandledRequests: [NotifierURI: Int]

    /// Describes `topology`; pass the trail it came from to count requests nobody handled.
    public init(topology: Topology, trail: AuditTrail? = nil) {
        self.topology = topology
        var unhandled: [NotifierURI: Int] = [:]
        for record in trail?.records ?? [] where record.variety == .request && record.delivery == .undelivered {
            unhandled[record.notifier, default: 0] += 1
        }
        self.unhandledRequests = unhandled
    }

    /// For each actor, how many notifiers it receives from and sends on.
    public var fan: [(actor: ActorURI, fanIn: Int, fanOut: Int)] {
        topology.actors.map { actor in
            let edges = topology.edges.filter { $0.actor == actor }
            return (actor, edges.count { $0.kind == .observes }, edges.count { $0.kind == .sendsOn })
        }
    }

    /// Groups of actors that reach each other through notifiers: A sends on a notifier B
    /// observes, and so on back to A.
    public var cycles: [[ActorURI]] {
        var next: [ActorURI: Set<ActorURI>] = [:]
        for send in topology.edges where send.kind == .sendsOn {
            for receive in topology.edges where receive.kind == .observes && receive.notifier == send.notifier {
                if receive.actor != send.actor { next[send.actor, default: []].insert(receive.actor) }
            }
        }
        return StronglyConnected.components(of: topology.actors, next: next).filter { $0.count > 1 }
    }

    /// Event notifiers with no observer.
    public var unobserved: [NotifierURI] {
        let observed = Set(topology.edges.filter { $0.kind == .observes }.map(\.notifier))
        return topology.notifiers.filter { $0.variety == .event && !observed.contains($0.uri) }.map(\.uri)
    }

    /// The report as text.
    public var description: String {
        let requests = topology.notifiers.count { $0.variety == .request }
        let sends = topology.edges.count { $0.kind == .sendsOn }
        var lines = [
            "Actors: \(topology.actors.count). Notifiers: \(topology.notifiers.count) (\(requests) request, "
                + "\(topology.notifiers.count - requests) event). Edges: \(topology.edges.count) (\(sends) sends on, "
                + "\(topology.edges.count - sends) observes).",
            "Fan-in / fan-out (notifiers received from / sent on):",
        ]
        let width = topology.actors.map(\.path.count).max() ?? 0
        lines += fan.map { "  \($0.actor.path.padding(toWidth: width))  \($0.fanIn) / \($0.fanOut)" }
        lines.append(
            "Cycles: "
                + (cycles.isEmpty
                    ? "none." : cycles.map { $0.map(\.path).joined(separator: " ⇄ ") }.joined(separator: "; ")))
        lines.append(
            "Notifiers nobody observes: "
                + (unobserved.isEmpty ? "none." : unobserved.map(\.path).joined(separator: ", ")))
        let unhandled = unhandledRequests.sorted { $0.key < $1.key }.map { "\($0.key.path) (\($0.value))" }
        lines.append("Requests with no handler: " + (unhandled.isEmpty ? "none." : unhandled.joined(separator: ", ")))
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func padding(toWidth width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}

/// Tarjan's strongly connected components, in a stable order.
enum StronglyConnected {
    static func components(of nodes: [ActorURI], next: [ActorURI: Set<ActorURI>]) -> [[ActorURI]] {
        var index = 0
        var indexes: [ActorURI: Int] = [:]
        var lowlinks: [ActorURI: Int] = [:]
        var stack: [ActorURI] = []
        var onStack: Set<ActorURI> = []
        var components: [[ActorURI]] = []

        func connect(_ node: ActorURI) {
            indexes[node] = index
            lowlinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for successor in (next[node] ?? []).sorted() {
                if indexes[successor] == nil {
                    connect(successor)
                    lowlinks[node] = min(lowlinks[node]!, lowlinks[successor]!)
                } else if onStack.contains(successor) {
                    lowlinks[node] = min(lowlinks[node]!, indexes[successor]!)
                }
            }
            if lowlinks[node] == indexes[node] {
                var component: [ActorURI] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                components.append(component.sorted())
            }
        }
        for node in nodes where indexes[node] == nil {
            connect(node)
        }
        return components
    }
}
