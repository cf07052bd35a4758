/// Why a request failed: what and for which URL.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Sendable, Hashable {
        /// No complete answer within the time allowed.
        case timeout
        /// An HTTP status outside 200–299.
        case status(Int)
        /// The body was longer than allowed.
        case tooLarge
        /// A scheme other than http or https, on the URL or a redirect.
        case scheme
        /// The URL cannot be sent at all.
        case malformedURL
        /// The connection failed: refused, reset, closed early, a name that
        /// does not resolve, too many redirects.
        case connection
        /// The caller was cancelled.
        case cancelled
    }

    /// What happened.
    public let kind: Kind
    /// The URL that failed.
    public let url: String
    /// A sentence with the details.
    public let message: String

    /// Creates a failure.
    public init(_ kind: Kind, url: String, _ message: String) {
        self.kind = kind
        self.url = url
        self.message = message
    }

    public var description: String { "\(url): \(message)" }
}
