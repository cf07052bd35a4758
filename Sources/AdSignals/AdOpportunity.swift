public import HLS
public import MediaTime
public import SCTE35
public import SSAITracking

/// A place where ads may go, before anyone has said which, whatever format
/// announced it: a cue in a live playlist, a break of a VMAP schedule, an
/// SSAI avail. Resolvers turn opportunities into breaks.
///
/// ```swift
/// let (opportunities, issues) = VMAPSchedule.opportunities(in: vmap, contentDuration: .init(seconds: 1800))
/// for opportunity in opportunities { print(opportunity.id, opportunity.position, opportunity.duration ?? "open") }
/// ```
public struct AdOpportunity: Sendable, Hashable, Identifiable {
    /// A stable identifier: a schedule's break id, a date range's id, a
    /// cue's event; signals with the same id are the same opportunity.
    public var id: String
    /// Where the ads go.
    public var position: OpportunityPosition
    /// The time to fill, when the signal states one.
    public var duration: MediaDuration?
    /// Whether the end has not been signalled yet (a live cue-out).
    public var isOpen: Bool
    /// What announced it.
    public var signal: OpportunitySignal
    /// Where the stream's own signals start a new ad inside it, as offsets
    /// from its start, in order (an in-stream break whose ads are cued one
    /// by one); empty when nothing splits it.
    public var adSplits: [MediaDuration]
    /// How far into it playback joined it, when a session started inside
    /// it (a viewer joining a live stream mid-interstitial): an HLS
    /// interstitial's asset list request then carries `_HLS_start_offset`.
    public var joinOffset: MediaDuration?

    /// Creates an opportunity.
    public init(
        id: String, position: OpportunityPosition, duration: MediaDuration? = nil, isOpen: Bool = false,
        signal: OpportunitySignal, adSplits: [MediaDuration] = []
    ) {
        self.id = id
        self.position = position
        self.duration = duration
        self.isOpen = isOpen
        self.signal = signal
        self.adSplits = adSplits
    }

    /// Takes in a later signal of the same opportunity (a refresh that saw
    /// its continuation or its end): the later position, duration and
    /// openness win, and what marked it accumulates.
    public mutating func merge(_ later: AdOpportunity) {
        precondition(later.id == id, "merging opportunity \(later.id) into \(id)")
        duration = later.duration ?? duration
        isOpen = later.isOpen
        if later.adSplits.count > adSplits.count { adSplits = later.adSplits }
        signal = signal.merged(with: later.signal)
    }
}

/// Where an opportunity sits.
public enum OpportunityPosition: Sendable, Hashable {
    /// Before the content.
    case preroll
    /// At a content time (VOD).
    case content(ContentTime)
    /// After the content.
    case postroll
    /// At a stream time: a live stream's media timeline, where content time
    /// is stream time.
    case stream(StreamTime)
}

/// What announced an opportunity, as much as a resolver needs to know.
public enum OpportunitySignal: Sendable, Hashable {
    /// A break of an ad schedule (VMAP) and where its ads come from.
    case schedule(AdSource)
    /// A marker in the stream whose ads are in the stream already
    /// (server-side insertion): the tags that marked it and, when a cue
    /// did, the SCTE-35 section, decoded once by the parser (its event id,
    /// UPIDs and durations are what a resolver looks ads up by).
    indirect case inStream(tags: [String], scte35: SpliceInfoSection?)
    /// An avail of an SSAI server's tracking data: its ads are stitched into
    /// the stream and known, so the opportunity is its break
    /// (``AdOpportunity/trackedBreak(occupancy:)``); no resolution is needed.
    indirect case tracked(TrackedAvail)
    /// An HLS interstitial (RFC 8216bis Appendix D): its assets are separate
    /// playlists the player switches to, found at its `X-ASSET-URI` or in
    /// its `X-ASSET-LIST`, both relative to `playlistURL` when it is known.
    case interstitial(Interstitial, playlistURL: String?)

    /// Whether resolving it fetches an HLS interstitial's asset list.
    public var fetchesAssetList: Bool {
        if case .interstitial(let interstitial, _) = self, case .list = interstitial.asset { return true }
        return false
    }

    func merged(with later: OpportunitySignal) -> OpportunitySignal {
        switch (self, later) {
        case (.inStream(let tags, let cue), .inStream(let laterTags, let laterCue)):
            return .inStream(tags: tags + laterTags.filter { !tags.contains($0) }, scte35: cue ?? laterCue)
        case (.interstitial(_, let url), .interstitial(let interstitial, let laterURL)):
            // The parser merged the tags of its ID already: the later one holds them all.
            return .interstitial(interstitial, playlistURL: laterURL ?? url)
        default:
            return later
        }
    }
}

/// Where a scheduled break's ads come from.
public enum AdSource: Sendable, Hashable {
    /// A VAST ad tag URL to ask.
    case adTag(String)
    /// A VAST document in hand, as text.
    case inlineVAST(String)
}
