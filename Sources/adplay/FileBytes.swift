#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HugePages

/// Reads a whole file straight into a byte array: one allocation sized from
/// the file's length, filled by `read` itself (not zeroed first), with no
/// intermediate `Data` to copy out of.
enum FileBytes {
    /// The whole file, or standard input for `-`; with `limit`, a file
    /// larger than `limit` bytes is an error before anything is read. A
    /// directory is an error that says so.
    static func read(_ path: String, limit: Int? = nil) throws(CLIError) -> [UInt8] {
        let isStandardInput = path == "-"
        let descriptor = isStandardInput ? STDIN_FILENO : open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path) }
        defer { if !isStandardInput { close(descriptor) } }
        var status = stat()
        let known = fstat(descriptor, &status) == 0
        if known, status.st_mode & S_IFMT == S_IFDIR { throw CLIError("\(path) is a directory; give a file") }
        // Only a regular file's size says how much there is to read.
        let size = known && status.st_mode & S_IFMT == S_IFREG ? max(Int(status.st_size), 0) : 0
        if let limit, size > limit { throw CLIError("\(path): \(size) bytes, more than the limit of \(limit)") }
        // One byte more than the size says, so a file that grew is noticed.
        var failed: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            if let base = buffer.baseAddress { HugePages.prefer(base, count: buffer.count) }
            count = 0
            while count < buffer.count {
                let read = Glue.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if read < 0, errno == EINTR { continue }
                if read < 0 { failed = errno }
                if read <= 0 { return }
                count += read
            }
        }
        if let failed { throw failure(path, failed) }
        guard bytes.count == size + 1 else { return bytes }
        // The file is longer than it was when its size was taken: read on.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress!, $0.count) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw failure(path, errno) }
            if read == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<read])
            if let limit, bytes.count > limit { throw CLIError("\(path): more than the limit of \(limit) bytes") }
        }
    }

    /// Writes `bytes` to the file at `path`, replacing it.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure(path, verb: "write") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glue.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure(path, verb: "write") }
            written += count
        }
    }

    private static func failure(_ path: String, _ code: Int32 = errno, verb: String = "read") -> CLIError {
        let reason = code == EISDIR ? "it is a directory; give a file" : String(cString: strerror(code))
        return CLIError("cannot \(verb) \(path): \(reason)")
    }
}

/// The C `read`, named apart from ``FileBytes/read(_:)``.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}
