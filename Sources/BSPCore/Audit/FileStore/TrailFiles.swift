#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The files of one rotating trail: the current file, `run.jsonl`, and the full ones before
/// it, newest first: `run.1.jsonl`, `run.2.jsonl`, …
struct TrailFiles: Sendable {
    /// The current file's path.
    let current: String
    /// How many files the set keeps, the current one included.
    let count: Int

    /// The path of the file `generation` rotations old: 0 is the current file.
    func path(generation: Int) -> String {
        guard generation > 0 else { return current }
        let name = current.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? current
        let folder = String(current.dropLast(name.count))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return "\(folder)\(name).\(generation)"
        }
        return "\(folder)\(name[..<dot]).\(generation)\(name[dot...])"
    }

    /// The paths of the set's files that exist, oldest first: the current file, if there is
    /// one (a crash between two steps of a rotation may leave none), and every rotated one up
    /// to the first missing.
    var existing: [String] {
        var paths = access(current, F_OK) == 0 ? [current] : []
        var generation = 1
        while generation < count, access(path(generation: generation), F_OK) == 0 {
            paths.append(path(generation: generation))
            generation += 1
        }
        return paths.reversed()
    }

    /// Removes every file of the set but the current one, which a new trail truncates.
    func removeRotated() {
        for generation in 1..<max(count, 1) {
            unlink(path(generation: generation))
        }
    }

    /// Shifts every file one generation older, dropping the oldest, so that the current path
    /// is free for a new file.
    func rotate() throws(FileAuditStoreError) {
        for generation in (0..<(count - 1)).reversed() {
            let from = path(generation: generation)
            guard access(from, F_OK) == 0 else { continue }
            if rename(from, path(generation: generation + 1)) != 0 {
                throw .cannotRotate(from, reason: TrailFile.lastErrorReason())
            }
        }
    }
}

/// One open file of a trail, written with the system's calls so that a failure is an `errno`
/// that can be named.
final class TrailFile {
    let path: String
    private let descriptor: Int32
    /// The bytes in the file.
    private(set) var size: Int

    /// Opens `path` for appending, emptied.
    init(creating path: String) throws(FileAuditStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotOpen(path, reason: TrailFile.lastErrorReason())
        }
        self.path = path
        self.descriptor = descriptor
        self.size = 0
    }

    deinit {
        close(descriptor)
    }

    /// Writes all of `bytes`, retrying where the system writes part of them.
    func write(_ bytes: [UInt8]) throws(FileAuditStoreError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path, reason: TrailFile.lastErrorReason())
            }
            written += result
        }
        size += written
    }

    /// The description of the last system call's `errno`.
    static func lastErrorReason() -> String {
        String(cString: strerror(errno))
    }
}

/// The system's `write`, under a name that `TrailFile.write(_:)` does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
