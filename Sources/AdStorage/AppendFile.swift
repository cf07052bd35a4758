#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An append-only file held open: each append is one `write` at the end
/// (O_APPEND), so a process killed at any instant leaves whole lines before
/// the one it was writing; ``sync()`` makes them survive a power cut too.
package final class AppendFile {
    package let path: String
    private var descriptor: Int32

    package init(path: String) throws(FileFailure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw FileSystem.failure(path, "open") }
    }

    deinit { _ = close(descriptor) }

    package func append(_ bytes: [UInt8]) throws(FileFailure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glue.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystem.failure(path, "write")
            }
            offset += count
        }
    }

    /// Flushes what was appended to the disk.
    package func sync() throws(FileFailure) {
        if fsync(descriptor) != 0 { throw FileSystem.failure(path, "fsync") }
    }

    /// A second descriptor of the file, to flush it from another thread
    /// while appends go on.
    package func duplicateDescriptor() throws(FileFailure) -> Int32 {
        let copy = dup(descriptor)
        if copy < 0 { throw FileSystem.failure(path, "dup") }
        return copy
    }

    /// Opens the file at ``path`` again (after it was replaced).
    package func reopen() throws(FileFailure) {
        let fresh = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if fresh < 0 { throw FileSystem.failure(path, "open") }
        _ = close(descriptor)
        descriptor = fresh
    }
}

/// A flush of a file's appends up to a point, on a descriptor of its own,
/// so it runs while the file takes more.
package final class FileSyncHandle: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String

    package init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { _ = close(descriptor) }

    /// Flushes the file to the disk.
    package func sync() throws(FileFailure) {
        if fsync(descriptor) != 0 { throw FileSystem.failure(path, "fsync") }
    }
}
