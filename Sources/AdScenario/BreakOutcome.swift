import AdPlayback
public import AdPolicy
public import AdTimeline

/// What became of a break over a whole scenario, for reports.
public enum BreakOutcome: Sendable, Hashable {
    /// Counted as watched when the scenario ended.
    case watched
    /// Played to its end at least once, but not counted as watched.
    case played
    /// Only ever skipped; the last reason.
    case skipped(SkipReason)
    /// Never reached.
    case unplayed

    /// Each break's outcome, in content order.
    public static func outcomes(of run: ScenarioRun) -> [(adBreak: AdBreak, outcome: BreakOutcome)] {
        let watched = Set(run.watched)
        var played: Set<String> = []
        var lastSkip: [String: SkipReason] = [:]
        for event in run.events {
            switch event.kind {
            case .adBreakEnd(let id): played.insert(id)
            case .adBreakSkip(let id, let reason): lastSkip[id] = reason
            default: break
            }
        }
        return run.timeline.breaks.map { adBreak in
            let id = adBreak.id
            if watched.contains(id) { return (adBreak, .watched) }
            if played.contains(id) { return (adBreak, .played) }
            if let reason = lastSkip[id] { return (adBreak, .skipped(reason)) }
            return (adBreak, .unplayed)
        }
    }

    /// A short label: `watched`, `played`, `skipped (cool-down)`, `unplayed`.
    public var label: String {
        switch self {
        case .watched: "watched"
        case .played: "played"
        case .skipped(let reason): "skipped (\(reason.words))"
        case .unplayed: "unplayed"
        }
    }
}
