#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file straight into a byte array: one allocation sized from
/// the file's length, filled by `read` itself (not zeroed first), with no
/// intermediate `Data` to copy out of.
enum FileBytes {
    /// The whole file; with `limit`, a file larger than `limit` bytes is an
    /// error before anything is read.
    static func read(_ path: String, limit: Int? = nil) throws(CLIError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? max(Int(status.st_size), 0) : 0
        if let limit, size > limit { throw CLIError("\(path): \(size) bytes, more than the limit of \(limit)") }
        // One byte more than the size says, so a file that grew is noticed.
        var failed: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
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

    private static func failure(_ path: String, _ code: Int32 = errno) -> CLIError {
        CLIError("cannot read \(path): \(String(cString: strerror(code)))")
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
}
