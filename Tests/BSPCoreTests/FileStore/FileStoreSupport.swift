import BSPCore
import Foundation

/// A fresh folder for one test's trail files, removed when the test's `defer` says so.
struct TrailFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bsp-file-store-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file in the folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Faults a store reports, kept for a test to read.
final class FileFaultLog: @unchecked Sendable {
    // @unchecked: `faults` is read and written under `lock` only.
    private let lock = NSLock()
    private var faults: [FileAuditStoreError] = []

    var all: [FileAuditStoreError] {
        lock.withLock { faults }
    }

    var handler: @Sendable (FileAuditStoreError) -> Void {
        { fault in self.lock.withLock { self.faults.append(fault) } }
    }
}

/// Emits events `event 1`, `event 2`, … on one notifier auditing into a store, so that their
/// sequence numbers go on from one call to the next.
final class TrailEmitter {
    let events: EventNotifier<String>
    private var sent = 0

    init(into store: some AuditStore) {
        events = EventNotifier<String>(of: "/actor/writer", audit: AuditContext(store: store))
    }

    func emit(_ count: Int) {
        for _ in 0..<count {
            sent += 1
            events.emit("event \(sent)")
        }
    }
}

/// Emits `count` events into `store` from a new context.
func emitEvents(_ count: Int, into store: some AuditStore) {
    TrailEmitter(into: store).emit(count)
}
