public import MediaTime

/// One media segment of a media playlist: its URI line and the tags that apply
/// to it (RFC 8216bis §4.4.4), positioned exactly in stream time.
///
/// A long playlist holds a hundred thousand of these back to back, and
/// filling, paging in and freeing that table is paid per byte. So a segment
/// is kept in 120 bytes, not the 184 its fields would take one by one: the
/// optional values are a word and a flag bit each, the segment's block is
/// told from its URI, and what few segments have (`#EXT-X-PART`,
/// `#EXT-X-BYTERANGE`) is boxed. Each value has one stored form, so two
/// segments are equal exactly when their properties are.
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
    /// `#EXT-X-PROGRAM-DATE-TIME`'s ticks when the date flag is set, else 0.
    private var dateTicks: Int64
    /// `#EXT-X-BITRATE` when the bitrate flag is set, else 0.
    private var bitrateValue: UInt64
    /// Where the block starts in the playlist's text, less the playlist's
    /// shifts (see ``MediaPlaylist``).
    var blockOffset: Int
    /// The line of the URI, less the playlist's line shift.
    var uriLine: Int
    /// The parts and byte range, when the segment has either; else empty.
    private var rare: [Rare]
    /// The URI line as written; ``MediaPlaylist/uri(of:)`` gives it with variables substituted.
    public var uri: TextSpan
    /// The title when the title flag is set, else all zero.
    private var titleSpan: TextSpan
    /// The key and map indexes when their flags are set, else 0.
    private var keyValue: Int32
    private var mapValue: Int32
    /// How many bytes, and lines, the block starts before the URI line.
    private var blockLead: UInt32
    private var blockLineLead: UInt32
    private var flags: Flags

    private struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let title = Flags(rawValue: 1 << 0)
        static let date = Flags(rawValue: 1 << 1)
        static let bitrate = Flags(rawValue: 1 << 2)
        static let key = Flags(rawValue: 1 << 3)
        static let map = Flags(rawValue: 1 << 4)
        static let discontinuity = Flags(rawValue: 1 << 5)
        static let gap = Flags(rawValue: 1 << 6)
    }

    /// What few segments have, boxed so the rest need no room for it.
    private struct Rare: Sendable, Hashable {
        var parts: [PartialSegment]
        var byteRange: ByteRange?
    }

    init(mediaSequence: UInt64, discontinuitySequence: UInt64, start: StreamTime, duration: MediaDuration,
         uri: TextSpan, title: TextSpan?, programDateTime: ProgramDateTime?, byteRange: ByteRange?,
         discontinuity: Bool, gap: Bool, bitrate: UInt64?, keyIndex: Int32?, mapIndex: Int32?,
         parts: [PartialSegment], blockStart: Int, blockOffset: Int, blockLine: Int, uriLine: Int) {
        self.mediaSequence = mediaSequence
        self.discontinuitySequence = discontinuitySequence
        self.start = start
        self.duration = duration
        dateTicks = programDateTime?.ticksSinceEpoch ?? 0
        bitrateValue = bitrate ?? 0
        self.blockOffset = blockOffset
        self.uriLine = uriLine
        rare = Self.rare(parts: parts, byteRange: byteRange)
        self.uri = uri
        titleSpan = title ?? Self.noTitle
        keyValue = keyIndex ?? 0
        mapValue = mapIndex ?? 0
        // The block runs from its first tag through the URI line, in one chunk.
        blockLead = UInt32(truncatingIfNeeded: Int(uri.offset) - blockStart)
        blockLineLead = UInt32(truncatingIfNeeded: uriLine - blockLine)
        var flags: Flags = []
        if title != nil { flags.insert(.title) }
        if programDateTime != nil { flags.insert(.date) }
        if bitrate != nil { flags.insert(.bitrate) }
        if keyIndex != nil { flags.insert(.key) }
        if mapIndex != nil { flags.insert(.map) }
        if discontinuity { flags.insert(.discontinuity) }
        if gap { flags.insert(.gap) }
        self.flags = flags
    }

    private static let noTitle = TextSpan(chunk: 0, offset: 0, length: 0)

    /// The `#EXTINF` title, if any.
    public var title: TextSpan? {
        get { flags.contains(.title) ? titleSpan : nil }
        set {
            titleSpan = newValue ?? Self.noTitle
            set(.title, newValue != nil)
        }
    }

    /// `#EXT-X-PROGRAM-DATE-TIME` given for this segment (not extrapolated).
    public var programDateTime: ProgramDateTime? {
        get { flags.contains(.date) ? ProgramDateTime(ticksSinceEpoch: dateTicks) : nil }
        set {
            dateTicks = newValue?.ticksSinceEpoch ?? 0
            set(.date, newValue != nil)
        }
    }

    /// `#EXT-X-BYTERANGE`.
    public var byteRange: ByteRange? {
        get { rare.first?.byteRange }
        set { rare = Self.rare(parts: parts, byteRange: newValue) }
    }

    /// `#EXT-X-DISCONTINUITY` precedes the segment.
    public var discontinuity: Bool {
        get { flags.contains(.discontinuity) }
        set { set(.discontinuity, newValue) }
    }

    /// `#EXT-X-GAP`.
    public var gap: Bool {
        get { flags.contains(.gap) }
        set { set(.gap, newValue) }
    }

    /// `#EXT-X-BITRATE` in effect, kbit/s.
    public var bitrate: UInt64? {
        get { flags.contains(.bitrate) ? bitrateValue : nil }
        set {
            bitrateValue = newValue ?? 0
            set(.bitrate, newValue != nil)
        }
    }

    /// Index in ``MediaPlaylist/keys`` of the `#EXT-X-KEY` in effect.
    public var keyIndex: Int32? {
        get { flags.contains(.key) ? keyValue : nil }
        set {
            keyValue = newValue ?? 0
            set(.key, newValue != nil)
        }
    }

    /// Index in ``MediaPlaylist/maps`` of the `#EXT-X-MAP` in effect.
    public var mapIndex: Int32? {
        get { flags.contains(.map) ? mapValue : nil }
        set {
            mapValue = newValue ?? 0
            set(.map, newValue != nil)
        }
    }

    /// `#EXT-X-PART` tags of the segment.
    public var parts: [PartialSegment] {
        get { rare.first?.parts ?? [] }
        set { rare = Self.rare(parts: newValue, byteRange: byteRange) }
    }

    /// The bytes from the segment's first tag through its URI line.
    var block: TextSpan {
        TextSpan(chunk: uri.chunk, offset: uri.offset &- blockLead, length: blockLead &+ uri.length)
    }

    /// The line of the segment's first tag, less the playlist's line shift.
    var blockLine: Int { uriLine - Int(blockLineLead) }

    /// Where the segment ends.
    public var end: StreamTime { start + duration }

    private mutating func set(_ flag: Flags, _ on: Bool) {
        if on { flags.insert(flag) } else { flags.remove(flag) }
    }

    /// The stored form of `parts` and `byteRange`: empty when there are neither.
    private static func rare(parts: [PartialSegment], byteRange: ByteRange?) -> [Rare] {
        parts.isEmpty && byteRange == nil ? [] : [Rare(parts: parts, byteRange: byteRange)]
    }
}
