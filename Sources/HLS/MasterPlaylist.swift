/// A multivariant (master) playlist (RFC 8216bis §4.4.6): variants,
/// renditions, session data and keys, content steering.
public struct MasterPlaylist: Sendable, Hashable {
    /// `#EXT-X-VERSION`.
    public var version: UInt64?
    /// `#EXT-X-INDEPENDENT-SEGMENTS`.
    public var independentSegments = false
    /// `#EXT-X-START`.
    public var start: PlaylistStartPoint?
    /// `#EXT-X-DEFINE` variables.
    public var variables = Variables()
    /// `#EXT-X-STREAM-INF` variants and `#EXT-X-I-FRAME-STREAM-INF` streams, in order.
    public var variants: [VariantStream] = []
    /// `#EXT-X-MEDIA` renditions.
    public var renditions: [Rendition] = []
    /// `#EXT-X-SESSION-DATA`.
    public var sessionData: [SessionData] = []
    /// `#EXT-X-SESSION-KEY`.
    public var sessionKeys: [EncryptionKey] = []
    /// `#EXT-X-CONTENT-STEERING`.
    public var contentSteering: ContentSteering?
    /// Tags the parser does not interpret, verbatim.
    public var unknownTags: [UnknownTag] = []
    /// Occurrences of subscribed tags (times are zero: a master playlist has no timeline).
    public var metadata: [SubscribedTag] = []
    /// Problems that did not stop parsing.
    public var warnings: [HLSWarning] = []
}

/// A parsed playlist: multivariant or media.
public enum Playlist: Sendable, Hashable {
    /// A multivariant playlist.
    case master(MasterPlaylist)
    /// A media playlist.
    case media(MediaPlaylist)
}
