import BSPCore
import Foundation

/// `bsp-diagram`: draws a recorded audit trail (JSON Lines) as a topology, a sequence diagram
/// or a structure report.
@main
enum BSPDiagramMain {
    static func main() {
        do {
            try run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("bsp-diagram: \(error)\n".utf8))
            exit(error.exitCode)
        }
    }

    static func run(_ arguments: [String]) throws(DiagramError) {
        // Asked for, or given nothing to do, the usage is the answer: on standard output, and
        // no failure.
        if arguments.isEmpty || arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
            print(DiagramCommand.usage)
            return
        }
        let command = try DiagramCommand(arguments: arguments)
        let trail: AuditTrail
        do {
            let recovered = try FileAuditStore.read(URL(fileURLWithPath: command.trail))
            for torn in recovered.tornLines {
                FileHandle.standardError.write(
                    Data(
                        "bsp-diagram: skipped line \(torn.line) of '\(torn.file.path)': cut short while it was written\n"
                            .utf8))
            }
            trail = recovered.trail
        } catch {
            throw .trail(error)
        }
        let drawing = try command.render(trail)
        guard let output = command.output else {
            print(drawing, terminator: "")
            return
        }
        do {
            try Data(drawing.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw .unwritable(output, reason: error.localizedDescription)
        }
    }
}
