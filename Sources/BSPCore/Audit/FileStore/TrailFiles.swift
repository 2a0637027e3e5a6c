public import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The files of one rotating trail: the current file, `run.jsonl`, and the full ones before
/// it, newest first: `run.1.jsonl`, `run.2.jsonl`, …
///
/// A reader that follows a running app's trail, such as an inspector, reads the set's files
/// and no other.
@_spi(Inspection) public struct TrailFiles: Sendable {
    /// The current file as the app named it.
    @_spi(Inspection) public let url: URL
    /// The current file's path.
    @_spi(Inspection) public let current: String
    /// How many files the set keeps, the current one included.
    @_spi(Inspection) public let count: Int

    /// The set whose current file is `url`, keeping `count` files.
    @_spi(Inspection) public init(url: URL, count: Int) {
        self.url = url
        self.current = url.path
        self.count = count
    }

    /// The URL of the set's file at `path`, as the app would name it: the URL it gave for the
    /// current file — relative or not, as given — and that URL's neighbour for a rotated one.
    func url(of path: String) -> URL {
        guard path != current else { return url }
        guard path.hasPrefix(String(current.dropLast(url.lastPathComponent.count))) else {
            return URL(trailFile: path)
        }
        let name = String(path.dropFirst(current.count - url.lastPathComponent.count))
        return url.deletingLastPathComponent().appendingPathComponent(name, isDirectory: false)
    }

    /// `fault`, naming the set's files as the app would (see ``url(of:)``).
    func naming(_ fault: FileAuditStoreError) -> FileAuditStoreError {
        switch fault {
        case .cannotOpen(let file, let reason): .cannotOpen(url(of: file.path), reason: reason)
        case .cannotWrite(let file, let reason): .cannotWrite(url(of: file.path), reason: reason)
        case .cannotRotate(let file, let reason): .cannotRotate(url(of: file.path), reason: reason)
        case .recordsDropped(let file, let count): .recordsDropped(url(of: file.path), count: count)
        case .inUse(let file): .inUse(url(of: file.path))
        case .invalidSettings(let file, let reason): .invalidSettings(url(of: file.path), reason: reason)
        }
    }

