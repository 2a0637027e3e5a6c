@_spi(Inspection) import BSPCore

extension Topology {
    /// The topology as a Graphviz DOT graph, in the package's visual language (see
    /// ``SequenceDiagram``).
    ///
    /// Actors are rounded boxes labelled with their ``ConnectionPattern``; request notifiers
    /// are arrow-shaped (`cds`), event notifiers ellipses. A connection to or from a synchronous
    /// notifier has a filled head, to or from an asynchronous one an open head; a bi-way
    /// notifier's replies go back to each sender as a dashed line. Each scope stack is a cluster
    /// with its scopes in stack order, and a legend cluster explains the edges.
    ///
    /// ```sh
    /// dot -Tsvg topology.dot > topology.svg
    /// ```
    public func dot() -> String {
        var lines = [
            "digraph bsp {",
            "  rankdir=LR;",
            "  node [fontname=\"Helvetica\", fontsize=10];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        let patterns = connectionPatterns
        func label(_ actor: ActorURI) -> String {
            DOT.quoted(actor.path, then: patterns[actor].map { "\($0)" })
        }
        let clustered = Set(stacks.flatMap(\.scopes))
        for actor in actors where !clustered.contains(actor) {
            lines.append("  \(DOT.quoted(actor.path)) [shape=box, style=rounded, label=\(label(actor))];")
        }
        for (index, stack) in stacks.enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(DOT.quoted(stack.uri.path)); style=rounded; color=gray60;")
            for scope in stack.scopes {
                lines.append(
                    "    \(DOT.quoted(scope.path)) [shape=box, style=\"rounded,filled\", fillcolor=gray95, label=\(label(scope))];"
                )
            }
            for (lower, upper) in zip(stack.scopes, stack.scopes.dropFirst()) {
                lines.append("    \(DOT.quoted(lower.path)) -> \(DOT.quoted(upper.path)) [style=invis];")
            }
            lines.append("  }")
        }
        for notifier in notifiers {
            let shape = notifier.variety == .request ? "shape=cds" : "shape=ellipse"
            lines.append("  \(DOT.quoted(notifier.uri.path)) [\(shape), label=\(DOT.quoted(notifier.uri.path))];")
        }
        for edge in edges {
            lines += dotLines(of: edge)
        }
        lines += Topology.dotLegend
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// An edge, and for a sender on a bi-way notifier the replies coming back.
    private func dotLines(of edge: Edge) -> [String] {
        let aspect = self.aspect(of: edge.notifier)
        let head = aspect.timing == .asynchronous ? ", arrowhead=onormal" : ""
        let actor = DOT.quoted(edge.actor.path)
        let notifier = DOT.quoted(edge.notifier.path)
        switch edge.kind {
        case .sendsOn where aspect.way == .biWay:
            return [
                "  \(actor) -> \(notifier) [label=\"sends on\"\(head)];",
                "  \(notifier) -> \(actor) [label=\"replies\", style=dashed, arrowhead=onormal];",
            ]
        case .sendsOn:
            return ["  \(actor) -> \(notifier) [label=\"sends on\"\(head)];"]
        case .observes:
            let verb = variety(of: edge.notifier) == .request ? "handles" : "observes"
            return ["  \(notifier) -> \(actor) [label=\"\(verb)\"\(head)];"]
        }
    }

    private static let dotLegend = [
        "  subgraph cluster_legend {",
        "    label=\"Legend\"; style=rounded; color=gray80; fontname=\"Helvetica\"; fontsize=9;",
        "    node [shape=plaintext, fontsize=9, label=\"\"];",
        "    legend_s1 -> legend_s2 [label=\"synchronous\"];",
        "    legend_a1 -> legend_a2 [label=\"asynchronous\", arrowhead=onormal];",
        "    legend_r1 -> legend_r2 [label=\"reply\", style=dashed, arrowhead=onormal];",
        "  }",
    ]

    /// The variety of `notifier`; a notifier not in the graph is taken as an event notifier.
    func variety(of notifier: NotifierURI) -> NotifierVariety {
        self.notifier(notifier)?.variety ?? .event
    }

    /// The aspect of `notifier`; a notifier not in the graph is taken as synchronous
    /// single-way.
    func aspect(of notifier: NotifierURI) -> InteractionAspect {
        self.notifier(notifier)?.aspect ?? .synchronousSingleWay
    }

    /// The notifier of the graph with this URI, found by bisection: ``notifiers`` is sorted.
    private func notifier(_ uri: NotifierURI) -> Notifier? {
        var (low, high) = (0, notifiers.count)
        while low < high {
            let middle = (low + high) / 2
            if notifiers[middle].uri < uri { low = middle + 1 } else { high = middle }
        }
        return low < notifiers.count && notifiers[low].uri == uri ? notifiers[low] : nil
    }

    /// The topology as a Mermaid flowchart, drawn as ``dot()`` draws it as far as Mermaid can:
    /// request notifiers as parallelograms, event notifiers as stadiums, a connection to an
    /// asynchronous notifier ending in a circle (`--o`), replies dotted, scope stacks as
    /// subgraphs in stack order, and a legend.
    public func mermaid() -> String {
        var ids: [String: String] = [:]
        func id(_ path: String, _ prefix: String) -> String {
            if let existing = ids[path] { return existing }
            let new = "\(prefix)\(ids.count)"
            ids[path] = new
            return new
        }
        let patterns = connectionPatterns
        func node(_ actor: ActorURI) -> String {
            let pattern = patterns[actor].map { "<br/>\(TextEscaping.mermaid("\($0)"))" } ?? ""
            return "\(id(actor.path, "a"))[\"\(actor.path)\(pattern)\"]"
        }
        var lines = ["flowchart LR"]
        let clustered = Set(stacks.flatMap(\.scopes))
        for actor in actors where !clustered.contains(actor) {
            lines.append("  \(node(actor))")
        }
        for (index, stack) in stacks.enumerated() {
            lines.append("  subgraph stack\(index) [\"\(stack.uri.path)\"]")
            lines.append("    direction TB")
            for scope in stack.scopes {
                lines.append("    \(node(scope))")
            }
            lines.append("  end")
        }
        for notifier in notifiers {
            let node = id(notifier.uri.path, "n")
            lines.append(
                notifier.variety == .request
                    ? "  \(node)[/\"\(notifier.uri.path)\"/]" : "  \(node)([\"\(notifier.uri.path)\"])")
        }
        for edge in edges {
            let actor = id(edge.actor.path, "a")
            let notifier = id(edge.notifier.path, "n")
            let aspect = self.aspect(of: edge.notifier)
            let head = aspect.timing == .asynchronous ? "o" : ">"
            switch edge.kind {
            case .sendsOn:
                lines.append("  \(actor) -- sends on --\(head) \(notifier)")
                if aspect.way == .biWay { lines.append("  \(notifier) -. replies .-> \(actor)") }
            case .observes:
                let verb = variety(of: edge.notifier) == .request ? "handles" : "observes"
                lines.append("  \(notifier) -- \(verb) --\(head) \(actor)")
            }
        }
        lines += [
            "  subgraph legend [\"Legend\"]",
            "    legend1[ ] -- synchronous --> legend2[ ]",
            "    legend3[ ] -- asynchronous --o legend4[ ]",
            "    legend5[ ] -. reply .-> legend6[ ]",
            "  end",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// DOT's quoting.
enum DOT {
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text`, and `more` on a line of its own, as one quoted label.
    static func quoted(_ text: String, then more: String?) -> String {
        "\"" + escaped(text) + (more.map { "\\n" + escaped($0) } ?? "") + "\""
    }

    private static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }
}
