/// What a live refresh changed.
public struct PlaylistDelta: Sendable, Hashable {
    /// How the new text relates to the previous one.
    public enum Change: Sendable, Hashable {
        /// New lines were appended (and old segments may have slid out).
        case advanced
        /// Nothing new.
        case unchanged
        /// The text is older than the one already seen (a stale cache); it was ignored.
        case wentBackwards
        /// Segments were missed between the two texts; times continue across the gap.
        case skippedAhead(missing: UInt64)
        /// The stream restarted (media sequence reset or history rewritten); parsed afresh.
        case restarted
    }

    /// How the new text relates to the previous one.
    public var change: Change
    /// Media sequence numbers of the segments added.
    public var addedSegments: Range<UInt64>
    /// Media sequence numbers of the segments that slid out of the window.
    public var removedSegments: Range<UInt64>
    /// Signals read from the new lines.
    public var addedSignals: [AdSignal]
    /// Opportunities that appeared.
    public var openedOpportunities: [String]
    /// Opportunities that closed.
    public var closedOpportunities: [String]
    /// Date ranges the server removed (a delta update's
    /// `RECENTLY-REMOVED-DATERANGES`), by ID: they left the playlist's
    /// `dateRanges`. Cue breaks they marked stay, as history; interstitials
    /// they scheduled leave (``removedOpportunities``).
    public var removedDateRanges: [String] = []
    /// Interstitials whose date ranges the server removed: they left the
    /// playlist's `opportunities`, and will not play.
    public var removedOpportunities: [String] = []
    /// Interstitials a later tag of their ID told more about (an END-DATE,
    /// an X-PLAYOUT-LIMIT): the playlist's `opportunities` have them as
    /// they now stand.
    public var updatedOpportunities: [String] = []
    /// On a restart, the opportunities of the window it replaced, as they
    /// were: what tells a date range the origin lists again from a new one.
    public var replacedOpportunities: [PlacementOpportunity] = []
    /// Segments the new text lists under a media sequence number already
    /// seen, with another URI: the origin rewrote its history.
    public var rewrittenSegments: [RewrittenSegment] = []
    /// Warnings about the new lines.
    public var warnings: [HLSWarning]
    /// Lines the refresh read: the header, the two segments it checks, the new lines.
    public var linesRead: Int
    /// Whether the refresh had to read the whole text (the text did not continue the previous one).
    public var readWholeText: Bool
    /// The bad line the refresh stopped at, when the new lines hold one.
    /// What came before it is applied, and this delta reports it; the
    /// lines from it on are not. The next text is read on from the last
    /// segment applied. A bad header or a bad whole-text read throws
    /// instead, and changes nothing.
    public var stoppedAt: HLSError?
}

/// A segment whose media sequence number came back with another URI.
public struct RewrittenSegment: Sendable, Hashable {
    /// The media sequence number.
    public var mediaSequence: UInt64
    /// The URI seen first; it stays in the playlist.
    public var earlierURI: String
    /// The URI the new text gives.
    public var laterURI: String

    /// Creates a record of a rewritten segment.
    public init(mediaSequence: UInt64, earlierURI: String, laterURI: String) {
        self.mediaSequence = mediaSequence
        self.earlierURI = earlierURI
        self.laterURI = laterURI
    }
}
