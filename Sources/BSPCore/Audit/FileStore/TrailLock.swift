import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The advisory lock that keeps a trail's path to one store at a time: two stores writing one
/// file interleave their lines and number them twice, and neither trail reads back.
///
/// An exclusive `flock` on a file beside the trail (`run.jsonl.lock`), held for the store's
/// life and released by the system when the store goes or its process dies — so a crash never
/// leaves the path locked. The lock file is named from the trail's path with its symbolic links
/// resolved, so that two paths to one file — a link to the file, or to its folder — take one
/// lock. (A hard link is another name of the same file: the store's `flock` on the file itself
/// refuses it; see `TrailFile`.)
final class TrailLock: Sendable {
    /// The lock file's descriptor; `nil` for a trail written to a device, which no rotation
    /// touches and beside which no lock file is made.
    private let descriptor: Int32?

    /// Takes the lock of the trail at `path`.
    ///
    /// - Throws: ``FileAuditStoreError/inUse(_:)`` when another store holds it,
    ///   ``FileAuditStoreError/cannotOpen(_:reason:)``, naming the trail, when the lock file
    ///   cannot be made.
    init(for path: String) throws(FileAuditStoreError) {
        if access(path, F_OK) == 0, !TrailFile.isRegularFile(at: path) {
            self.descriptor = nil
            return
        }
        let lockPath = Self.resolvingSymbolicLinks(path) + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        // Named by the trail's path: what stops the lock file stops the trail's too.
        guard descriptor >= 0 else {
            let reason = TrailFile.lastErrorReason()
            throw .cannotOpen(URL(trailFile: path), reason: reason)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let isHeld = errno == EWOULDBLOCK
            let reason = TrailFile.lastErrorReason()
            close(descriptor)
            throw isHeld ? .inUse(URL(trailFile: path)) : .cannotOpen(URL(trailFile: path), reason: reason)
        }
        self.descriptor = descriptor
    }

    /// `path` with its symbolic links resolved: the file's, if it exists, else its folder's.
    private static func resolvingSymbolicLinks(_ path: String) -> String {
        if let resolved = resolved(path) { return resolved }
        // In UTF-8 bytes: a name that begins with a combining mark joins the `/` before it in
        // one `Character`.
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        let folder = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        guard let resolvedFolder = resolved(folder) else { return path }
        let name = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
        return (resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/") + name
    }

    /// `path` made absolute with every symbolic link resolved, if it exists.
    private static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    deinit {
        // Unlocked before it is closed: a process forked meanwhile shares the lock until it
        // execs, and only an explicit unlock frees it for them all.
        guard let descriptor else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