    /// The path of the file `generation` rotations old: 0 is the current file.
    @_spi(Inspection) public func path(generation: Int) -> String {
        guard generation > 0 else { return current }
        let name = current.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? current
        let folder = String(current.dropLast(name.count))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return "\(folder)\(name).\(generation)"
        }
        return "\(folder)\(name[..<dot]).\(generation)\(name[dot...])"
    }

    /// The paths of the set's files that exist, oldest first: its rotated files and the
    /// current file, if there is one.
    @_spi(Inspection) public var existing: [String] {
        let rotated = rotatedGenerations.reversed().map { path(generation: $0) }
        return rotated + (access(current, F_OK) == 0 ? [current] : [])
    }

    /// The generations of the set's rotated files that exist, newest first, found by listing
    /// the folder (a count as large as `Int.max` must not mean trying that many names).
    ///
    /// Only those the set's own rotation can have written: below ``count``, and each at most
    /// two above the one before, starting from 0 — a crash between two steps of a rotation
    /// leaves one generation missing, never more. A file of a generation beyond, such as an
    /// archived `run.2024.jsonl` beside a trail of four files, is not the set's, and is neither
    /// read nor removed.
    var rotatedGenerations: [Int] {
        var generations: [Int] = []
        for generation in listedGenerations.sorted() {
            guard generation < count, generation <= (generations.last ?? 0) + 2 else { break }
            generations.append(generation)
        }
        return generations
    }

    /// The generations of the files the folder holds under a rotated name of the set.
    private var listedGenerations: [Int] {
        let name = current.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? current
        let folder = String(current.dropLast(name.count))
        let (stem, suffix): (Substring, Substring) =
            if let dot = name.lastIndex(of: "."), dot != name.startIndex {
                (name[..<dot], name[dot...])
            } else {
                (name[...], "")
            }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return entries.compactMap { entry in
            guard entry.hasPrefix(stem + "."), entry.hasSuffix(suffix) else { return nil }
            let digits = entry.dropFirst(stem.count + 1).dropLast(suffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                let generation = Int(digits), generation > 0, path(generation: generation) == folder + entry
            else { return nil }
            return generation
        }
    }

    /// Removes the set's rotated files, oldest first, so that a crash part-way leaves the
    /// newest ones, which the set still reads as its own; the current file a new trail
    /// truncates.
    ///
    /// - Throws: ``FileAuditStoreError/inUse(_:)`` naming a file of the set that another store
    ///   writes — one opened on a rotated file's name — before removing any.
    func removeRotated() throws(FileAuditStoreError) {
        for (_, path) in try rotatedFilesToTouch().reversed() {
            unlink(path)
        }
    }

    /// Shifts every file one generation older, dropping those at the oldest generation kept,
    /// so that the current path is free for a new file.
    ///
    /// - Throws: ``FileAuditStoreError/inUse(_:)`` naming a file of the set that another store
    ///   writes, before moving any; ``FileAuditStoreError/cannotRotate(_:reason:)`` when a file
    ///   cannot be moved.
    func rotate() throws(FileAuditStoreError) {
        for (generation, from) in ([(0, current)] + (try rotatedFilesToTouch())).reversed() {
            guard generation + 1 < count else {
                unlink(from)
                continue
            }
            guard access(from, F_OK) == 0 else { continue }
            if rename(from, path(generation: generation + 1)) != 0 {
                let reason = TrailFile.lastErrorReason()
                throw .cannotRotate(URL(trailFile: from), reason: reason)
            }
        }
    }

    /// The generations and paths of the set's rotated files, newest first, once it is sure
    /// that the set may move and remove them: each is a regular file — never a device or a
    /// folder that bears a rotated name — that no other store writes.
    private func rotatedFilesToTouch() throws(FileAuditStoreError) -> [(generation: Int, path: String)] {
        try rotatedGenerations.map { generation throws(FileAuditStoreError) in
            let path = path(generation: generation)
            guard TrailFile.isRegularFile(at: path), !TrailFile.isLocked(at: path) else {
                throw .inUse(URL(trailFile: path))
            }
            return (generation, path)
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

    /// Whether the file is a regular file: a trail written to a device is never rotated.
    let isRegular: Bool

    /// Whether `path` names a regular file (following a symbolic link).
    static func isRegularFile(at path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether a store holds the lock of the file at `path`: it writes that file now.
    static func isLocked(at path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// Opens `path` for appending, emptied, and locked for as long as it is open.
    ///
    /// Locked before it is emptied: a file another store writes — reached through a hard
    /// link, which names the same file under another name — is refused as ``FileAuditStoreError/inUse(_:)``
    /// and left as it is.
    init(creating path: String) throws(FileAuditStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = TrailFile.lastErrorReason()
            throw .cannotOpen(URL(trailFile: path), reason: reason)
        }
        // Only a regular file is locked and emptied: a device, such as `/dev/null`, may be
        // written by many, and has nothing to empty.
        var status = stat()
        let isRegular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        if isRegular {
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let isHeld = errno == EWOULDBLOCK
                let reason = TrailFile.lastErrorReason()
                close(descriptor)
                throw isHeld ? .inUse(URL(trailFile: path)) : .cannotOpen(URL(trailFile: path), reason: reason)
            }
            guard ftruncate(descriptor, 0) == 0 else {
                let reason = TrailFile.lastErrorReason()
                close(descriptor)
                throw .cannotOpen(URL(trailFile: path), reason: reason)
            }
        }
        self.path = path
        self.descriptor = descriptor
        self.size = 0
        self.isRegular = isRegular
    }

    deinit {
        close(descriptor)
    }

    /// Writes all of `bytes`, retrying where the system writes part of them.
    ///
    /// A write that fails part-way — a full disk — is undone: the file is cut back to the end
    /// of its last whole line, so that the lines written once space is back start on a line of
    /// their own, and the trail still reads.
    func write(_ bytes: [UInt8]) throws(FileAuditStoreError) {
        var written = 0
        while written < bytes.count {
            // Borrowed only for the system call, which takes a pointer: no speed is bought here.
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let reason = TrailFile.lastErrorReason()
                if written > 0 {
                    _ = ftruncate(descriptor, off_t(size))
                }
                throw .cannotWrite(URL(trailFile: path), reason: reason)
            }
            written += result
        }
        size += written
    }

    /// Why a file could not be read: the system's description of the failure.
    struct ReadFailure: Error {
        let reason: String
    }

    /// Every byte of the file at `path`, read with the system's calls. (`Data(contentsOf:)`
    /// leaked a page for an empty file on Linux, found by fuzzing the trail's reader.)
    static func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: lastErrorReason())) }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(reason: lastErrorReason()))
            }
            if count == 0 { return .success(contents) }
            contents.append(contentsOf: chunk[..<count])
        }
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
