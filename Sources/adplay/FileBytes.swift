#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file straight into a byte array: one allocation sized from
/// the file's length, no intermediate `Data` to copy out of.
enum FileBytes {
    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? max(Int(status.st_size), 0) : 0
        var bytes = [UInt8](repeating: 0, count: 0)
        bytes.reserveCapacity(size + 1)
        var chunk = size > 0 ? size : 65_536
        while true {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let count = bytes.withUnsafeMutableBytes { buffer in Glue.read(descriptor, buffer.baseAddress! + start, chunk) }
            guard count >= 0 else {
                if errno == EINTR {
                    bytes.removeLast(chunk)
                    continue
                }
                throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            bytes.removeLast(chunk - count)
            if count == 0 { return bytes }
            chunk = 65_536
        }
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
