#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One file of a trail, open for reading: the file it was when opened, whatever name it has
/// since — the app's rotation renames it.
final class OpenTrailFile {
    private let descriptor: Int32
    /// The file's identity, to tell whether a path still names it.
    let identity: FileIdentity

    /// Opens the file at `path`, or `nil` if there is none (yet) or it is not a regular file.
    init?(path: String) {
        // Without waiting: opening a FIFO for reading would wait for a writer. Reads of a
        // regular file never wait, with the flag or without.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.identity = FileIdentity(status)
    }

    deinit {
        close(descriptor)
    }

    /// Up to `limit` bytes from `offset`; none at the end of the file.
    func read(at offset: Int, limit: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while true {
            count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress!, limit, off_t(offset))
            }
            if count >= 0 || errno != EINTR { break }
        }
        bytes.removeLast(limit - max(count, 0))
        return bytes
    }
}

/// A file's device and inode: what stays the same when the file is renamed.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of the file at `path`, if there is one.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
