/// Why an SSAI server's answer (a session start, a tracking page) cannot be
/// read, and where: the JSON path, line and column.
public struct TrackingDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the value (`$.avails[2].ads[0].durationInSeconds`).
    public var path: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        let place = line.map { " (line \($0)\(column.map { ", column \($0)" } ?? ""))" } ?? ""
        return "\(path)\(place): \(message)"
    }
}
