/// Why a break did not play.
public enum SkipReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// A fail-over flag (disablePreroll, disableMidroll).
    case failover
    /// The jump's direction rule, the autoSeek rule, a seek-into-break rule,
    /// a seek during an ad, or a custom selector.
    case policy
    /// It was watched before (repeat playOnce, or watched in an earlier
    /// session).
    case watched
    /// A cool-down after a completed break is running.
    case cooldown
    /// It was interrupted and the interrupt rule is skip.
    case interrupted
    /// Its ads were still being resolved, or could not be, when playback
    /// reached it: content plays rather than wait.
    case unresolved
    /// It lay in a blackout: this device showed alternate content while
    /// the main stream played it.
    case blackout
    /// It has nothing to play (an HLS interstitial whose asset list was
    /// empty): primary playback resumes at its resume offset.
    case empty
}

/// What to do with one break, as a policy selector decides it.
public enum BreakPolicy: Sendable, Hashable {
    /// Play it.
    case play
    /// Do not play it, for this reason.
    case skip(SkipReason)
    /// Take it out of the timeline without playing it.
    case remove
    /// Play it, then take it out of the timeline.
    case removeAfterPlay

    /// Whether the break plays.
    public var plays: Bool { self == .play || self == .removeAfterPlay }
}

extension SkipReason: CustomStringConvertible {
    /// The reason as event lines spell it (`cooldown`, `policy`, …).
    public var description: String { rawValue }
}
