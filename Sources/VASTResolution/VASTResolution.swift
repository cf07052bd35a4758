public import VAST

/// What following a VAST response's wrappers came to: the ads to play, each
/// inline with the tracking of every wrapper it came through, and what failed.
public struct VASTResolution: Sendable, Hashable {
    /// The URLs fetched, in the order the fetches started.
    public var chain: [String] = []
    /// The ads to play, in pod order.
    public var ads: [ResolvedAd] = []
    /// What went wrong, each with its VAST error code.
    public var errors: [ResolutionError] = []
    /// The Error URLs called, macros filled.
    public var errorReports: [String] = []
    /// The Error URLs a resolver that does not report errors
    /// (``VASTChainResolver/reportsErrors`` false) would have called,
    /// macros filled: listed, never sent.
    public var wouldSend: [String] = []
    /// Each failure that has Error URLs, with them as given (macros
    /// unexpanded): what a beacon outbox sends in the resolver's place.
    public var reports: [AdErrorReport] = []
    /// What the parser tolerated in each document read, in the order read.
    public var warnings: [DocumentWarning] = []

    /// Creates an empty resolution.
    public init() {}
}

/// An inline ad ready to play.
public struct ResolvedAd: Sendable, Hashable {
    /// The inline ad, its impressions, errors, tracking, click tracking and
    /// verifications merged with those of every wrapper on the way.
    public var ad: VASTAd
    /// The wrappers' tag URIs followed to reach it, outermost first.
    public var wrapperURLs: [String]

    /// The inline part of ``ad``.
    public var inline: InLine { ad.inline ?? InLine() }
}

/// A parser warning and the document it is in.
public struct DocumentWarning: Sendable, Hashable, CustomStringConvertible {
    /// The URL the document came from; nil for the document handed in.
    public var url: String?
    /// The warning: element path, line, message.
    public var warning: VASTWarning

    /// Creates a warning of the document at `url`.
    public init(url: String?, warning: VASTWarning) {
        self.url = url
        self.warning = warning
    }

    public var description: String { (url.map { "\($0): " } ?? "") + warning.description }
}

/// A failure on the way to an ad.
public struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The VAST error code reported for it.
    public var code: VASTErrorCode
    /// What happened.
    public var message: String
    /// The URL involved, if any.
    public var url: String?

    /// Creates an error.
    public init(_ code: VASTErrorCode, _ message: String, url: String? = nil) {
        self.code = code
        self.message = message
        self.url = url
    }

    public var description: String { "\(code): \(message)" + (url.map { " (\($0))" } ?? "") }
}
