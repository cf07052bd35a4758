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
    public func placeholder(insertion: Insertion, occupancy: Occupancy = .addsStreamTime) -> AdBreak {
        var adBreak = AdBreak.placeholder(
            id: id, position: breakPosition, plannedDuration: duration, insertion: insertion, occupancy: occupancy)
        adBreak.isOpen = isOpen
        return adBreak
    }
}
