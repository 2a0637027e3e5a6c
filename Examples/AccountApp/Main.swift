import BSPCore
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs the Generic Account App: interactive at a terminal, a scripted demo otherwise.
@main
enum AccountAppMain {
    static func main() throws {
        let options: Options
        do {
            options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(2)
        }
        let store = InMemoryAuditStore(capacity: 1_000_000)
        let audit = options.records ? AuditContext(store: store) : AuditContext.disabled
        let app = try audit.withCurrent {
            try AccountApp(portal: Portal(disconnectionLimit: options.disconnectionLimit))
        }
        let console = Console(app: app) { print($0) }

        try app.start()
        print(app.presentation.screen)
        if options.demo || isatty(STDIN_FILENO) == 0 {
            playDemo(on: console)
        } else {
            print(Console.help)
            while true {
                FileHandle.standardOutput.write(Data("> ".utf8))  // unbuffered, so it shows before input
                guard let line = readLine(), console.run(line) else { break }
            }
        }

        if let trail = options.trail {
            try store.trail.write(to: URL(fileURLWithPath: trail))
            print("Audit trail: \(store.count) notifications written to \(trail)")
        }
        if let folder = options.diagrams {
            try Diagrams.write(live: audit, trail: store.trail, to: URL(fileURLWithPath: folder))
            print("Diagrams written to \(folder): \(Diagrams.files.joined(separator: ", "))")
        }
    }

    private static func playDemo(on console: Console) {
        for line in DemoScript.lines {
            print("\n> \(line)")
            guard console.run(line) else { break }
        }
    }
}
