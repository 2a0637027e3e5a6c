import BSPCore
import BSPDiagrams
import Foundation

/// What `bsp-diagram` was asked to do.
struct DiagramCommand: Equatable {
    enum Drawing: String, CaseIterable {
        case topology, sequence, report
    }

    enum Format: String, CaseIterable {
        case dot, mermaid, svg, text
    }

    var drawing: Drawing
    var trail: String
    var format: Format
    /// Where to write; `nil` for standard output.
    var output: String?

    static let usage = """
        usage: bsp-diagram <topology|sequence|report> TRAIL.jsonl [--dot|--mermaid|--svg [FILE]]
          topology  actors, notifiers and connections: --dot (default) or --mermaid
          sequence  the run as a sequence diagram: --mermaid (default) or --svg
          report    counts, fan-in and fan-out, unobserved notifiers, and the BSP rules the run broke
        With FILE the drawing is written there, otherwise to standard output.
        """

    init(arguments: [String]) throws(DiagramError) {
        guard arguments.count >= 2, let drawing = Drawing(rawValue: arguments[0]) else {
            throw .usage(arguments.first.map { "unknown drawing '\($0)'" } ?? "nothing to draw")
        }
        self.drawing = drawing
        trail = arguments[1]
        format = drawing == .topology ? .dot : drawing == .sequence ? .mermaid : .text
        var rest = arguments.dropFirst(2)
        if let flag = rest.popFirst() {
            guard flag.hasPrefix("--"), let format = Format(rawValue: String(flag.dropFirst(2))), format != .text else {
                throw .usage("unknown format '\(flag)'")
            }
            guard DiagramCommand.formats(of: drawing).contains(format) else {
                throw .usage(
                    "a \(drawing.rawValue) is drawn as "
                        + DiagramCommand.formats(of: drawing).map { "--\($0.rawValue)" }.joined(separator: " or "))
            }
            self.format = format
            output = rest.popFirst()
        }
        guard rest.isEmpty else { throw .usage("unexpected '\(rest.first!)'") }
    }

    static func formats(of drawing: Drawing) -> [Format] {
        switch drawing {
        case .topology: [.dot, .mermaid]
        case .sequence: [.mermaid, .svg]
        case .report: [.text]
        }
    }

    /// Draws the trail.
    func render(_ trail: AuditTrail) -> String {
        switch (drawing, format) {
        case (.topology, .mermaid): Topology(trail: trail).mermaid()
        case (.topology, _): Topology(trail: trail).dot()
        case (.sequence, .svg): SequenceDiagram(trail: trail).svg()
        case (.sequence, _): SequenceDiagram(trail: trail).mermaid()
        case (.report, _): StructureReport(topology: Topology(trail: trail), trail: trail).description
        }
    }
}

/// Why `bsp-diagram` could not draw.
enum DiagramError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case trail(AuditTrailError)
    case unwritable(String, reason: String)

    var description: String {
        switch self {
        case .usage(let problem): "\(problem)\n\(DiagramCommand.usage)"
        case .trail(let error): "\(error)"
        case .unwritable(let path, let reason): "Cannot write '\(path)': \(reason)."
        }
    }

    var exitCode: Int32 {
        if case .usage = self { 2 } else { 1 }
    }
}
