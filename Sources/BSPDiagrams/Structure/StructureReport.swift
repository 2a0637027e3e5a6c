public import BSPCore

/// Simple figures of a topology's structure — counts, fan-in and fan-out per actor, notifiers
/// nobody observes — and the breaches of BSP's own rules, as a short text report:
///
/// ```text
/// Actors: 3. Notifiers: 4 (2 request, 2 event). Edges: 8 (4 sends on, 4 observes).
/// Fan-in / fan-out (notifiers received from / sent on) and connection pattern:
///   /actor/behaviour      2 / 2  Operator (single-way in, single-way out)
/// Connection patterns: 1 Source, 1 Operator, 1 Socket.
/// Tangle: 0 crossings among 2 connections (Presentation | Behaviour | Service, …).
/// Notifiers nobody observes: none.
/// BSP rules: kept.
/// ```
///
/// Each actor's ``ConnectionPattern`` is named and counted, and the ``Tangle`` of the topology
/// given: how many connections cross in BSP's three-column drawing.
///
/// The rules checked (see ``RuleViolation``): Service and Presentation never notify each other
/// directly; a notifier's URI lies under its owner's; only the owner emits on its event
/// notifiers; every request notifier has a handler; no Presentation or Service waits for
/// another actor's reply. The Behaviour ⇄ Presentation ⇄ Service
/// loops every BSP app has are not a fault, and are not reported.
public struct StructureReport: Hashable, Sendable, CustomStringConvertible {
    /// The topology described.
    public let topology: Topology

    /// The breaches of BSP's rules, in a stable order.
    public let violations: [RuleViolation]

    /// Describes `topology`; pass the trail it came from to find the rules a run broke.
    ///
    /// - Parameters:
    ///   - topology: What to describe: from a trail, a live context, or both merged.
    ///   - trail: The run, if any: who emitted each event and which requests found no handler
    ///     are known only from it.
    public init(topology: Topology, trail: AuditTrail? = nil) {
        self.topology = topology
        var violations = StructureReport.connectionsBetweenServiceAndPresentation(in: topology)
        violations += StructureReport.patternsContradictingRoles(in: topology)
        for record in trail?.records ?? [] {
            violations += StructureReport.violations(of: record)
        }
        self.violations = Array(Set(violations)).sorted { $0.description < $1.description }
    }

    /// For each actor, how many notifiers it receives from and sends on.
    public var fan: [(actor: ActorURI, fanIn: Int, fanOut: Int)] {
        topology.actors.map { actor in
            let edges = topology.edges.filter { $0.actor == actor }
            return (actor, edges.count { $0.kind == .observes }, edges.count { $0.kind == .sendsOn })
        }
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
            "Fan-in / fan-out (notifiers received from / sent on) and connection pattern:",
        ]
        let width = topology.actors.map(\.path.count).max() ?? 0
        let patterns = topology.connectionPatterns
        lines += fan.map { actor, fanIn, fanOut in
            let pattern = patterns[actor].map { "  \($0)" } ?? ""
            return "  \(actor.path.padding(toWidth: width))  \(fanIn) / \(fanOut)\(pattern)"
        }
        lines.append("Connection patterns: \(StructureReport.counts(of: patterns.values)).")
        let tangle = topology.tangle
        lines.append(
            "Tangle: \(tangle.crossings) crossing\(tangle.crossings == 1 ? "" : "s") among \(tangle.connections) "
                + "connection\(tangle.connections == 1 ? "" : "s") (Presentation | Behaviour | Service, columns "
                + "ordered to cross as little as the search finds).")
        lines.append(
            "Notifiers nobody observes: "
                + (unobserved.isEmpty ? "none." : unobserved.map(\.path).joined(separator: ", ")))
        lines.append("BSP rules: " + (violations.isEmpty ? "kept." : "\(violations.count) broken:"))
        lines += violations.map { "  - \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many actors have each pattern, in the order BSP names them: `2 Source, 1 Socket`.
    private static func counts(of patterns: some Collection<ConnectionPattern>) -> String {
        let counted = ConnectionPattern.Name.allCases.compactMap { name -> String? in
            let count = patterns.count { $0.name == name }
            return count == 0 ? nil : "\(count) \(name.rawValue)"
        }
        return counted.isEmpty ? "none" : counted.joined(separator: ", ")
    }

    /// Every Presentation or Service actor that waits for another actor's reply.
    private static func patternsContradictingRoles(in topology: Topology) -> [RuleViolation] {
        topology.connectionPatterns.compactMap { actor, pattern in
            guard pattern.output == .biWay, let role = ActorRole(of: actor), role != .behaviour else { return nil }
            return .patternContradictsRole(actor, pattern: pattern, role: role)
        }
    }

    /// Every edge from a Service actor to a Presentation actor's notifier, or back.
    private static func connectionsBetweenServiceAndPresentation(in topology: Topology) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        let senders = Dictionary(grouping: topology.edges.filter { $0.kind == .sendsOn }, by: \.notifier)
        for receive in topology.edges where receive.kind == .observes {
            for send in senders[receive.notifier] ?? [] where crossesServiceAndPresentation(send.actor, receive.actor) {
                violations.append(
                    .serviceAndPresentationConnected(
                        sender: send.actor, notifier: receive.notifier, receiver: receive.actor))
            }
        }
        return violations
    }

    private static func crossesServiceAndPresentation(_ one: ActorURI, _ other: ActorURI) -> Bool {
        let roles = Set([ActorRole(of: one), ActorRole(of: other)])
        return roles == [.service, .presentation]
    }

    /// The rules one recorded notification broke.
    private static func violations(of record: AuditRecord) -> [RuleViolation] {
        switch record.variety {
        case .request:
            if record.delivery == .undelivered {
                return [.unhandledRequests(record.notifier)]
            }
            return record.targets.filter { !record.notifier.actor.hasPrefix($0) }.map {
                .notifierOutsideOwner(record.notifier, owner: $0)
            }
        case .event:
            guard let emitter = record.source, emitter != record.notifier.actor else { return [] }
            return [.emittedByOther(record.notifier, emitter: emitter)]
        }
    }
}

extension String {
    fileprivate func padding(toWidth width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
