import AdPlayback
import AdSimulation
import AdPolicy
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
private func content(_ value: Int64) -> ContentTime { ContentTime(seconds: value) }
private func stream(_ value: Int64) -> StreamTime { StreamTime(seconds: value) }

private func midroll(_ id: String, at seconds: Int64, ads: [Int64] = [30]) -> AdBreak {
    AdBreak(id: id, position: .midroll(content(seconds)), ads: ads.enumerated().map { Ad(id: "\(id)-\($0.offset)", duration: s($0.element)) })
}

private func simulation(content duration: Int64, _ breaks: [AdBreak], _ policy: AdPolicy) -> Simulation {
    let timeline = try! AdTimeline(contentDuration: s(duration), breaks: breaks)
    return Simulation(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: policy)))
}

/// Each event as "name break reason", for comparing sequences.
private func lines(_ events: [SessionEvent]) -> [String] {
    events.map { event in
        switch event.kind {
        case .adBreakSkip(let id, let reason): "adBreakSkip \(id) \(reason.rawValue)"
        default: [event.name, event.breakID].compactMap(\.self).joined(separator: " ")
        }
    }
}

private func bookmark(in events: [SessionEvent]) -> Bookmark? {
    events.lazy.compactMap { if case .bookmark(let bookmark) = $0.kind { bookmark } else { nil } }.last
}

/// The policy fixes that resuming, fail-over and detours need: autoSeek
/// chooses among unwatched breaks, one jump reports a break once, a stop or
/// fault during a detour keeps the viewer's destination, and the cool-down
/// outlives a technical restart.
@Suite struct ResumeAndDetourTests {
    /// autoSeek playMidroll with fastForward playLast: the watched m2 takes
    /// no part in the choice, so the last unwatched mid-roll (m1) plays.
    @Test func resumeWithAutoSeekPlayMidroll_playsTheLastUnwatchedMidrollNotNothing() throws {
        var policy = AdPolicy.strict
        policy.fastForward = .playLast
        policy.autoSeek = .playMidroll
        let sim = simulation(content: 1800, [midroll("m1", at: 300), midroll("m2", at: 600), midroll("m3", at: 900)], policy)
        try sim.send(.start(.position(.content(content(610)))))
        try sim.play(for: s(90))
        let first = try sim.send(.stop)
        let saved = try #require(bookmark(in: first))
        #expect(saved.content == content(670))
        #expect(saved.watched == ["m2"])

        let resumed = try sim.send(.start(.bookmark(saved)))
        #expect(lines(resumed) == ["sessionStart", "adBreakSkip m2 watched", "adBreakStart m1", "adStart m1"])
        #expect(resumed[2].stream == stream(300))
        let rest = try sim.play(for: s(40))
        #expect(lines(rest) == ["adEnd m1", "adBreakEnd m1", "contentStart"])
        #expect(rest[1].stream == stream(330))
        #expect(rest[2].stream == stream(730))
        #expect(rest[2].content == content(670))
        let second = try #require(bookmark(in: try sim.send(.stop)))
        #expect(second == Bookmark(content: content(680), watched: ["m1", "m2"], lastBreakCompletedAt: ClockTime(seconds: 120)))
    }

