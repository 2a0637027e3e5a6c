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
        // The trail goes to its file as the app runs, through a background writer, as a
        // shipped app would keep it: after a crash, it is there.
        let file = try options.trail.map { try FileAuditStore(url: URL(fileURLWithPath: $0)) }
        let audit =
            options.records
            ? AuditContext(store: TeeAuditStore([store] + (file.map { [$0] } ?? [])), clock: ContinuousClock())
            : .disabled
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

        if let file {
            file.flush()
            print("Audit trail: \(store.count) notifications written to \(file.url.path)")
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
