import AdStorage

/// Why a beacon journal could not be opened, read or written, with the
/// file and, for content, the line.
public enum BeaconJournalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A system call failed: `operation` is what was being done, `code` its errno.
    case system(path: String, operation: String, code: Int32, message: String)
    /// The journal is larger than any this outbox writes.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// A line of the journal is not a record; `column` 0 when the line as
    /// a whole is wrong.
    case corrupt(path: String, line: Int, column: Int, message: String)
    /// The journal was written by a format this outbox does not read.
    case unsupportedVersion(path: String, version: String)
    /// Another process has the outbox open.
    case inUse(directory: String)

    public var description: String {
        switch self {
        case .system(let path, let operation, let code, let message):
            "\(path): \(operation) failed: \(message) (errno \(code))"
        case .tooLarge(let path, let bytes, let limit):
            "\(path): \(bytes) bytes is larger than a beacon journal can be (\(limit) bytes)"
        case .corrupt(let path, let line, let column, let message):
            "\(path): line \(line)" + (column > 0 ? ", column \(column)" : "") + ": \(message)"
        case .unsupportedVersion(let path, let version):
            "\(path): beacon journal version \(version) is not supported (this outbox reads version 1)"
        case .inUse(let directory):
            "\(directory): another process has this beacon outbox open"
        }
    }

    init(_ failure: FileFailure) {
        switch failure {
        case .system(let path, let operation, let code, let message):
            self = .system(path: path, operation: operation, code: code, message: message)
        case .tooLarge(let path, let bytes, let limit):
            self = .tooLarge(path: path, bytes: bytes, limit: limit)
        }
    }
}
