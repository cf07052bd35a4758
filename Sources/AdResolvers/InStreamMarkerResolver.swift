public import AdSignals
public import AdTimeline
public import MediaTime

/// Resolves a marker in the stream (an SCTE-35 cue, a CUE-OUT, a date
/// range) at once: the ads are already stitched into the stream (live
/// SSAI), so the cue itself is the break. The break replaces the content
/// it covers, keeps the opportunity's id, and holds one ad, `<id>/1`,
/// spanning it, unless the stream's own ad-level cues split it into more;
/// it stays open while the cue is.
///
/// ```swift
/// let registry = ResolverRegistry([InStreamMarkerResolver()], clock: ContinuousClock())
/// ```
public struct InStreamMarkerResolver: AdResolver {
    /// The length given to a break whose cue states none, until its end
    /// arrives: nothing, so the break grows only as signals say.
    public var unknownDuration = MediaDuration(microseconds: 1)

    /// Creates the resolver.
    public init() {}

    public func shouldResolve(_ opportunity: AdOpportunity) -> Bool {
        if case .inStream = opportunity.signal { return true }
        return false
    }

    public func resolve(_ opportunity: AdOpportunity) async throws -> ResolvedBreaks {
        ResolvedBreaks(breaks: [Self.adBreak(for: opportunity, unknownDuration: unknownDuration)])
    }

    /// The cue is its break: known at once.
    public func resolveAtOnce(_ opportunity: AdOpportunity) -> ResolvedBreaks? {
        ResolvedBreaks(breaks: [Self.adBreak(for: opportunity, unknownDuration: unknownDuration)])
    }

    /// The break an in-stream opportunity is (`AdOpportunity.inStreamBreak(unknownDuration:)`).
    public static func adBreak(for opportunity: AdOpportunity, unknownDuration: MediaDuration = MediaDuration(microseconds: 1)) -> AdBreak {
        opportunity.inStreamBreak(unknownDuration: unknownDuration)
    }
}
