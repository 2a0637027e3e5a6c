@_spi(Inspection) import BSPCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes audited notifications to the trail at the path it is given, for the file store's
/// crash and disk-full tests.
///
/// usage:
/// - `trail-writer PATH [MAX_FILE_BYTES FILE_COUNT]`: writes for ever, printing `flushed N` each
///   time the first N are handed to the system; the crash test kills it with SIGKILL mid-write
///   and checks that everything it was told about reads back. Small files rotate every few
///   dozen records, so that a kill often lands inside a rotation.
/// - `trail-writer PATH --fill BYTES`: the file may grow to BYTES only, as a full disk allows
///   (`RLIMIT_FSIZE`); it writes until the store reports a failed write, then lifts the limit,
///   as a disk with space again, writes five more and flushes, and prints `done N`.
@main
enum CrashingTrailWriter {
    static func main() throws {
        let url = URL(fileURLWithPath: CommandLine.arguments[1])
        if CommandLine.arguments.count == 4, CommandLine.arguments[2] == "--fill" {
            try fillTheDisk(url, limit: Int(CommandLine.arguments[3]) ?? 4_096)
            return
        }
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

    private static func fillTheDisk(_ url: URL, limit: Int) throws {
        signal(SIGXFSZ, SIG_IGN)  // a write past the limit fails with EFBIG instead
        var limits = rlimit()
        getrlimit(fileSizeLimit, &limits)
        let unlimited = limits
        limits.rlim_cur = rlim_t(limit)
        setrlimit(fileSizeLimit, &limits)
        let failed = Locked(false)
        let store = try FileAuditStore(url: url, onFault: { _ in failed.withLock { $0 = true } })
        let events = EventNotifier<String>(of: "/actor/writer", audit: AuditContext(store: store))
        var sent = 0
        while !failed.withLock({ $0 }), sent < 100_000 {
            sent += 1
            // Long lines, flushed one at a time, so that the failing write is cut part-way.
            events.emit("notification \(sent) " + String(repeating: "x", count: 200))
            store.flush()
        }
        limits = unlimited
        setrlimit(fileSizeLimit, &limits)
        for _ in 0..<5 {
            sent += 1
            events.emit("after \(sent)")
        }
        store.flush()
        FileHandle.standardOutput.write(Data("done \(sent)\n".utf8))
    }
}

#if canImport(Glibc)
/// `RLIMIT_FSIZE`, typed as `setrlimit` takes it on this platform.
private let fileSizeLimit = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#else
private let fileSizeLimit = RLIMIT_FSIZE
#endif
