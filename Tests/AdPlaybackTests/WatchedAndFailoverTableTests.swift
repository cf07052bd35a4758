import AdPlayback
import AdSimulation
import AdPolicy
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

private func simulation(_ policy: AdPolicy) -> Simulation {
    let timeline = try! AdTimeline(contentDuration: s(1800), breaks: [
        AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "p", duration: s(20))]),
        AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 600)), ads: [Ad(id: "m1", duration: s(20)), Ad(id: "m2", duration: s(20))]),
        AdBreak(id: "post", position: .postroll, ads: [Ad(id: "x", duration: s(10))]),
    ])
    return Simulation(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: policy)))
}

enum BreakExit: String, CaseIterable, Sendable {
    case completed, interruptedAndSkipped, seekedAway
}

@Suite struct WatchedAndFailoverTableTests {
    /// When a break counts as watched: onBegin as it starts, onEnd only when
    /// it completes, never not at all; a watched break is skipped (watched)
    /// when rewound over under repeat playOnce.
    @Test(arguments: WatchedRule.allCases, BreakExit.allCases)
    func watchedRuleDecidesWhetherABreakCountsAsWatched(rule: WatchedRule, exit: BreakExit) throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .skipAll
        policy.watched = rule
        policy.interrupt = .skip
        policy.allowSeekInBreak = true
        let sim = simulation(policy)
        try sim.send(.start(.position(.content(ContentTime(seconds: 590)))))
        try sim.play(for: s(15))
        #expect(sim.session.isInBreak)
        switch exit {
        case .completed:
            try sim.play(for: s(40))
        case .interruptedAndSkipped:
            try sim.send(.interrupt)
            try sim.send(.interruptEnd)
        case .seekedAway:
            try sim.send(.jump(.seek, to: .content(ContentTime(seconds: 700))))
        }
        let watched = rule == .onBegin || (rule == .onEnd && exit == .completed)
        #expect(sim.session.timeline.isWatched("mid") == watched)
        let rewind = try sim.send(.jump(.rewind, to: .content(ContentTime(seconds: 500))))
        let skip = rewind.first { $0.breakID == "mid" }
        #expect(skip?.kind == (watched ? .adBreakSkip(breakID: "mid", reason: .watched) : .adBreakStart(breakID: "mid")))
    }

    /// A fail-over session at the same content time: the flags drop the
    /// pre-roll and mid-rolls (reason failover, first); the post-roll always
    /// plays; breaks watched before the fault stay watched.
    @Test(arguments: [false, true], [false, true])
    func failoverFlagsDropPrerollAndMidrollsButNeverThePostroll(disablePreroll: Bool, disableMidroll: Bool) throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .playAll
        policy.failover = FailoverFlags(disablePreroll: disablePreroll, disableMidroll: disableMidroll)
        let sim = simulation(policy)
        try sim.send(.start(.position(.content(ContentTime(seconds: 900)))))
        let before = try sim.playToEnd()
        #expect(before.contains { $0.kind == .adBreakEnd(breakID: "post") })
        let fresh = simulation(policy)
        try fresh.send(.start(.beginning))
        try fresh.play(for: s(20 + 900))
        let events = try fresh.send(.failover)
        let skips = events.compactMap { event -> String? in
            guard case .adBreakSkip(let id, let reason) = event.kind else { return nil }
            return "\(id) \(reason.rawValue)"
        }
        #expect(skips.first == (disablePreroll ? "pre failover" : "pre watched"))
        #expect(skips.dropFirst().first == (disableMidroll ? "mid failover" : "mid watched"))
        #expect(events.last?.kind == .contentStart)
        #expect(events.last?.content == ContentTime(seconds: 860))
        let rest = try fresh.playToEnd()
        #expect(rest.map(\.name).suffix(4) == ["adStart", "adEnd", "adBreakEnd", "sessionEnd"])
    }

    @Test func failoverWhileAnAdPlaysRestartsAtTheBreakSoItIsReachedAgain() throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .skipAll
        let sim = simulation(policy)
        try sim.send(.start(.position(.content(ContentTime(seconds: 590)))))
        try sim.play(for: s(25))
        let events = try sim.send(.failover)
        #expect(events.map(\.name) == ["failover", "sessionEnd", "sessionStart", "adBreakSkip", "adBreakStart", "adStart"])
        #expect(events[3].kind == .adBreakSkip(breakID: "pre", reason: .policy))
        #expect(events[4].kind == .adBreakStart(breakID: "mid"))
    }

    @Test func cooldownRunsOnTheClockFromTheEndOfTheCompletedBreak() throws {
        var policy = AdPolicy.strict
        policy.cooldown = s(120)
        let sim = simulation(policy)
        try sim.send(.start(.beginning))
        try sim.play(for: s(20))
        let early = try sim.send(.jump(.seek, to: .content(ContentTime(seconds: 700))))
        #expect(early.contains { $0.kind == .adBreakSkip(breakID: "mid", reason: .cooldown) })
        try sim.send(.pause)
        sim.wait(for: s(120))
        try sim.send(.resume)
        let later = try sim.send(.jump(.rewind, to: .content(ContentTime(seconds: 500))))
        #expect(later.contains { $0.kind == .adBreakStart(breakID: "mid") }, "120 s after the pre-roll ended")
        try sim.play(for: s(40))
        let failover = try sim.send(.failover)
        let seek = try sim.send(.jump(.seek, to: .content(ContentTime(seconds: 1799))))
        #expect(failover.last?.kind == .contentStart)
        #expect(seek.contains { $0.kind == .adBreakSkip(breakID: "mid", reason: .watched) },
                "the fail-over session keeps the watched break, and its cool-down (see ResumeAndDetourTests)")
    }
}
