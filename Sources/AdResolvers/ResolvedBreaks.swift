public import AdTimeline
public import VAST

/// What a resolver made of an opportunity: breaks for the timeline, and what
/// it had to leave out or could not get, so nothing is dropped silently.
public struct ResolvedBreaks: Sendable, Hashable {
    /// The breaks, in content order.
    public var breaks: [AdBreak]
    /// Ads dropped, sources that failed, each with the reason.
    public var issues: [String]
    /// The ads that cannot play, with the Error URLs to report them to:
    /// the runtime hands them to ad tracking, which sends them.
    public var errorReports: [AdErrorReport]

    /// Creates a result.
    public init(breaks: [AdBreak], issues: [String] = [], errorReports: [AdErrorReport] = []) {
        self.breaks = breaks
        self.issues = issues
        self.errorReports = errorReports
    }
}
