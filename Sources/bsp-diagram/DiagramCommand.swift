import BSPCore
import BSPDiagrams
import Foundation

/// What `bsp-diagram` was asked to do.
struct DiagramCommand: Equatable {
    enum Drawing: String, CaseIterable {
        case topology, sequence, report, html, value
    }

    enum Format: String, CaseIterable {
        case dot, mermaid, svg, text, html
    }

    var drawing: Drawing
    var trail: String
    var format: Format
    /// Where to write; `nil` for standard output.
    var output: String?
    /// For `value`, the sequence number of the notification shown.
    var sequence: UInt64?

    static let usage = """
        usage: bsp-diagram <topology|sequence|report> TRAIL.jsonl [--dot|--mermaid|--svg [FILE]]
               bsp-diagram html TRAIL.jsonl [--output FILE.html]
               bsp-diagram value TRAIL.jsonl SEQUENCE
          topology  actors, notifiers and connections: --dot (default) or --mermaid
          sequence  the run as a sequence diagram: --mermaid (default) or --svg
          report    counts, fan-in and fan-out, each actor's connection pattern, the tangle
                    (connections that cross), unobserved notifiers, and the BSP rules the run broke
          html      an interactive page: lifelines, filter, search, causes and scope stacks
          value     one notification's recorded value and reply, a field a line, redactions marked
        With FILE the drawing is written there, otherwise to standard output. A trail kept by
        a FileAuditStore is read with its rotated files; a last line a crash cut short is skipped.
        """

    init(arguments: [String]) throws(DiagramError) {
        guard let first = arguments.first, let drawing = Drawing(rawValue: first) else {
            throw .usage(arguments.first.map { "unknown drawing '\($0)'" } ?? "nothing to draw")
        }
        guard arguments.count >= 2 else {
            throw .usage("a \(drawing.rawValue) is drawn from a trail: bsp-diagram \(drawing.rawValue) TRAIL.jsonl")
        }
        self.drawing = drawing
        trail = arguments[1]
        format = drawing == .topology ? .dot : drawing == .sequence ? .mermaid : drawing == .html ? .html : .text
        var rest = arguments.dropFirst(2)
        if drawing == .value {
            guard let text = rest.popFirst(), let sequence = UInt64(text) else {
                throw .usage("a value is shown for a SEQUENCE number: bsp-diagram value TRAIL.jsonl 12")
            }
            self.sequence = sequence
        } else if drawing == .html {
            if let flag = rest.popFirst() {
                guard flag == "--output", let file = rest.popFirst() else {
                    throw .usage("an html page is written with --output FILE")
                }
                output = file
            }
        } else if let flag = rest.popFirst() {
            guard flag.hasPrefix("--"), let format = Format(rawValue: String(flag.dropFirst(2))), format != .text,
                format != .html
            else {
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
        case .html: [.html]
        case .value: [.text]
        }
    }

    /// Draws the trail.
    func render(_ trail: AuditTrail) throws(DiagramError) -> String {
        switch (drawing, format) {
        case (.topology, .mermaid): Topology(trail: trail).mermaid()
        case (.topology, _): Topology(trail: trail).dot()
        case (.sequence, .svg): SequenceDiagram(trail: trail).svg()
        case (.sequence, _): SequenceDiagram(trail: trail).mermaid()
        case (.report, _): StructureReport(topology: Topology(trail: trail), trail: trail).description
        case (.html, _): TrailViewer(trail: trail, title: "Audit trail — \(trail.records.count) notifications").html()
        case (.value, _): try valueText(in: trail)
        }
    }

    /// The notification `sequence`, its value and its reply as outlines.
    private func valueText(in trail: AuditTrail) throws(DiagramError) -> String {
        guard let record = trail.records.first(where: { $0.sequence == sequence }) else {
            throw .noSuchNotification(sequence ?? 0, self.trail)
        }
        var text = "\(record)\n"
        text +=
            record.value.map { "Value:\n" + ValueOutline($0).lines.map { "  \($0)\n" }.joined() }
            ?? "No value recorded: its type is not Codable, or its text is its value.\n"
        text += record.reply.map { "Reply:\n" + ValueOutline($0).lines.map { "  \($0)\n" }.joined() } ?? ""
        return text
    }
}

/// Why `bsp-diagram` could not draw.
enum DiagramError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case trail(AuditTrailError)
    case unwritable(String, reason: String)
    case noSuchNotification(UInt64, String)

    var description: String {
        switch self {
        case .usage(let problem): "\(problem)\n\(DiagramCommand.usage)"
        case .trail(let error): "\(error)"
        case .unwritable(let path, let reason): "Cannot write '\(path)': \(reason)."
        case .noSuchNotification(let sequence, let path): "The trail '\(path)' holds no notification #\(sequence)."
        }
    }

    var exitCode: Int32 {
        if case .usage = self { 2 } else { 1 }
    }
}
