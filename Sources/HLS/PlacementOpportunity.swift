public import MediaTime
public import SCTE35

/// A place in the stream where ads go: a cue-out and its cue-in (or its
/// duration), however many dialects marked it.
public struct PlacementOpportunity: Sendable, Hashable {
    /// What kind of break it is.
    public enum Kind: Sendable, Hashable {
        /// A break signalled by cues (SCTE-35 in any dialect, or CUE-OUT/IN).
        case splice
        /// An HLS interstitial date range.
        case interstitial(Interstitial)
    }

    /// How a closed opportunity ended.
    public enum Ending: Sendable, Hashable {
        /// A cue-in (any dialect) or a DATERANGE END-DATE/DURATION.
        case signal
        /// The planned duration ran out with no cue-in.
        case plannedDuration
        /// A new cue-out arrived while this break was open.
        case nextBreak
    }

    /// The DATERANGE ID when a date range marked it, else `break-<media sequence>`.
    public var id: String
    /// What kind of break it is.
    public var kind: Kind
    /// Where the break starts.
    public var start: StreamTime
    /// The wall clock time at the start, from PROGRAM-DATE-TIME or START-DATE.
    public var programDateTime: ProgramDateTime?
    /// The media sequence number of the first segment of the break.
    public var mediaSequence: UInt64
    /// The duration the signals announced.
    public var plannedDuration: MediaDuration?
    /// Where the break ended, once it has.
    public var end: StreamTime?
    /// How it ended.
    public var ending: Ending?
    /// Every tag that marked it, first-seen order, each name once.
    public var sources: [String]
    /// The first SCTE-35 cue that marked its start, decoded.
    public var scte35: DecodedSpliceInfo? {
        get { cue?.info }
        set { cue = newValue.map(DecodedCue.init) }
    }
    /// That cue, shared with the signal that carried it.
    var cue: DecodedCue?
    /// SCTE-35 event ids seen on its signals.
    public var eventIDs: [UInt32]
    /// DATERANGE IDs that marked it.
    public var dateRangeIDs: [String] {
        get { firstRangeID.map { [$0] + laterRangeIDs } ?? [] }
        set {
            firstRangeID = newValue.first
            laterRangeIDs = Array(newValue.dropFirst())
        }
    }
    /// The first of them, kept apart: most breaks have one, and it costs no array.
    private var firstRangeID: String?
    private var laterRangeIDs: [String] = []

    /// Whether the DATERANGE `id` marked it.
    func isMarked(byRange id: String) -> Bool { firstRangeID == id || laterRangeIDs.contains(id) }

    /// Whether any DATERANGE marked it.
    var isMarkedByRanges: Bool { firstRangeID != nil }

    /// The first DATERANGE ID that marked it, read with no array made: what
    /// tells an interstitial in a window whatever a follower renamed it.
    package var firstDateRangeID: String? { firstRangeID }

    /// Whether any of the DATERANGEs that marked it passes `test`.
    func isMarked(byRangeWhere test: (String) -> Bool) -> Bool {
        firstRangeID.map(test) ?? false || laterRangeIDs.contains(where: test)
    }

    /// Notes that the DATERANGE `id` marked it too.
    mutating func addRange(_ id: String) {
        if firstRangeID == nil { firstRangeID = id } else { laterRangeIDs.append(id) }
    }
    /// Whether the start was seen only in a continuation (the window began mid-break).
    public var joinedInProgress: Bool
    /// Whether `start` is only the latest the break can have begun: it was
    /// joined in progress and no elapsed time said when it began, so its
    /// cue-out lies before the window, at `start` or earlier, and `duration`
    /// is the part the window showed.
    public var startIsLatestPossible = false
    /// Where the stream's own ad-level cues (SCTE-35 Provider or Distributor
    /// Advertisement Start, types 0x30 and 0x32) start an ad inside the
    /// break, after its start, in order: the break's ads, as the stream
    /// splits it.
    public var adStarts: [StreamTime] = []

    /// A break the builder starts: no DATERANGE has marked it yet.
    init(id: String, kind: Kind, start: StreamTime, programDateTime: ProgramDateTime?, mediaSequence: UInt64,
         sources: [String], joinedInProgress: Bool) {
        self.id = id
        self.kind = kind
        self.start = start
        self.programDateTime = programDateTime
        self.mediaSequence = mediaSequence
        self.sources = sources
        eventIDs = []
        self.joinedInProgress = joinedInProgress
    }

    /// Whether the cue-in has not arrived yet.
    public var isOpen: Bool { end == nil }

    /// The actual duration when closed, else the planned one.
    public var duration: MediaDuration? {
        if let end { return end - start }
        return plannedDuration
    }
}
