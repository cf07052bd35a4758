/// Why a scenario file cannot run: what is wrong and where (JSON path, line,
/// column).
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value, e.g. `$.actions[3].to.content`.
    public var path: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// What is wrong, and what is allowed.
    public var message: String

    /// Creates an error.
    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = path
        if let line, let column { location += " (line \(line), column \(column))" }
        return "\(location): \(message)"
    }
}
