internal import AdTimeline
internal import MediaTime
internal import VAST
public import VASTResolution

/// The breaks of a VOD timeline from a VMAP schedule: each `AdBreak` placed
/// by its `timeOffset` (`start`, `end`, a time, a percent of the content),
/// its id from `breakId`, its ads from its VAST (inline, or fetched from its
/// ad tag and followed through wrappers). Breaks that cannot be placed or
/// filled are reported, not guessed.
public struct VMAPResolver: AdResolver {
    /// Fills each break from its VAST.
    public var pods: VASTPodResolver

    /// Creates a resolver that fills the breaks with `pods`.
    public init(pods: VASTPodResolver) { self.pods = pods }

    /// Creates a resolver that follows each break's VAST with `chain`.
    public init(chain: VASTChainResolver) { pods = VASTPodResolver(chain: chain) }

    public func shouldResolve(_ opportunity: AdOpportunity) -> Bool {
        if case .vmap = opportunity.source { return true }
        return false
    }

    public func resolve(_ opportunity: AdOpportunity) async throws -> ResolvedBreaks {
        guard case .vmap(let vmap, let contentDuration) = opportunity.source else {
            return ResolvedBreaks(breaks: [], issues: ["not a VMAP opportunity"])
        }
        var issues = vmap.warnings.map { "VMAP \($0)" }
        var placed: [(index: Int, id: String, position: BreakPosition, adBreak: VMAPAdBreak)] = []
        var positions: Set<ContentTime> = []
        for (index, adBreak) in vmap.adBreaks.enumerated() {
            let id = adBreak.id ?? "break-\(index + 1)"
            guard adBreak.breakTypes.contains("linear") else {
                issues.append("break \(id) skipped: only linear breaks play in the timeline (\(adBreak.breakTypes.joined(separator: ",")))")
                continue
            }
            guard let position = Self.position(adBreak.timeOffset, contentDuration: contentDuration) else {
                issues.append("break \(id) skipped: timeOffset \(adBreak.timeOffset) cannot be placed in \(contentDuration) s of content")
                continue
            }
            switch adBreak.adSource?.content {
            case .custom?:
                issues.append("break \(id) skipped: its ad source is custom data, not VAST")
                continue
            case nil:
                issues.append("break \(id) skipped: it has no ad source")
                continue
            case .vast?, .adTagURI?:
                break
            }
            let time = Self.contentTime(position, contentDuration: contentDuration)
            guard positions.insert(time).inserted else {
                issues.append("break \(id) skipped: another break is already at \(time) s")
                continue
            }
            placed.append((index, id, position, adBreak))
        }
        // Every break's VAST at once: a schedule's breaks do not depend on one another.
        let filled = await withTaskGroup(of: (Int, ResolvedBreaks).self) { group in
            for entry in placed {
                group.addTask {
                    let opportunity = AdOpportunity(id: entry.id, position: entry.position, source: source(of: entry.adBreak))
                    let resolved = (try? await pods.resolve(opportunity)) ?? ResolvedBreaks(breaks: [], issues: ["cancelled"])
                    return (entry.index, resolved)
                }
            }
            var results: [(Int, ResolvedBreaks)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        try Task.checkCancellation()
        var breaks: [AdBreak] = []
        for ((_, resolved), entry) in zip(filled, placed) {
            issues += resolved.issues.map { "break \(entry.id): \($0)" }
            if resolved.breaks.isEmpty { issues.append("break \(entry.id) has no playable ads; content plays") }
            breaks += resolved.breaks
        }
        breaks.sort { Self.contentTime($0.position, contentDuration: contentDuration) < Self.contentTime($1.position, contentDuration: contentDuration) }
        return ResolvedBreaks(breaks: breaks, issues: issues)
    }

    /// Only breaks with inline VAST or an ad tag get this far.
    private func source(of adBreak: VMAPAdBreak) -> AdOpportunity.Source {
        if case .adTagURI(let uri, _)? = adBreak.adSource?.content { return .adTag(uri) }
        if case .vast(let document)? = adBreak.adSource?.content { return .vast(document) }
        return .vast(VASTDocument(version: ""))
    }

    static func position(_ offset: TimeOffset, contentDuration: MediaDuration) -> BreakPosition? {
        switch offset {
        case .start: return .preroll
        case .end: return .postroll
        case .time(let time):
            guard time <= contentDuration else { return nil }
            if time == .zero { return .preroll }
            return time == contentDuration ? .postroll : .midroll(ContentTime(ticks: time.ticks))
        case .percent(let percent):
            return position(.time(MediaDuration(ticks: contentDuration.ticks * Int64(percent) / 100)), contentDuration: contentDuration)
        case .position:
            return nil
        }
    }

    static func contentTime(_ position: BreakPosition, contentDuration: MediaDuration) -> ContentTime {
        switch position {
        case .preroll: .zero
        case .midroll(let time): time
        case .postroll: ContentTime(ticks: contentDuration.ticks)
        }
    }
}