    /// A backward seek from the end of a pre-roll into it: the pre-roll is
    /// landed in, not leaped and landed in, so it is reported once.
    @Test func seekBackIntoTheBreakJustBehind_reportsItOnce() throws {
        var policy = AdPolicy.strict
        policy.failover = FailoverFlags(disablePreroll: true)
        let pre = AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "p1", duration: s(16)), Ad(id: "p2", duration: s(38))])
        let sim = simulation(content: 600, [pre, midroll("m", at: 300)], policy)
        try sim.send(.start(.beginning))
        try sim.play(for: s(54))
        try sim.send(.failover)
        let seek = try sim.send(.jump(.seek, to: .stream(stream(50))))
        #expect(lines(seek) == ["seek", "adBreakSkip pre failover", "contentStart"])
        #expect(seek.last?.stream == stream(54))
        let rest = try sim.play(for: s(5))
        #expect(rest.isEmpty)
        #expect(try lines(sim.send(.stop)) == ["bookmark", "sessionEnd"])
    }

    /// The same for a content-time seek back to the position of the break
    /// just behind the playhead: it is reached (and, watched, skipped once),
    /// not leaped as well.
    @Test func seekBackToThePositionOfTheBreakJustBehind_reachesItOnce() throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .skipAll
        let sim = simulation(content: 1800, [midroll("m", at: 600)], policy)
        try sim.send(.start(.position(.content(content(590)))))
        try sim.play(for: s(40))
        let seek = try sim.send(.jump(.seek, to: .content(content(600))))
        #expect(lines(seek) == ["seek", "adBreakSkip m watched", "contentStart"])
    }

    /// Snapback queues b10 on the way to 15:00; a fault during it restarts
    /// at 15:00, where autoSeek brings b10 back because it is unwatched.
    @Test func failoverDuringASnapbackDetour_restartsAtTheJumpsTarget() throws {
        let sim = simulation(content: 1800, [midroll("b10", at: 600)], .snapback)
        try sim.send(.start(.beginning))
        try sim.play(for: s(300))
        try sim.send(.jump(.seek, to: .content(content(900))))
        try sim.play(for: s(10))
        let failover = try sim.send(.failover)
        #expect(lines(failover) == ["failover", "sessionEnd", "sessionStart", "adBreakStart b10", "adStart b10"])
        #expect(failover[2].stream == stream(930))
        #expect(failover[2].content == content(900))
        let replay = try sim.play(for: s(40))
        #expect(lines(replay) == ["adEnd b10", "adBreakEnd b10", "contentStart"])
        #expect(replay[2].stream == stream(930))
        #expect(replay[2].content == content(900))
        let saved = try #require(bookmark(in: try sim.send(.stop)))
        #expect(saved.content == content(910))
        #expect(saved.watched == ["b10"])
    }

    /// A deep link at 1000 that autoSeek detours through three mid-rolls:
    /// a stop in the first one bookmarks the link's position.
    @Test func stopDuringAnAutoSeekDetour_bookmarksTheStartPosition() throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .playMidroll
        let sim = simulation(content: 1800, [midroll("m1", at: 300), midroll("m2", at: 600), midroll("m3", at: 900)], policy)
        let start = try sim.send(.start(.position(.content(content(1000)))))
        #expect(lines(start).suffix(2) == ["adBreakStart m1", "adStart m1"])
        try sim.play(for: s(5))
        let saved = try #require(bookmark(in: try sim.send(.stop)))
        #expect(saved.content == content(1000))
        #expect(saved.watched.isEmpty)
    }

    /// A break reached by plain playing keeps its own position.
    @Test func stopInABreakReachedByPlaying_bookmarksTheBreaksPosition() throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .skipAll
        let sim = simulation(content: 1800, [midroll("m", at: 600)], policy)
        try sim.send(.start(.position(.content(content(590)))))
        try sim.play(for: s(15))
        let saved = try #require(bookmark(in: try sim.send(.stop)))
        #expect(saved.content == content(600))
    }

    /// The pre-roll ends at clock 30, so the cool-down runs to clock 330
    /// through a fail-over and a resume from the bookmark.
    @Test func cooldownSurvivesFailoverAndResume_butNotAFreshStart() throws {
        var policy = AdPolicy.strict
        policy.cooldown = s(300)
        let pre = AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "p", duration: s(30))])
        let sim = simulation(content: 600, [pre, midroll("m1", at: 120), midroll("m2", at: 240)], policy)
        try sim.send(.start(.beginning))
        try sim.play(for: s(90))
        try sim.send(.failover)
        let failoverPlay = try sim.play(for: s(100))
        let m1Skip = try #require(failoverPlay.first { $0.breakID == "m1" })
        #expect(m1Skip.kind == .adBreakSkip(breakID: "m1", reason: .cooldown))
        #expect(m1Skip.clock == ClockTime(seconds: 150))
        let saved = try #require(bookmark(in: try sim.send(.stop)))
        #expect(saved == Bookmark(content: content(160), watched: ["pre"], lastBreakCompletedAt: ClockTime(seconds: 30)))

        let resumed = try sim.send(.start(.bookmark(saved)))
        #expect(resumed.first?.clock == ClockTime(seconds: 190))
        #expect(lines(resumed) == ["sessionStart", "adBreakSkip pre watched", "adBreakSkip m1 cooldown", "contentStart"])
        let later = try sim.play(for: s(120))
        let m2Skip = try #require(later.first { $0.breakID == "m2" })
        #expect(m2Skip.kind == .adBreakSkip(breakID: "m2", reason: .cooldown))
        #expect(m2Skip.clock == ClockTime(seconds: 270))
        try sim.send(.stop)

        let fresh = try sim.send(.start(.position(.content(content(100)))))
        #expect(lines(fresh).contains("adBreakStart pre"), "a fresh start has no cool-down")
    }
}
