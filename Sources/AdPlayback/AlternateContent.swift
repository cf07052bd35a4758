internal import VAST

/// What a blackout shows instead of the main stream: an alternate stream at
/// an absolute http or https URL. Anything else (a local file, a
/// player-specific scheme such as mpv's `lavfi://`, a relative path) is
/// refused when the session is configured, not when a blackout starts.
///
/// ```swift
/// let alternate = try AlternateContent(url: "https://alt.example/slate.m3u8")
/// let session = PlaybackSession(timeline: timeline, engine: engine, alternateContent: alternate)
/// ```
public struct AlternateContent: Sendable, Hashable {
    /// The alternate stream's URL, as the player is handed it.
    public let url: String

    /// Checks `url` and keeps it.
    /// - Throws: ``AlternateContentError`` when `url` is not an absolute http or https URL.
    public init(url: String) throws(AlternateContentError) {
        if let refusal = MediaURL.refusal(url) { throw AlternateContentError(url: url, message: refusal) }
        self.url = url
    }

    /// A name for content that is not a URL and that no real player opens:
    /// the simulation's recorded alternate stream.
    package init(simulated name: String) { url = name }
}

/// An alternate content URL a player may not be handed, and why.
public struct AlternateContentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL as given.
    public var url: String
    /// Why it is refused.
    public var message: String

    public var description: String { "alternate content: \(message)" }
}
