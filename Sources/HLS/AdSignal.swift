public import MediaTime
public import SCTE35

/// An ad or blackout marker found in a media playlist, in one of the dialects
/// real streams use, positioned in stream time.
public struct AdSignal: Sendable, Hashable {
    /// The tag as written, e.g. `#EXT-X-CUE-OUT`.
    public var tag: String
    /// What the tag says, typed per dialect.
    public var kind: Kind
    /// Where the signal applies: the start of the segment the tag precedes,
    /// or for a DATERANGE its START-DATE mapped through PROGRAM-DATE-TIME;
    /// for a DATERANGE that carries an end signal, where the range ends
    /// (END-DATE, else START-DATE + DURATION, else the tag's segment when
    /// the tag repeats an earlier range's ID).
    public var time: StreamTime
    /// The media sequence number of the segment the tag precedes.
    public var mediaSequence: UInt64
    /// The 1-based line.
    public var line: Int
    /// The SCTE-35 cue the tag carries, decoded.
    public var scte35: DecodedSpliceInfo? {
        get { cue?.info }
        set { cue = newValue.map(DecodedCue.init) }
    }
    /// The cue, shared with every other signal that carries the same bytes.
    var cue: DecodedCue?
    /// For a DATERANGE that states its end (END-DATE or DURATION): that end in stream time.
    public var endTime: StreamTime?

    /// The dialects.
    public enum Kind: Sendable, Hashable {
        /// `#EXT-X-CUE-OUT`, `#EXT-X-CUE-OUT:30.0`, `#EXT-X-CUE-OUT:DURATION=30`; `value`
        /// is everything after the colon as written.
        case cueOut(duration: MediaDuration?, value: String?)
        /// `#EXT-X-CUE-OUT-CONT:ElapsedTime=,Duration=,SCTE35=` or `:12/30`; `value` as written.
        case cueOutContinued(elapsed: MediaDuration?, duration: MediaDuration?, value: String?)
        /// `#EXT-X-CUE-IN`.
        case cueIn
        /// `#EXT-OATCLS-SCTE35:<base64>`.
        case oatcls
        /// `#EXT-X-ASSET:CAID=...`: the asset now playing.
        case asset(attributes: [Attribute])
        // The large payload is boxed, so a signal stays small and cheap to
        // copy; a date range shares its values already.
        /// `#EXT-X-SCTE35:CUE=...,CUE-OUT=YES|CONT,CUE-IN=YES,ELAPSED=,ID=,TIME=`.
        indirect case scte35(SCTE35Tag)
        /// `#EXT-X-DATERANGE` with SCTE35-OUT/IN/CMD, or an interstitial.
        case dateRange(DateRange)
    }

    /// Where the signal came from, as opportunities and blackouts cite it.
    var source: SignalSource { SignalSource(tag: tag, line: line, time: time) }

    /// What the signal does to a break.
    public enum Role: Sendable, Hashable {
        /// A break starts here.
        case start
        /// A break that started earlier goes on.
        case continuation
        /// A break ends here.
        case end
        /// Neither (an asset marker, a cue that is not about ads).
        case other
    }

    /// What the signal does to a break, worked out once from the tag and its cue.
    public internal(set) var role: Role = .other

    /// For a DATERANGE, what the builders ask of it on every signal, kept
    /// beside the boxed range so reading them copies nothing.
    var range: RangeFacts?

    /// For a DATERANGE, its ID.
    var rangeID: String? {
        if case .dateRange(let range) = kind { range.id } else { nil }
    }

    /// For a DATERANGE, its ID as the tables key it, with the hash worked out once.
    var rangeKey: RangeID? {
        guard let hash = range?.idHash, case .dateRange(let range) = kind else { return nil }
        return RangeID(range.id, hash: hash)
    }

    struct RangeFacts: Sendable, Hashable {
        /// The hash of the range's ID (see ``RangeID``), worked out once for
        /// the tables that look it up. The ID itself is the range's, in
        /// ``AdSignal/kind``: the facts hold no reference, so reading them
        /// copies plain bytes.
        var idHash: Int
        var startDate: ProgramDateTime?
        /// END-DATE and DURATION, for an end signal's place.
        var endDate: ProgramDateTime?
        var duration: MediaDuration?
        /// PLANNED-DURATION, else DURATION.
        var plannedDuration: MediaDuration?
        /// END-DATE − START-DATE, else DURATION.
        var length: MediaDuration?
        /// CUE=PRE / CUE=POST.
        var pre: Bool
        var post: Bool
        var isInterstitial: Bool
        /// The range carries an end signal (SCTE35-IN, an end type in
        /// SCTE35-CMD, a repeat that states the end): it applies where the
        /// range ends, not where it starts.
        var marksEnd: Bool
        /// An earlier tag had the same ID: START-DATE is the start's.
        var repeatsID: Bool
    }
}

/// `#EXT-X-SCTE35` attributes (the dialect of several packagers).
public struct SCTE35Tag: Sendable, Hashable {
    /// `CUE`: the base64 splice_info_section.
    public var cue: String?
    /// `CUE-OUT`: `YES`, `NO` or `CONT`.
    public var cueOut: String?
    /// `CUE-IN=YES`.
    public var cueIn: Bool
    /// `ELAPSED`: time into the break.
    public var elapsed: MediaDuration?
    /// `DURATION`.
    public var duration: MediaDuration?
    /// `ID`.
    public var id: String?
    /// `TIME`.
    public var time: MediaDuration?
    /// Every attribute as written (`TYPE`, `UPID`, `BLACKOUT`, ... included).
    public var attributes: [Attribute]
}

/// Where a signal came from, for the opportunities and blackouts it formed.
public struct SignalSource: Sendable, Hashable {
    /// The tag, e.g. `#EXT-X-DATERANGE`.
    public var tag: String
    /// The 1-based line.
    public var line: Int
    /// The signal's stream time.
    public var time: StreamTime
}

/// A subscribed tag, delivered on every occurrence (``ParseOptions/subscribedTags``).
public struct SubscribedTag: Sendable, Hashable {
    /// The tag name with its `#`.
    public var name: String
    /// Everything after the first `:`, or nil.
    public var value: String?
    /// The start of the segment the tag precedes.
    public var time: StreamTime
    /// The media sequence number of that segment.
    public var mediaSequence: UInt64
    /// The 1-based line.
    public var line: Int
}
