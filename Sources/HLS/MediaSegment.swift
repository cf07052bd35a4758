public import MediaTime

/// One media segment of a media playlist: its URI line and the tags that apply
/// to it (RFC 8216bis §4.4.4), positioned exactly in stream time.
public struct MediaSegment: Sendable, Hashable {
    /// The media sequence number.
    public var mediaSequence: UInt64
    /// The discontinuity sequence number.
    public var discontinuitySequence: UInt64
    /// Where the segment starts, from the start of the first segment the
    /// playlist (or the live session) saw.
    public var start: StreamTime
    /// `#EXTINF` duration, exact.
    public var duration: MediaDuration
    /// The URI line as written; ``MediaPlaylist/uri(of:)`` gives it with variables substituted.
    public var uri: TextSpan
    /// The `#EXTINF` title, if any.
    public var title: TextSpan?
    /// `#EXT-X-PROGRAM-DATE-TIME` given for this segment (not extrapolated).
    public var programDateTime: ProgramDateTime?
    /// `#EXT-X-BYTERANGE`.
    public var byteRange: ByteRange?
    /// `#EXT-X-DISCONTINUITY` precedes the segment.
    public var discontinuity: Bool
    /// `#EXT-X-GAP`.
    public var gap: Bool
    /// `#EXT-X-BITRATE` in effect, kbit/s.
    public var bitrate: UInt64?
    /// Index in ``MediaPlaylist/keys`` of the `#EXT-X-KEY` in effect.
    public var keyIndex: Int32?
    /// Index in ``MediaPlaylist/maps`` of the `#EXT-X-MAP` in effect.
    public var mapIndex: Int32?
    /// `#EXT-X-PART` tags of the segment.
    public var parts: [PartialSegment]
    /// The bytes from the segment's first tag through its URI line.
    var block: TextSpan
    /// Where the block starts in the playlist's text, and the lines of its first
    /// tag and of its URI, less the playlist's shifts (see ``MediaPlaylist``).
    var blockOffset: Int
    var blockLine: Int
    var uriLine: Int

    /// Where the segment ends.
    public var end: StreamTime { start + duration }
}
