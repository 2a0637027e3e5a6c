import BSPCore

/// The three-column drawing a ``Tangle`` counts the crossings of: nodes in columns, straight
/// segments between neighbouring columns, arcs within a column.
struct LayeredLayout {
    /// Each column's nodes, in drawing order.
    private var order: [[Int]] = [[], [], []]
    /// Each node's position in its column.
    private var position: [Int] = []
    /// The actor of each node; `nil` for a point where a connection passes through a column.
    private var actors: [ActorURI?] = []
    /// Segments from a node of column `c` to one of column `c + 1`, by `c`.
    private var segments: [[(upper: Int, lower: Int)]] = [[], []]
    /// Connections within a column, by column.
    private var arcs: [[(Int, Int)]] = [[], [], []]
    /// How many actor-to-actor connections the drawing shows.
    let connectionCount: Int

    /// Above this many segments and arcs, only the barycentre sweeps run: each swap that
    /// follows them counts every crossing again.
    private static let swapLimit = 400

    init(topology: Topology) {
        let connections = topology.connections.sorted { ($0.first, $0.second) < ($1.first, $1.second) }
        connectionCount = connections.count
        var nodeOfActor: [ActorURI: Int] = [:]
        func node(_ actor: ActorURI) -> (node: Int, column: Int) {
            let column = LayeredLayout.column(of: actor)
            if let existing = nodeOfActor[actor] { return (existing, column) }
            nodeOfActor[actor] = addNode(actor, in: column)
            return (nodeOfActor[actor]!, column)
        }
        // Every actor with a connection, in URI order; patterns are read once for all of them.
        let patterns = topology.connectionPatterns
        for actor in topology.actors where patterns[actor] != nil {
            _ = node(actor)
        }
        for connection in connections {
            let (one, other) = (node(connection.first), node(connection.second))
            let (upper, lower) = one.column <= other.column ? (one, other) : (other, one)
            switch lower.column - upper.column {
            case 0: arcs[upper.column].append((upper.node, lower.node))
            case 1: segments[upper.column].append((upper.node, lower.node))
            default:
                let through = addNode(nil, in: 1)
                segments[0].append((upper.node, through))
                segments[1].append((through, lower.node))
            }
        }
    }

    /// The column BSP draws `actor` in: Presentation, Behaviour, Service.
    private static func column(of actor: ActorURI) -> Int {
        switch ActorRole(of: actor) {
        case .presentation: 0
        case .service: 2
        case .behaviour, nil: 1
        }
    }

    private mutating func addNode(_ actor: ActorURI?, in column: Int) -> Int {
        actors.append(actor)
        position.append(order[column].count)
        order[column].append(actors.count - 1)
        return actors.count - 1
    }

    /// The columns' actors, in drawing order.
    var actorColumns: [[ActorURI]] {
        order.map { $0.compactMap { actors[$0] } }
    }

    /// How many pairs of segments or arcs cross in the current order.
    var crossings: Int {
        var count = 0
        for column in segments {
            for (index, one) in column.enumerated() {
                for other in column[(index + 1)...] {
                    let upper = position[one.upper] - position[other.upper]
                    let lower = position[one.lower] - position[other.lower]
                    if upper * lower < 0 { count += 1 }
                }
            }
        }
        for column in arcs {
            let spans = column.map { (min(position[$0.0], position[$0.1]), max(position[$0.0], position[$0.1])) }
            for (index, one) in spans.enumerated() {
                for other in spans[(index + 1)...] {
                    let interleaved =
                        (one.0 < other.0 && other.0 < one.1 && one.1 < other.1)
                        || (other.0 < one.0 && one.0 < other.1 && other.1 < one.1)
                    if interleaved { count += 1 }
                }
            }
        }
        return count
    }

    /// Orders every column to cross as little as the search finds: see ``descend(swapping:)``,
    /// from the order given and, on a small fabric, from shuffled ones.
    mutating func orderToCrossLeast() {
        // The heuristic finds a local best: on a small fabric it starts again from orders
        // shuffled the same way every time, and keeps the best of all.
        let small = segments.joined().count + arcs.joined().count <= LayeredLayout.swapLimit
        let first = order
        var best = (order: order, crossings: crossings)
        var generator = SplitMix(seed: 0x5EED)
        for start in 0..<(small ? LayeredLayout.restarts : 1) where best.crossings > 0 {
            apply(start == 0 ? first : first.map { $0.shuffled(using: &generator) })
            let found = descend(swapping: small)
            if found.crossings < best.crossings { best = found }
        }
        apply(best.order)
    }

    /// How many orders a small fabric's search starts from.
    private static let restarts = 16

    /// Barycentre sweeps down and up from the current order, keeping the best order seen, then
    /// (if `swapping`) swaps of neighbours while a swap removes a crossing.
    private mutating func descend(swapping: Bool) -> (order: [[Int]], crossings: Int) {
        var best = (order: order, crossings: crossings)
        for sweep in 0..<8 where best.crossings > 0 {
            let columns = sweep.isMultiple(of: 2) ? [1, 2] : [1, 0]
            for column in columns {
                sortByBarycentre(column, towards: column == 1 ? (sweep.isMultiple(of: 2) ? 0 : 2) : 1)
            }
            let now = crossings
            if now < best.crossings { best = (order, now) }
        }
        apply(best.order)
        if swapping {
            swapNeighboursWhileItHelps(from: best.crossings)
            best = (order, crossings)
        }
        return best
    }

    /// Sorts `column` by the mean position of each node's neighbours in column `other`; a node
    /// with none there keeps its place.
    private mutating func sortByBarycentre(_ column: Int, towards other: Int) {
        var neighbours: [Int: [Int]] = [:]
        let between = other < column ? segments[other] : segments[column]
        for segment in between {
            let (mine, theirs) = other < column ? (segment.lower, segment.upper) : (segment.upper, segment.lower)
            neighbours[mine, default: []].append(position[theirs])
        }
        let keys = order[column].map { node -> (Double, Int, Int) in
            let around = neighbours[node] ?? []
            let barycentre =
                around.isEmpty ? Double(position[node]) : Double(around.reduce(0, +)) / Double(around.count)
            return (barycentre, position[node], node)
        }
        order[column] = keys.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        for (index, node) in order[column].enumerated() { position[node] = index }
    }

    private mutating func swapNeighboursWhileItHelps(from start: Int) {
        var current = start
        var improved = current > 0
        var passes = 0
        while improved && passes < 20 {
            improved = false
            passes += 1
            for column in 0..<order.count where order[column].count > 1 {
                for index in 0..<(order[column].count - 1) {
                    swap(column, index)
                    let now = crossings
                    if now < current {
                        current = now
                        improved = true
                    } else {
                        swap(column, index)
                    }
                }
            }
        }
    }

    private mutating func swap(_ column: Int, _ index: Int) {
        order[column].swapAt(index, index + 1)
        position[order[column][index]] = index
        position[order[column][index + 1]] = index + 1
    }

    private mutating func apply(_ newOrder: [[Int]]) {
        order = newOrder
        for column in order {
            for (index, node) in column.enumerated() { position[node] = index }
        }
    }
}

/// A small seeded generator, so that the tangle of the same connections is the same figure
/// on every run and every platform.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
