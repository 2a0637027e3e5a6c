import BSPCore
import BSPDiagrams
import Foundation

/// The drawings of a run: what happened (from the trail), what is connected at the end (from the
/// live fabric), the run's sequence, and the structure report.
enum Diagrams {
    static let files = [
        "topology.dot", "topology.mmd", "live-topology.mmd", "sequence.mmd", "sequence.svg", "report.txt",
    ]

    static func write(live audit: AuditContext, trail: AuditTrail, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let topology = Topology(trail: trail)
        let sequence = SequenceDiagram(trail: trail)
        let contents = [
            topology.dot(), topology.mermaid(), Topology(live: audit).mermaid(), sequence.mermaid(),
            sequence.svg(), StructureReport(topology: topology, trail: trail).description,
        ]
        for (file, text) in zip(files, contents) {
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
    }
}
