public import MediaTime

/// A media playlist (RFC 8216bis §4.4.3, §4.4.4, §4.4.5): its segments in
/// stream time, its tags typed, its ad and blackout signals and what they form.
public struct MediaPlaylist: Sendable, Hashable {
    /// `#EXT-X-VERSION`.
    public var version: UInt64?
    /// `#EXT-X-TARGETDURATION`, seconds.
    public var targetDuration: UInt64?
    /// `#EXT-X-MEDIA-SEQUENCE`: the first segment's media sequence number.
    public var mediaSequence: UInt64 = 0
    /// `#EXT-X-DISCONTINUITY-SEQUENCE`.
    public var discontinuitySequence: UInt64 = 0
    /// `#EXT-X-PLAYLIST-TYPE`: `EVENT` or `VOD`.
    public var playlistType: String?
    /// `#EXT-X-I-FRAMES-ONLY`.
    public var iFramesOnly = false
    /// `#EXT-X-INDEPENDENT-SEGMENTS`.
    public var independentSegments = false
    /// `#EXT-X-ENDLIST`.
    public var endList = false
    /// `#EXT-X-START`.
    public var start: PlaylistStartPoint?
    /// `#EXT-X-SERVER-CONTROL`.
    public var serverControl: ServerControl?
    /// `#EXT-X-PART-INF` `PART-TARGET`.
    public var partTarget: MediaDuration?
    /// `#EXT-X-SKIP`, in a playlist delta update.
    public var skip: SkipTag?
    /// `#EXT-X-PRELOAD-HINT` tags.
    public var preloadHints: [PreloadHint] = []
    /// `#EXT-X-RENDITION-REPORT` tags.
    public var renditionReports: [RenditionReport] = []
    /// `#EXT-X-DEFINE` variables (and those imported).
    public var variables = Variables()
    /// The segments, in order.
    public var segments = SlidingWindow<MediaSegment>()
    /// `#EXT-X-PART` tags after the last complete segment (the one being produced).
    public var pendingParts: [PartialSegment] = []
    /// Every `#EXT-X-KEY`, in order; segments refer to them by index.
    public var keys: [EncryptionKey] = []
    /// Every `#EXT-X-MAP`, in order; segments refer to them by index.
    public var maps: [MediaInitialization] = []
    /// Every `#EXT-X-DATERANGE`, in order, ad-related or not.
    public var dateRanges: [DateRange] = []
    /// Ad and blackout signals in every dialect, in playlist order.
    public var signals = SlidingWindow<AdSignal>()
    /// The breaks the signals form, in order of start.
    public var opportunities: [PlacementOpportunity] = []
    /// Occurrences of subscribed tags.
    public var metadata = SlidingWindow<SubscribedTag>()
    /// Tags the parser does not interpret, verbatim.
    public var unknownTags: [UnknownTag] = []
    /// Problems that did not stop parsing.
    public var warnings: [HLSWarning] = []
    /// The source text the segments' spans refer to.
    public var text: PlaylistText
    /// Added to stored line numbers and byte offsets to give those of the
    /// latest text: a live window slides, so the same segment moves up.
    var lineShift = 0
    var byteShift = 0
    /// PROGRAM-DATE-TIME anchors: where in stream time each date was given.
    var dateAnchors = DateAnchors()

    init(text: PlaylistText) { self.text = text }

    /// The total duration of the segments.
    public var duration: MediaDuration {
        guard let first = segments.first, let last = segments.last else { return .zero }
        return last.end - first.start
    }

    /// A segment's URI, variables substituted.
    public func uri(of segment: MediaSegment) -> String {
        let raw = text.string(segment.uri)
        guard !variables.values.isEmpty else { return raw }
        return (try? variables.substitute(raw, line: 0, tag: nil)) ?? raw
    }

    /// A segment's `#EXTINF` title, if it has one.
    public func title(of segment: MediaSegment) -> String? { segment.title.map { text.string($0) } }

    /// The 1-based line of a segment's URI in the latest text.
    public func line(of segment: MediaSegment) -> Int { segment.uriLine + lineShift }

    /// The wall clock time at a stream time, from the nearest PROGRAM-DATE-TIME.
    public func programDateTime(at time: StreamTime) -> ProgramDateTime? { dateAnchors.date(at: time) }

    /// The stream time of a wall clock time, from the nearest PROGRAM-DATE-TIME.
    public func streamTime(of date: ProgramDateTime) -> StreamTime? { dateAnchors.time(of: date) }

    /// The SVTA 2053-2 creative signalling ranges, in order. Told by the
    /// class each range keeps beside its values, so the window's other
    /// ranges are passed over without their values being touched.
    public var creativeSignalRanges: [DateRange] { DateRange.creativeSignals(in: dateRanges) }
}
