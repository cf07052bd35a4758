import AdPlayback
public import AdPolicy
public import AdTimeline
public import MediaTime

/// What became of each break in one viewing session of a scenario: a run
/// that stops and resumes, or fails over, has several, and each is told
/// on its own, so a break watched yesterday is not "played" today.
public struct SessionSummary: Sendable, Hashable {
    /// What became of a break within the session.
    public enum Outcome: Sendable, Hashable {
        /// Its last ad ended in this session.
        case watched
        /// It started and neither ended nor was skipped before the session
        /// did (a stop or a seek out of it).
        case left
        /// Skipped, every time it was reached: each reason once, in order.
        case skipped([SkipReason])
        /// Not reached in this session.
        case notReached

        /// A short label: `watched`, `left during it`, `skipped (cool-down)`,
        /// `skipped (policy, then cool-down)`, `not reached`.
        public var label: String {
            switch self {
            case .watched: "watched"
            case .left: "left during it"
            case .skipped(let reasons): "skipped (" + reasons.map(\.words).joined(separator: ", then ") + ")"
            case .notReached: "not reached"
            }
        }

        /// One letter for the timeline bar.
        public var symbol: Character {
            switch self {
            case .watched: "W"
            case .left: "L"
            case .skipped: "x"
            case .notReached: "o"
            }
        }
    }

    /// 1 for the first session.
    public var number: Int
    /// The clock when it started and ended.
    public var clock: ClosedRange<ClockTime>
    /// Where it started.
    public var startContent: ContentTime
    /// Each break of the timeline, in content order, with its outcome.
    public var breaks: [Entry]

    /// A break and what became of it.
    public struct Entry: Sendable, Hashable {
        /// The break.
        public var adBreak: AdBreak
        /// What became of it in the session.
        public var outcome: Outcome
    }

    /// The run's sessions, each from its `sessionStart` to its end (or the
    /// end of the run), in order.
    public static func sessions(of run: ScenarioRun) -> [SessionSummary] {
        var sessions: [SessionSummary] = []
        var events: [SessionEvent] = []
        func close() {
            guard let first = events.first, let last = events.last else { return }
            sessions.append(summary(number: sessions.count + 1, first: first, last: last, events: events, timeline: run.timeline))
            events = []
        }
        for event in run.events {
            if case .sessionStart = event.kind { close() }
            events.append(event)
        }
        close()
        return sessions
    }

    private static func summary(
        number: Int, first: SessionEvent, last: SessionEvent, events: [SessionEvent], timeline: AdTimeline
    ) -> SessionSummary {
        var ended: Set<String> = []
        var open: Set<String> = []
        var reasons: [String: [SkipReason]] = [:]
        for event in events {
            switch event.kind {
            case .adBreakStart(let id): open.insert(id)
            case .adBreakEnd(let id):
                ended.insert(id)
                open.remove(id)
            case .adBreakSkip(let id, let reason):
                open.remove(id)
                if reasons[id]?.contains(reason) != true { reasons[id, default: []].append(reason) }
            default: break
            }
        }
        let breaks = timeline.breaks.map { adBreak -> Entry in
            let id = adBreak.id
            if ended.contains(id) { return Entry(adBreak: adBreak, outcome: .watched) }
            if open.contains(id) { return Entry(adBreak: adBreak, outcome: .left) }
            if let skipped = reasons[id] { return Entry(adBreak: adBreak, outcome: .skipped(skipped)) }
            return Entry(adBreak: adBreak, outcome: .notReached)
        }
        return SessionSummary(number: number, clock: first.clock...max(first.clock, last.clock),
                              startContent: first.content, breaks: breaks)
    }
}

extension SkipReason {
    /// The reason as a viewer would say it, in reports and pictures:
    /// `already watched`, `cool-down`, `fail-over`, `policy`, ….
    public var words: String {
        switch self {
        case .watched: "already watched"
        case .cooldown: "cool-down"
        case .failover: "fail-over"
        case .policy: "policy"
        case .interrupted: "interrupted"
        case .unresolved: "unresolved"
        case .blackout: "blackout"
        case .empty: "nothing to play"
        }
    }
}

extension SkipDenial {
    /// The reason as a viewer would say it: `no ad is playing`, `not yet`, ….
    var words: String {
        switch self {
        case .notInBreak: "no ad is playing"
        case .notSkippable: "this ad cannot be skipped"
        case .notYetSkippable: "not yet"
        case .noLongerSkippable: "no longer"
        }
    }
}
