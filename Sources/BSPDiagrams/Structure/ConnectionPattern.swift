public import BSPCore

/// How an actor connects to the rest of the fabric, in BSP's vocabulary: what it receives (its
/// input) and what it sends (its output), each single-way or bi-way.
///
/// An actor's input is what it observes or handles; its output is what it emits or sends. A
/// side is bi-way when any of its notifiers carries a reply: an input it answers, an output
/// whose reply it waits for. BSP names six patterns:
///
/// | input \ output | none | single-way | bi-way |
/// | --- | --- | --- | --- |
/// | **none** | — | Source | Socket Source |
/// | **single-way** | Collector | Operator | Socket |
/// | **bi-way** | Service | Socket | Socket |
///
/// An actor with both an input and an output of which only one is bi-way is a ``Name/socket``:
/// it holds a conversation on one side and pushes on the other, so it couples its peers as a
/// socket does. The pattern keeps both sides, so a report can say which.
public struct ConnectionPattern: Hashable, Sendable, CustomStringConvertible {
    /// BSP's name for a pattern; it reads as BSP writes it (`Socket Source`), in a report or
    /// an interpolation alike.
    public enum Name: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Single-way output, no input.
        case source = "Source"
        /// Single-way input, no output.
        case collector = "Collector"
        /// Single-way input and single-way output.
        case `operator` = "Operator"
        /// Bi-way input, no output: it answers, and never speaks first.
        case service = "Service"
        /// Bi-way output, no input: it asks, and waits for replies.
        case socketSource = "Socket Source"
        /// Input and output, at least one of them bi-way.
        case socket = "Socket"

        /// The name as BSP writes it: its raw value.
        public var description: String { rawValue }
    }

    /// What the actor receives: `nil` for nothing, else whether any of it is answered.
    public let input: InteractionAspect.Way?
    /// What the actor sends: `nil` for nothing, else whether it waits for any reply.
    public let output: InteractionAspect.Way?

    /// The pattern of an actor with this input and output, or `nil` for one with neither.
    public init?(input: InteractionAspect.Way?, output: InteractionAspect.Way?) {
        guard input != nil || output != nil else { return nil }
        self.input = input
        self.output = output
    }

    /// BSP's name for the pattern.
    public var name: Name {
        switch (input, output) {
        case (nil, .singleWay?): .source
        case (nil, _): .socketSource
        case (.singleWay?, nil): .collector
        case (_, nil): .service
        case (.singleWay?, .singleWay?): .operator
        default: .socket
        }
    }

    /// The name with the ways of its sides: `Socket (bi-way in, single-way out)`.
    public var description: String {
        let sides = [input.map { "\($0.rawValue) in" }, output.map { "\($0.rawValue) out" }].compactMap { $0 }
        return "\(name.rawValue) (\(sides.joined(separator: ", ")))"
    }
}

extension Topology {
    /// The connection pattern of `actor`: what it receives on the notifiers it observes or
    /// handles, and what it sends on the notifiers it sends on; `nil` for an actor with no
    /// connection.
    ///
    /// A live topology knows who receives but not who sends requests, so patterns read from a
    /// trail, or from a live topology merged with one, are the complete ones.
    public func connectionPattern(of actor: ActorURI) -> ConnectionPattern? {
        connectionPatterns[actor]
    }

    /// The connection pattern of every actor that has a connection.
    public var connectionPatterns: [ActorURI: ConnectionPattern] {
        let ways = Dictionary(notifiers.map { ($0.uri, $0.aspect.way) }, uniquingKeysWith: Topology.eitherBiWay)
        var inputs: [ActorURI: InteractionAspect.Way] = [:]
        var outputs: [ActorURI: InteractionAspect.Way] = [:]
        for edge in edges {
            let way = ways[edge.notifier] ?? .singleWay
            switch edge.kind {
            case .observes: inputs[edge.actor] = inputs[edge.actor].map { Topology.eitherBiWay($0, way) } ?? way
            case .sendsOn: outputs[edge.actor] = outputs[edge.actor].map { Topology.eitherBiWay($0, way) } ?? way
            }
        }
        var patterns: [ActorURI: ConnectionPattern] = [:]
        for actor in actors {
            patterns[actor] = ConnectionPattern(input: inputs[actor], output: outputs[actor])
        }
        return patterns
    }

    /// Bi-way if either is: one answered notification makes a side bi-way.
    private static func eitherBiWay(_ one: InteractionAspect.Way, _ other: InteractionAspect.Way)
        -> InteractionAspect.Way
    {
        one == .biWay || other == .biWay ? .biWay : .singleWay
    }
}
