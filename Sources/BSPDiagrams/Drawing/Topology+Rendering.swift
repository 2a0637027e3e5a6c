import BSPCore

extension Topology {
    /// The topology as a Graphviz DOT graph.
    ///
    /// Actors are rounded boxes; request notifiers are arrow-shaped (`cds`), event notifiers
    /// dashed ellipses; "sends on" edges are solid, "observes" edges dashed; each scope stack is
    /// a cluster with its scopes in stack order.
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
        let clustered = Set(stacks.flatMap(\.scopes))
        for actor in actors where !clustered.contains(actor) {
            lines.append("  \(DOT.quoted(actor.path)) [shape=box, style=rounded];")
        }
        for (index, stack) in stacks.enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(DOT.quoted(stack.uri.path)); style=rounded; color=gray60;")
            for scope in stack.scopes {
                lines.append("    \(DOT.quoted(scope.path)) [shape=box, style=\"rounded,filled\", fillcolor=gray95];")
            }
            for (lower, upper) in zip(stack.scopes, stack.scopes.dropFirst()) {
                lines.append("    \(DOT.quoted(lower.path)) -> \(DOT.quoted(upper.path)) [style=invis];")
            }
            lines.append("  }")
        }
        for notifier in notifiers {
            let shape = notifier.variety == .request ? "shape=cds" : "shape=ellipse, style=dashed"
            lines.append("  \(DOT.quoted(notifier.uri.path)) [\(shape), label=\(DOT.quoted(notifier.uri.path))];")
        }
        for edge in edges {
            switch edge.kind {
            case .sendsOn:
                lines.append(
                    "  \(DOT.quoted(edge.actor.path)) -> \(DOT.quoted(edge.notifier.path)) [label=\"sends on\"];")
            case .observes:
                lines.append(
                    "  \(DOT.quoted(edge.notifier.path)) -> \(DOT.quoted(edge.actor.path)) [label=\"observes\", style=dashed];"
                )
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The topology as a Mermaid flowchart, drawn the same way as ``dot()``: request
    /// notifiers as parallelograms, event notifiers as stadiums, observations dotted, scope
    /// stacks as subgraphs in stack order.
    public func mermaid() -> String {
        var ids: [String: String] = [:]
        func id(_ path: String, _ prefix: String) -> String {
            if let existing = ids[path] { return existing }
            let new = "\(prefix)\(ids.count)"
            ids[path] = new
            return new
        }
        var lines = ["flowchart LR"]
        let clustered = Set(stacks.flatMap(\.scopes))
        for actor in actors where !clustered.contains(actor) {
            lines.append("  \(id(actor.path, "a"))[\"\(actor.path)\"]")
        }
        for (index, stack) in stacks.enumerated() {
            lines.append("  subgraph stack\(index) [\"\(stack.uri.path)\"]")
            lines.append("    direction TB")
            for scope in stack.scopes {
                lines.append("    \(id(scope.path, "a"))[\"\(scope.path)\"]")
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
            lines.append(
                edge.kind == .sendsOn
                    ? "  \(actor) -- sends on --> \(notifier)" : "  \(notifier) -. observes .-> \(actor)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// DOT's quoting.
enum DOT {
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
