#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file operation failed: a system call, with the file and the
/// errno, or a file larger than its reader allows.
package enum FileFailure: Error, Sendable {
    case system(path: String, operation: String, code: Int32, message: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
}

/// The few POSIX calls an atomic, durable replace and an append-only
/// journal need, each failing with the file and the errno instead of a
/// Foundation error.
package enum FileSystem {
    /// Reads a whole file, refusing one larger than `limit` bytes; `nil`
    /// when it does not exist.
    package static func read(_ path: String, limit: Int) throws(FileFailure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure(path, "open")
        }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "read")
            }
            if count == 0 { return bytes }
            if bytes.count + count > limit {
                throw .tooLarge(path: path, bytes: bytes.count + count, limit: limit)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Replaces `path` with `bytes` so that a reader, or a restart after a
    /// crash at any instant, sees either the old file or the new one whole:
    /// the bytes go to a temporary file in the same directory, are flushed
    /// to the disk, and the temporary file is renamed over `path`; then the
    /// directory is flushed so the rename itself survives a power cut.
    package static func replace(_ path: String, with bytes: [UInt8]) throws(FileFailure) {
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw failure(temporary, "open") }
        var written = false
        defer { if !written { _ = unlink(temporary) } }
        do {
            defer { _ = close(descriptor) }
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeBytes {
                    Glue.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(temporary, "write")
                }
                offset += count
            }
            if fsync(descriptor) != 0 { throw failure(temporary, "fsync") }
        }
        if rename(temporary, path) != 0 { throw failure(path, "rename") }
        written = true
        try flushDirectory(of: path)
    }

    /// Creates the directory at `path` unless it exists (its parent must).
    package static func makeDirectory(_ path: String) throws(FileFailure) {
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        var status = stat()
        if code == EEXIST, stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return }
        errno = code == EEXIST ? ENOTDIR : code
        throw failure(path, "mkdir")
    }

    package static func flushDirectory(of path: String) throws(FileFailure) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 { throw failure(directory, "open") }
        defer { _ = close(descriptor) }
        // Some file systems refuse fsync on a directory; the rename is then
        // as durable as they make it.
        if fsync(descriptor) != 0 && errno != EINVAL && errno != EBADF { throw failure(directory, "fsync") }
    }

    package static func failure(_ path: String, _ operation: String) -> FileFailure {
        let code = errno
        return .system(path: path, operation: operation, code: code, message: String(cString: strerror(code)))
    }
}

/// The libc read and write, named apart from the methods above.
package enum Glue {
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }
}
