/// Why a bookmark file could not be read or written, with the file and,
/// for content, the place in it.
public enum BookmarkFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A system call failed: `operation` is what was being done
    /// (`open`, `read`, `write`, `fsync`, `rename`), `code` its errno.
    case system(path: String, operation: String, code: Int32, message: String)
    /// The file is larger than any bookmark this store writes.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file is not JSON.
    case syntax(path: String, line: Int, column: Int, message: String)
    /// The file is JSON but not a bookmark; `jsonPath` says where.
    case invalid(path: String, jsonPath: String, line: Int, column: Int, message: String)
    /// The file was written by a newer format this store does not read.
    case unsupportedVersion(path: String, version: String)

    public var description: String {
        switch self {
        case .system(let path, let operation, let code, let message):
            "\(path): \(operation) failed: \(message) (errno \(code))"
        case .tooLarge(let path, let bytes, let limit):
            "\(path): \(bytes) bytes is larger than a bookmark file can be (\(limit) bytes)"
        case .syntax(let path, let line, let column, let message):
            "\(path): line \(line), column \(column): \(message)"
        case .invalid(let path, let jsonPath, let line, let column, let message):
            "\(path): line \(line), column \(column): \(jsonPath): \(message)"
        case .unsupportedVersion(let path, let version):
            "\(path): bookmark format version \(version) is not supported (this store reads version 1)"
        }
    }
}

extension BookmarkFileError {
    init(_ failure: FileFailure) {
        switch failure {
        case .system(let path, let operation, let code, let message):
            self = .system(path: path, operation: operation, code: code, message: message)
        case .tooLarge(let path, let bytes, let limit):
            self = .tooLarge(path: path, bytes: bytes, limit: limit)
        }
    }
}
