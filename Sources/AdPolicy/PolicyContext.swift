public import AdTimeline
public import MediaTime

/// Everything a policy may read: the timeline and its watched state, the
/// session's history and the clock's reading. Policies read no clock of
/// their own.
public struct PolicyContext: Sendable, Hashable {
    /// The timeline, with this session's watched breaks marked.
    public var timeline: AdTimeline
    /// Breaks watched in an earlier session (a bookmark's, or the session a
    /// fail-over replaced): they never play again, whatever `repeat` says.
    public var earlierWatched: Set<String>
    /// The wall clock's reading now.
    public var now: ClockTime
    /// When the last break of this session completed.
    public var lastBreakCompletedAt: ClockTime?
    /// Whether this is a fail-over session.
    public var isFailoverSession: Bool

    /// Creates a context.
    public init(
        timeline: AdTimeline,
        earlierWatched: Set<String> = [],
        now: ClockTime = .zero,
        lastBreakCompletedAt: ClockTime? = nil,
        isFailoverSession: Bool = false
    ) {
        self.timeline = timeline
        self.earlierWatched = earlierWatched
        self.now = now
        self.lastBreakCompletedAt = lastBreakCompletedAt
        self.isFailoverSession = isFailoverSession
    }

    /// Whether the break was watched, in this session or an earlier one.
    public func isWatched(_ id: String) -> Bool {
        timeline.isWatched(id) || earlierWatched.contains(id)
    }
}
