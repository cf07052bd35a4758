/// Why one fetch of a live playlist gave no usable playlist.
public struct LiveFault: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL fetched.
    public var url: String
    /// The HTTP status, when the origin answered with an error status.
    public var status: Int?
    /// What went wrong, in words: a timeout, a body over the limit, the
    /// parser's error with its line.
    public var reason: String

    /// Creates a fault.
    public init(url: String, status: Int? = nil, reason: String) {
        self.url = url
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(url): \(reason)" }
}
