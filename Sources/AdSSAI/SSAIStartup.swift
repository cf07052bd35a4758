public import Foundation

/// How an SSAI session started: what plays, and why. Playback always
/// starts; the status says with what.
///
/// | status | plays | analytics |
/// |---|---|---|
/// | ``Status/initialised`` | the session's manifest | tracking polled |
/// | ``Status/noAnalytics`` | the fallback URL | none |
/// | ``Status/failed`` | the origin URL (else the fallback) | none |
public struct SSAIStartup: Sendable, Hashable {
    /// The tier.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// The session started: its manifest with ads, and its tracking data.
        case initialised
        /// The fallback plays without analytics: no usable tracking URL, or
        /// the app asked for none.
        case noAnalytics
        /// The session could not start: the origin plays.
        case failed
    }

    /// Why a start did not succeed, as a code: the HTTP status, or one of these.
    public enum Code {
        /// Success (and a fallback the app asked for).
        public static let success = 0
        /// The connection failed.
        public static let connectionError = -1
        /// No answer within the time limit.
        public static let timeout = -2
        /// A URL that cannot be used (the endpoint, or one the answer gave).
        public static let malformedURL = -3
        /// An answer that is not what the protocol says.
        public static let unknownFormat = -20
    }

    /// The tier.
    public var status: Status
    /// Why, in words.
    public var reason: String
    /// ``Code`` or an HTTP status.
    public var code: Int
    /// What plays; `nil` only when nothing can (a failure with no origin
    /// and no fallback).
    public var playbackURL: URL?
    /// Where the tracking data is polled; only for ``Status/initialised``.
    public var trackingURL: URL?

    /// Creates a startup.
    public init(status: Status, reason: String, code: Int, playbackURL: URL?, trackingURL: URL? = nil) {
        self.status = status
        self.reason = reason
        self.code = code
        self.playbackURL = playbackURL
        self.trackingURL = trackingURL
    }
}
