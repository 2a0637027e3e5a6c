public import BSPCore

/// How tangled a fabric is: how many of its connections cross when it is drawn as BSP draws
/// it, in three columns — Presentation, Behaviour, Service — with each column ordered to cross
/// as little as a search finds.
///
/// The BSP documents' test for a design is whether it is hard to draw: "many cross-over
/// connections" mark a candidate for refactoring. This is that figure, made a number a team can
/// watch as an app grows. A connection joins two actors, one of which sends on a notifier the
/// other receives, counted once whichever way and however often it is used. Connections
/// within a column are drawn as arcs beside it and cross when their ends interleave; one
/// between the Presentation and the Service passes through the Behaviour column.
///
/// The order of each column is found as layered graph drawing does (the barycentre heuristic,
/// then swaps of neighbours while they help), started again on a small fabric from a few
/// orders shuffled the same way every run; so ``crossings`` is the fewest that search reached:
/// an upper bound of the true minimum, and the same for the same connections every time.
public struct Tangle: Hashable, Sendable {
    /// How many pairs of connections cross.
    public let crossings: Int
    /// How many connections there are.
    public let connections: Int
    /// The actors of the Presentation, Behaviour and Service columns, in the order drawn. Actors
    /// of no known role are drawn with the Behaviour.
    public let columns: [[ActorURI]]
}

extension Topology {
    /// How many connections cross in BSP's three-column drawing of this topology.
    public var tangle: Tangle {
        var layout = LayeredLayout(topology: self)
        layout.orderToCrossLeast()
        return Tangle(crossings: layout.crossings, connections: layout.connectionCount, columns: layout.actorColumns)
    }

    /// Every pair of distinct actors one of which sends on a notifier the other receives.
    var connections: Set<ActorPair> {
        let senders = Dictionary(grouping: edges.filter { $0.kind == .sendsOn }, by: \.notifier)
        var pairs: Set<ActorPair> = []
        for receive in edges where receive.kind == .observes {
            for send in senders[receive.notifier] ?? [] where send.actor != receive.actor {
                pairs.insert(ActorPair(send.actor, receive.actor))
            }
        }
        return pairs
    }
}

/// Two actors, in URI order, so that a connection is the same whichever way it is used.
struct ActorPair: Hashable {
    let first: ActorURI
    let second: ActorURI

    init(_ one: ActorURI, _ other: ActorURI) {
        (first, second) = one < other ? (one, other) : (other, one)
    }
}
