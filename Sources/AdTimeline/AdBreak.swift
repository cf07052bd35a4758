public import MediaTime

/// Where a break sits in the content.
public enum BreakPosition: Sendable, Hashable, Codable {
    /// Before the content starts (content time 0).
    case preroll
    /// At a content time.
    case midroll(ContentTime)
    /// After the content ends; needs a known content duration.
    case postroll
}

/// How a break's ads reach the viewer.
public enum Insertion: String, Sendable, Hashable, Codable, CaseIterable {
    /// Server-side: the ads are stitched into the stream and occupy its time.
    case inStream
    /// Client-side: the ads are separate assets; playing the break switches
    /// the player's item to them and back.
    case inserted
}

/// Whether a break's time comes on top of the content or instead of it.
public enum Occupancy: String, Sendable, Hashable, Codable, CaseIterable {
    /// The ads add stream time: the content stops while they play (VOD
    /// server-side insertion, client-side insertion).
    case addsStreamTime
    /// The ads play instead of the content of the same length (live
    /// server-side insertion: the broadcast's avail is replaced), so stream
    /// time and content time stay equal.
    case replacesContent
}

/// An ad break: an ordered list of ads at one position of the content.
///
/// A break may be a **placeholder**: its place and planned length are known
/// while its ads are still being resolved. A break with no ads and a resume
/// offset (an interstitial whose asset list was empty) plays nothing and
/// moves primary playback on by its offset. Playback that reaches a
/// placeholder skips it (reason `unresolved`) and content plays.
public struct AdBreak: Sendable, Hashable, Codable, Identifiable {
    /// The break's identifier, unique in its timeline.
    public var id: String
    /// Where the break sits.
    public var position: BreakPosition
    /// The ads, in play order; none for a placeholder.
    public var ads: [Ad]
    /// How the ads reach the viewer.
    public var insertion: Insertion
    /// Whether the break adds stream time or replaces content.
    public var occupancy: Occupancy
    /// Whether the ads are still being resolved.
    public var isPlaceholder: Bool
    /// The length the break is planned to take, when known (a cue's
    /// duration, an opportunity's): a placeholder occupies this much.
    public var plannedDuration: MediaDuration?
    /// Whether the break is still open: a live cue-out whose end has not
    /// been signalled, so its last ad grows as the stream does.
    public var isOpen: Bool
    /// Where content resumes after the break, from its position (an HLS
    /// interstitial's `X-RESUME-OFFSET`): the break covers that much content
    /// and adds its duration less that to the stream. Nil: as ``occupancy``
    /// says (0 when it adds stream time, its duration when it replaces
    /// content).
    public var resumeOffset: MediaDuration?
    /// What its source requires of playback whatever the policy's rules say.
    public var restrictions: BreakRestrictions = []
    /// When the viewer may skip the whole break (an interstitial's skip
    /// control); nil: only its ads' own skip offsets, if any.
    public var skipControl: BreakSkipControl?

    /// Creates a break.
    public init(
        id: String, position: BreakPosition, ads: [Ad], insertion: Insertion = .inStream,
        occupancy: Occupancy = .addsStreamTime, isOpen: Bool = false, resumeOffset: MediaDuration? = nil
    ) {
        self.id = id
        self.position = position
        self.ads = ads
        self.insertion = insertion
        self.occupancy = occupancy
        self.isPlaceholder = false
        self.plannedDuration = nil
        self.isOpen = isOpen
        self.resumeOffset = resumeOffset
    }

    /// The content the break covers, given its length `duration`: its resume
    /// offset, else as its occupancy says.
    public func coveredContent(duration: MediaDuration) -> MediaDuration {
        resumeOffset ?? (occupancy == .replacesContent ? duration : .zero)
    }

    /// A break whose ads are being resolved: it occupies `plannedDuration`
    /// (nothing when unknown) until it is resolved.
    public static func placeholder(
        id: String, position: BreakPosition, plannedDuration: MediaDuration? = nil, insertion: Insertion = .inStream,
        occupancy: Occupancy = .addsStreamTime
    ) -> AdBreak {
        var adBreak = AdBreak(id: id, position: position, ads: [], insertion: insertion, occupancy: occupancy)
        adBreak.isPlaceholder = true
        adBreak.plannedDuration = plannedDuration
        return adBreak
    }

    /// The time the break takes: the sum of its ads, or a placeholder's
    /// planned duration.
    /// - Complexity: O(number of ads).
    public var duration: MediaDuration {
        guard !isPlaceholder else { return plannedDuration ?? .zero }
        return ads.reduce(MediaDuration.zero) { $0 + $1.duration }
    }

    /// Which ad plays at `offset` from the break's start, and how far into it.
    ///
    /// Returns `nil` when the offset lies outside the break.
    /// - Complexity: O(number of ads).
    public func ad(atOffset offset: MediaDuration) -> (index: Int, offset: MediaDuration)? {
        guard offset >= .zero else { return nil }
        var start = MediaDuration.zero
        for (index, ad) in ads.enumerated() {
            if offset < start + ad.duration { return (index, offset - start) }
            start += ad.duration
        }
        return nil
    }

    /// The offset from the break's start at which ad `index` begins.
    public func offset(ofAd index: Int) -> MediaDuration {
        ads[..<index].reduce(MediaDuration.zero) { $0 + $1.duration }
    }
}
