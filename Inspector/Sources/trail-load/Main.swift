import BSPCore
import Foundation

/// `trail-load`: a small app that writes its audit trail to a file as it runs, at a steady
/// rate — what `bsp-inspect` follows in the browser test, and how fast the page keeps up is
/// measured against.
///
/// usage: trail-load TRAIL.jsonl --records N [--rate N] [--max-file-bytes N] [--files N]
///
/// Each tap is four records, each caused by the one before: the Presentation's intent, the
/// Behaviour's question to the Service (answered: a reply), the Service's event, and the
/// Behaviour's request to the Presentation. `--rate 0` writes as fast as it can.
@main
enum TrailLoadMain {
    static func main() {
        let options: Options
        do {
            options = try Options(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("trail-load: \(error)\n\(Options.usage)\n".utf8))
            exit(2)
        }
        let store: FileAuditStore
        do {
            store = try FileAuditStore(
                url: URL(fileURLWithPath: options.trail), maxFileBytes: options.maxFileBytes, fileCount: options.files)
        } catch {
            FileHandle.standardError.write(Data("trail-load: \(error)\n".utf8))
            exit(1)
        }
        let audit = AuditContext(store: store, clock: ContinuousClock())
        let (presentation, keep) = audit.withCurrent { Self.fabric() }
        let taps = (options.records + 3) / 4
        let started = ContinuousClock.now
        for tap in 0..<taps {
            presentation.tapped(tap)
            if options.rate > 0 {
                let due = started + .seconds(Double((tap + 1) * 4) / Double(options.rate))
                let wait = ContinuousClock.now.duration(to: due).components
                if wait.seconds >= 0 && (wait.seconds, wait.attoseconds) > (0, 0) {
                    Thread.sleep(forTimeInterval: Double(wait.seconds) + Double(wait.attoseconds) / 1e18)
                }
            }
        }
        store.flush()
        withExtendedLifetime(keep) {}
        print("trail-load: \(taps * 4) records written to \(options.trail)")
    }

    /// The three actors, wired: the Presentation to tap, and what must stay alive.
    static func fabric() -> (LoadPresentation, [AnyObject]) {
        let service = LoadService()
        let presentation = LoadPresentation()
        let behaviour = LoadBehaviour(service: service, presentation: presentation)
        return (presentation, [service, behaviour])
    }
}

struct Options {
    var trail = ""
    var records = 0
    var rate = 0
    var maxFileBytes = 1 << 20
    var files = 100_000

    static let usage = "usage: trail-load TRAIL.jsonl --records N [--rate N] [--max-file-bytes N] [--files N]"

    init(_ arguments: [String]) throws(LoadError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                trail = argument
                continue
            }
            guard let text = rest.popFirst(), let value = Int(text), value >= 0 else {
                throw LoadError(description: "\(argument) takes a whole number")
            }
            switch argument {
            case "--records": records = value
            case "--rate": rate = value
            case "--max-file-bytes": maxFileBytes = value
            case "--files": files = value
            default: throw LoadError(description: "unknown option '\(argument)'")
            }
        }
        guard !trail.isEmpty else { throw LoadError(description: "no trail named") }
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
}
