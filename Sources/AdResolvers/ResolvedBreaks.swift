public import AdTimeline

/// What a resolver made of an opportunity: breaks for the timeline, and what
/// it had to leave out or could not get, so nothing is dropped silently.
public struct ResolvedBreaks: Sendable, Hashable {
    /// The breaks, in content order.
    public var breaks: [AdBreak]
    /// Ads dropped, sources that failed, each with the reason.
    public var issues: [String]

    /// Creates a result.
    public init(breaks: [AdBreak], issues: [String] = []) {
        self.breaks = breaks
        self.issues = issues
    }
}
