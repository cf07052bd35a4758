public import MediaTime
public import VAST

/// The opportunities of a VMAP schedule for VOD content: each linear
/// `AdBreak` placed by its `timeOffset` (`start`, `end`, a time, a percent
/// of the content), named by its `breakId`, with its VAST (an ad tag, or
/// inline). A break that cannot be placed or has no VAST source is
/// reported, never guessed.
public enum VMAPSchedule {
    /// The schedule's opportunities in document order, and what was left out
    /// and why.
    public static func opportunities(
        in vmap: VMAPDocument, contentDuration: MediaDuration
    ) -> (opportunities: [AdOpportunity], issues: [String]) {
        var issues = vmap.warnings.map { "VMAP \($0)" }
        var opportunities: [AdOpportunity] = []
        var positions: Set<ContentTime> = []
        for (index, adBreak) in vmap.adBreaks.enumerated() {
            let id = adBreak.id ?? "break-\(index + 1)"
            guard adBreak.breakTypes.contains("linear") else {
                issues.append("break \(id) skipped: only linear breaks play in the timeline (\(adBreak.breakTypes.joined(separator: ",")))")
                continue
            }
            guard let position = position(adBreak.timeOffset, contentDuration: contentDuration) else {
                issues.append("break \(id) skipped: timeOffset \(adBreak.timeOffset) cannot be placed in \(contentDuration) s of content")
                continue
            }
            let source: AdSource
            switch adBreak.adSource?.content {
            case .adTagURI(let uri, _)?:
                source = .adTag(uri)
            case .vast?:
                guard let xml = adBreak.adSource?.inlineXML else {
                    issues.append("break \(id) skipped: its inline VAST was not kept as text")
                    continue
                }
                source = .inlineVAST(xml)
            case .custom?:
                issues.append("break \(id) skipped: its ad source is custom data, not VAST")
                continue
            case nil:
                issues.append("break \(id) skipped: it has no ad source")
                continue
            }
            let time = contentTime(position, contentDuration: contentDuration)
            guard positions.insert(time).inserted else {
                issues.append("break \(id) skipped: another break is already at \(time) s")
                continue
            }
            opportunities.append(AdOpportunity(id: id, position: position, signal: .schedule(source)))
        }
        return (opportunities, issues)
    }

    static func position(_ offset: TimeOffset, contentDuration: MediaDuration) -> OpportunityPosition? {
        switch offset {
        case .start: return .preroll
        case .end: return .postroll
        case .time(let time):
            guard time <= contentDuration else { return nil }
            if time == .zero { return .preroll }
            return time == contentDuration ? .postroll : .content(ContentTime(ticks: time.ticks))
        case .percent(let percent):
            return position(.time(MediaDuration(ticks: contentDuration.ticks * Int64(percent) / 100)), contentDuration: contentDuration)
        case .position:
            return nil
        }
    }

    static func contentTime(_ position: OpportunityPosition, contentDuration: MediaDuration) -> ContentTime {
        switch position {
        case .preroll: .zero
        case .content(let time): time
        case .postroll: ContentTime(ticks: contentDuration.ticks)
        case .stream(let time): ContentTime(ticks: time.ticks)
        }
    }
}
