public import Foundation

/// How VAST documents and tracking beacons travel: one GET at a time. The
/// resolver takes one of these, so tests and apps can route requests through
/// their own networking; ``URLSessionFetcher`` is the default.
public protocol AdFetching: Sendable {
    /// Fetches `url` and returns its body, failing when it takes longer than
    /// `timeout` in all, answers with a status outside 200–299, or sends more
    /// than `maxBytes`.
    func get(_ url: URL, timeout: Duration, maxBytes: Int) async throws(FetchFailure) -> [UInt8]
}

/// Why a fetch failed.
public struct FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
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
        /// The connection failed: refused, reset, closed early, a name that does not resolve.
        case transport
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

/// The schemes an ad document may be fetched over.
enum Schemes {
    static func isAllowed(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }
}
