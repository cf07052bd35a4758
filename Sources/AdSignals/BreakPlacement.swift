public import AdTimeline
public import MediaTime

extension AdOpportunity {
    /// Where the opportunity's break goes in a timeline: a stream position
    /// is a content position (live content time is stream time).
    public var breakPosition: BreakPosition {
        switch position {
        case .preroll: .preroll
        case .postroll: .postroll
        case .content(let time): time == .zero ? .preroll : .midroll(time)
        case .stream(let time): .midroll(ContentTime(ticks: time.ticks))
        }
    }

    /// The placeholder that holds the opportunity's place in a timeline
    /// while its ads are resolved; open while the opportunity is.
    ///
    /// An interstitial's placeholder is inserted and takes no time, whatever
    /// the style asked: if it cannot be resolved, primary playback goes on
    /// where it was scheduled (RFC 8216bis D.5: resume offset 0).
    public func placeholder(insertion: Insertion, occupancy: Occupancy = .addsStreamTime) -> AdBreak {
        if case .interstitial = signal {
            return AdBreak.placeholder(id: id, position: breakPosition, plannedDuration: nil, insertion: .inserted, occupancy: .addsStreamTime)
        }
        var adBreak = AdBreak.placeholder(
            id: id, position: breakPosition, plannedDuration: duration, insertion: insertion, occupancy: occupancy)
        adBreak.isOpen = isOpen
        return adBreak
    }

    /// The break an in-stream marker is: the ads are in the stream already
    /// (live SSAI), so the break keeps the opportunity's id, replaces the
    /// content it covers, stays open while the cue is, and holds one ad per
    /// part the stream's own cues split it into (`<id>/1`, `<id>/2`, …), or
    /// one ad spanning it. A break whose length is not known yet lasts
    /// `unknownDuration` until a later signal says.
    public func inStreamBreak(unknownDuration: MediaDuration = MediaDuration(microseconds: 1)) -> AdBreak {
        let total = duration.flatMap { $0 > .zero ? $0 : nil } ?? unknownDuration
        var lengths: [MediaDuration] = []
        var previous = MediaDuration.zero
        for split in adSplits where split > previous && split < total {
            lengths.append(split - previous)
            previous = split
        }
        lengths.append(total - previous)
        let ads = lengths.enumerated().map { Ad(id: Ad.id(inBreak: id, number: $0.offset + 1), duration: $0.element) }
        return AdBreak(id: id, position: breakPosition, ads: ads, insertion: .inStream, occupancy: .replacesContent, isOpen: isOpen)
    }
}
