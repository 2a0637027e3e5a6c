import BSPCore
import Foundation

/// Writes audited notifications to the trail at the path it is given, for ever, printing
/// `flushed N` each time the first N are handed to the system: the crash test kills it with
/// SIGKILL mid-write and checks that everything it was told about reads back.
///
/// usage: trail-writer PATH [MAX_FILE_BYTES FILE_COUNT]: small files rotate every few dozen
/// records, so that a kill often lands inside a rotation.
@main
enum CrashingTrailWriter {
    static func main() throws {
        let url = URL(fileURLWithPath: CommandLine.arguments[1])
        let arguments = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
        let store = try FileAuditStore(
            url: url, maxFileBytes: arguments.first ?? 1 << 30, fileCount: arguments.dropFirst().first ?? 1)
        let audit = AuditContext(store: store)
        let events = EventNotifier<String>(of: "/actor/writer", audit: audit)
        var sent = 0
        while true {
            for _ in 0..<100 {
                sent += 1
                events.emit("notification \(sent) " + String(repeating: "·", count: sent % 40))
            }
            store.flush()
            // Unbuffered: the parent reads each line as soon as it is written.
            FileHandle.standardOutput.write(Data("flushed \(sent)\n".utf8))
        }
    }
}
