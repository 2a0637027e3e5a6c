import BSPInspector
import Foundation
import Logging
import NIOCore
import ServiceLifecycle

/// `bsp-inspect`: a live viewer of a running app's audit trail, in the browser.
@main
enum InspectMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.isEmpty
            || arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" })
        {
            print(InspectCommand.usage)
            return
        }
        let command: InspectCommand
        do {
            command = try InspectCommand(arguments: arguments)
        } catch {
            fail("\(error)\n\n\(InspectCommand.usage)", status: 2)
        }
        let trail = URL(fileURLWithPath: command.trail)
        let inspector = Inspector(trail: trail, fileCount: command.fileCount, port: command.port)
        let application = inspector.application(
            onRunning: { port in
                // Written at once, not buffered: a script waits for this line to open the page.
                let lines = "bsp-inspect: following \(trail.path)\nOpen \(inspector.address(port: port))\n"
                FileHandle.standardOutput.write(Data(lines.utf8))
            },
            onRefusal: { refusal, request in
                FileHandle.standardError.write(
                    Data("bsp-inspect: refused \(request.method) \(request.uri.path): \(refusal)\n".utf8))
            })
        // A page that stops reading holds its stream's write, and a graceful shutdown waits for
        // every stream: after a second it is cancelled, and a second later the program ends.
        var configuration = ServiceGroupConfiguration(
            services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "bsp-inspect"))
        configuration.maximumGracefulShutdownDuration = .seconds(1)
        configuration.maximumCancellationDuration = .seconds(1)
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            fail("port \(command.port) is already in use on 127.0.0.1: choose another, or leave out --port", status: 1)
        } catch {
            fail("\(error)", status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("bsp-inspect: \(message)\n".utf8))
        exit(status)
    }
}
