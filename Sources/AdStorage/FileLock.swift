#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// An exclusive lock on a file, held until released or the process ends
/// (a killed process's lock goes with it), so one process at a time owns
/// what the file guards.
///
/// It is a POSIX record lock (`fcntl` `F_SETLK`), which belongs to the
/// process: a child the process starts does not inherit it. (A `flock`
/// lock belongs to the open file, and a child forked by any thread keeps
/// that open until it execs, so a lock released here could still be held
/// for a moment by another process, and taking it again would fail at
/// random.) Record locks do not exclude the process that holds them, so
/// the locks this process holds are also kept in a registry: a second lock
/// of the same file in this process is refused as one in another process is.
package final class FileLock {
    /// A file, however its path is written.
    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ status: stat) {
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
        }
    }

    private let descriptor: Int32
    private let id: FileID

    /// The files this process holds locks on. Every access holds `registryLock`.
    nonisolated(unsafe) private static var held: Set<FileID> = []
    private static let registryLock = NSLock()

    /// Takes the lock on `path`, creating the file; `nil` when another
    /// process, or this one, holds it.
    package init?(path: String) throws(FileFailure) {
        Self.registryLock.lock()
        defer { Self.registryLock.unlock() }
        // Checked before opening: closing a second descriptor of a locked
        // file would release this process's record lock on it.
        var status = stat()
        if stat(path, &status) == 0, Self.held.contains(FileID(status)) { return nil }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw FileSystem.failure(path, "open") }
        if fstat(descriptor, &status) != 0 {
            let code = errno
            _ = close(descriptor)
            errno = code
            throw FileSystem.failure(path, "fstat")
        }
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 0
        if fcntl(descriptor, F_SETLK, &request) != 0 {
            let code = errno
            _ = close(descriptor)
            if code == EACCES || code == EAGAIN { return nil }
            errno = code
            throw FileSystem.failure(path, "fcntl(F_SETLK)")
        }
        self.descriptor = descriptor
        id = FileID(status)
        Self.held.insert(id)
    }

    deinit {
        Self.registryLock.lock()
        defer { Self.registryLock.unlock() }
        Self.held.remove(id)
        _ = close(descriptor)
    }
}
