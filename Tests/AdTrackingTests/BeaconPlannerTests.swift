import AdPlayback
import AdPolicy
import AdSimulation
import AdTimeline
import AdTracking
import MediaTime
import Testing
import enum VAST.VASTMacros
import struct VAST.AdErrorReport

/// The firing table, input by input: which beacons fire, with which
/// occurrence, as the viewer plays, is interrupted, skipped, seeks into a
/// break, rewinds, replays and resumes.
@Suite struct BeaconPlannerTests {
    @Test func playedThrough_firesEachAdsFullSetOnce_atItsMoments() throws {
        let run = TrackedRun()
        try run.simulation.send(.start(.beginning))
        try run.simulation.playToEnd()
        #expect(run.fired == playedThrough("p1") + playedThrough("m1") + playedThrough("m2") + playedThrough("q1"))
        // Quartiles at the ad's own playhead: 5, 10, 15 s into p1.
        let p1 = run.sink.beacons.filter { $0.id.adID == "p1" }
        let at = Dictionary(p1.map { ($0.id.tracking, $0.adPlayhead) }, uniquingKeysWith: { first, _ in first })
        #expect(at["firstQuartile"] == s(5) && at["midpoint"] == s(10) && at["thirdQuartile"] == s(15) && at["complete"] == s(20))
        #expect(p1.first { $0.id.tracking == "midpoint" }?.clock == ClockTime(seconds: 10))
        // Every impression of the chain (the ad's and the wrapper's) together with start.
        #expect(Set(p1.prefix(4).map(\.clock)) == [ClockTime.zero])
    }

    @Test func macros_carryThePlayheadsPositionAndPod() throws {
        let run = TrackedRun()
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(106))
        let quartile = try #require(run.sink.beacons.first { $0.id.adID == "m2" && $0.id.tracking == "firstQuartile" })
        #expect(quartile.macros["ADPLAYHEAD"] == "00:00:05.000")
        #expect(quartile.macros["MEDIAPLAYHEAD"] == "00:01:00.000")
        #expect(quartile.clock == ClockTime(seconds: 105))
        #expect(quartile.macros["BREAKPOSITION"] == "2")
        #expect(quartile.macros["PODSEQUENCE"] == "2")
        #expect(quartile.macros["ASSETURI"] == "https://cdn.example/m2.mp4")
        #expect(quartile.macros["LIMITADTRACKING"] == "0")
        #expect(quartile.macros["ADSERVINGID"] == "-1")
        let filled = VASTMacros.fill("https://t.example/q?a=[ASSETURI]&p=[ADPLAYHEAD]&x=[AD_MT]", quartile.macros)
        #expect(filled == "https://t.example/q?a=https%3A%2F%2Fcdn.example%2Fm2.mp4&p=00%3A00%3A05.000&x=[AD_MT]")
    }

    /// Interrupted 8 s into p1 (progress and first quartile fired), for 10 s.
    @Test(arguments: [
        (InterruptRule.resume, ["p1 midpoint#1", "p1 thirdQuartile#1", "p1 complete#1"]),
        (InterruptRule.restart, playedThrough("p1", occurrence: 2)),
        (InterruptRule.skip, ["p1 skip#1"]),
    ])
    func interrupted(rule: InterruptRule, after: [String]) throws {
        var policy = AdPolicy.strict
        policy.interrupt = rule
        let run = TrackedRun([episode()[0]], policy: policy)
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(8))
        #expect(run.fired == Array(playedThrough("p1").prefix(6)))
        let before = run.sink.beacons.count
        try run.simulation.send(.interrupt)
        run.simulation.wait(for: s(10))
        try run.simulation.send(.interruptEnd)
        try run.simulation.playToEnd()
        #expect(run.fired(since: before) == after)
    }

    /// A seek during m1 (seeks allowed in breaks) skips the rest of the
    /// break: m1's skip fires, and m2, never started, is `notUsed` at the
    /// session's end.
    @Test func skippedByPolicy_firesSkipForTheStartedAd_andNotUsedForTheRest() throws {
        var policy = AdPolicy.strict
        policy.allowSeekInBreak = true
        let run = TrackedRun([episode()[1]], policy: policy)
        try run.simulation.send(.start(.position(.content(content(50)))))
        try run.simulation.play(for: s(16))
        let before = run.sink.beacons.count
        try run.simulation.send(.jump(.seek, to: .content(content(100))))
        try run.simulation.playToEnd()
        #expect(run.fired(since: before) == ["m1 skip#1", "m2 notUsed#1"])
    }

    /// The viewer's skip of a skippable ad fires its `skip` at once, with
    /// the quartiles it played before; the next ad plays in full.
    @Test func viewersSkipOfASkippableAd_firesSkipAtOnce() throws {
        var skippable = ad("m1", 20)
        skippable.skipOffset = s(6)
        let run = TrackedRun([AdBreak(id: "mid", position: .midroll(content(60)), ads: [skippable, ad("m2", 20)], insertion: .inserted)])
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(67))
        let before = run.sink.beacons.count
        try run.simulation.send(.skip)
        #expect(run.fired(since: before).first == "m1 skip#1")
        #expect(run.fired.contains("m1 firstQuartile#1") && !run.fired.contains("m1 midpoint#1"))
        try run.simulation.playToEnd()
        #expect(Array(run.fired(since: before + 1).prefix(9)) == playedThrough("m2"))
        #expect(!run.fired.contains("m1 complete#1") && !run.fired.contains("m1 notUsed#1"))
    }

    /// A break-wide skip (an interstitial's skip control) fires `skip` for the
    /// ad playing, and `notUsed` for the ads it never started.
    @Test func viewersSkipOfABreak_firesSkipForTheAdPlaying_andNotUsedForTheRest() throws {
        var mid = episode()[1]
        mid.skipControl = BreakSkipControl(offset: s(3))
        let run = TrackedRun([mid])
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(64))
        let before = run.sink.beacons.count
        try run.simulation.send(.skip)
        try run.simulation.playToEnd()
        #expect(run.fired(since: before) == ["m1 skip#1", "m2 notUsed#1"])
    }

    /// A seek from 30 lands 30 s into the mid-roll (10 s into m2).
    @Test(arguments: [
        (SeekIntoBreakRule.playFromBreakStart, playedThrough("m1") + playedThrough("m2")),
        (SeekIntoBreakRule.playFromAdStart, playedThrough("m2") + ["m1 notUsed#1"]),
        (SeekIntoBreakRule.playFromTarget,
         ["m2 impression#1", "m2 impression-wrapper#1", "m2 creativeView#1", "m2 start#1", "m2 firstQuartile#1",
          "m2 midpoint#1", "m2 complete#1", "m1 notUsed#1"]),
        (SeekIntoBreakRule.skipToNextAd, ["m1 notUsed#1", "m2 notUsed#1"]),
        (SeekIntoBreakRule.skipBreak, ["m1 notUsed#1", "m2 notUsed#1"]),
    ])
    func soughtInto(rule: SeekIntoBreakRule, expected: [String]) throws {
        var policy = AdPolicy.strict
        policy.seekIntoBreak = rule
        let run = TrackedRun([episode()[1]], policy: policy)
        try run.simulation.send(.start(.position(.content(content(30)))))
        try run.simulation.send(.jump(.seek, to: .stream(stream(90))))
        try run.simulation.playToEnd()
        #expect(run.fired == expected)
    }

    /// The mid-roll played, then a rewind to 30 (not selecting it) and
    /// play past it again.
    @Test(arguments: [
        (RepeatRule.playOnce, [String]()),
        (RepeatRule.alwaysPlay, playedThrough("m1", occurrence: 2) + playedThrough("m2", occurrence: 2)),
    ])
    func rewoundAndReplayed(rule: RepeatRule, again: [String]) throws {
        var policy = AdPolicy.strict
        policy.repeat = rule
        policy.rewind = .skipAll
        let run = TrackedRun([episode()[1]], policy: policy)
        try run.simulation.send(.start(.position(.content(content(50)))))
        try run.simulation.play(for: s(60))
        #expect(run.fired == playedThrough("m1") + playedThrough("m2"))
        let before = run.sink.beacons.count
        try run.simulation.send(.jump(.rewind, to: .content(content(30))))
        try run.simulation.playToEnd()
        #expect(run.fired(since: before) == again)
    }

    /// Session 1 watches the pre-roll and the mid-roll and stops; session 2
    /// resumes from the bookmark, rewinds over the mid-roll (rewind
    /// playAll) and plays to the end: only the post-roll fires.
    @Test func resumedFromBookmark_neverRefiresWatchedBreaks() throws {
        let run = TrackedRun()
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(130))
        let stopped = try run.simulation.send(.stop)
        let bookmark = try #require(stopped.compactMap { if case .bookmark(let b) = $0.kind { b } else { nil } }.first)
        #expect(bookmark.watched == ["pre", "mid"])
        let before = run.sink.beacons.count
        try run.simulation.send(.start(.bookmark(bookmark)))
        try run.simulation.send(.jump(.rewind, to: .content(content(10))))
        try run.simulation.playToEnd()
        #expect(run.fired(since: before) == playedThrough("q1", session: 2))
    }

    @Test func failover_neverRefiresWatchedBreaks() throws {
        let run = TrackedRun()
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(130))
        let before = run.sink.beacons.count
        try run.simulation.send(.failover)
        try run.simulation.playToEnd()
        #expect(run.fired(since: before) == playedThrough("q1", session: 2))
    }

    @Test func pauseAndResume_fireEachTime_duringAnAdOnly() throws {
        var policy = AdPolicy.strict
        policy.autoSeek = .skipAll
        let run = TrackedRun([episode()[0]], policy: policy)
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(3))
        for _ in 0..<2 {
            try run.simulation.send(.pause)
            try run.simulation.send(.resume)
        }
        try run.simulation.playToEnd()
        try run.simulation.send(.start(.position(.content(content(10)))))
        try run.simulation.send(.pause)
        #expect(run.fired.filter { $0.contains("pause") || $0.contains("resume") }
            == ["p1 pause#1", "p1 resume#1", "p1 pause#1.2", "p1 resume#1.2"])
    }

    @Test func interactions_fireTheirEvent_andErrorsEveryURL() throws {
        let run = TrackedRun([episode()[0]])
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(2))
        run.tracker.interaction("mute", session: run.simulation.session, at: run.simulation.driver.now)
        run.tracker.report([AdErrorReport(breakID: "mid", adID: "w9", code: 303,
                                          urls: ["https://t.example/w9/error-inline?c=[ERRORCODE]", "https://t.example/w9/error-wrapper"])],
                           at: run.simulation.driver.now)
        let last = run.sink.beacons.suffix(3)
        #expect(last.map(TrackedRun.short) == ["p1 mute#1", "w9 error-inline?c=[ERRORCODE]#1", "w9 error-wrapper#1"])
        #expect(last.dropFirst().allSatisfy { $0.macros["ERRORCODE"] == "303" && $0.id.tracking == "error" })
        #expect(Set(last.dropFirst().map(\.id.slot)) == [0, 1])
    }

    /// Each beacon identity appears once in a whole run: the identity is
    /// what an outbox deduplicates by.
    @Test func identitiesAreUnique() throws {
        var policy = AdPolicy.strict
        policy.repeat = .alwaysPlay
        let run = TrackedRun(policy: policy)
        try run.simulation.send(.start(.beginning))
        try run.simulation.play(for: s(125))
        try run.simulation.send(.jump(.rewind, to: .content(content(30))))
        try run.simulation.playToEnd()
        let ids = run.sink.beacons.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains { $0.occurrence == 2 })
    }
}

/// SSAI tracking data gives each event its time in the ad: it fires as play
/// crosses that time.
@Suite struct TimedTrackingTests {
    static func ssaiAd() -> Ad {
        let base = "https://ssai.example/a1/"
        let timed: [(String, MediaDuration?)] = [
            ("impression", .zero), ("start", .zero), ("breakStart", .zero), ("firstQuartile", MediaDuration(microseconds: 7_500_000)),
            ("midpoint", s(15)), ("thirdQuartile", MediaDuration(microseconds: 22_500_000)), ("complete", s(30)), ("breakEnd", nil),
        ]
        var ad = Ad(id: "a1", duration: s(30), tracking: timed.map { TrackingEvent(event: $0.0, uri: base + $0.0, offset: $0.1) })
        ad.extraAssets = [AdAsset(role: .clickThrough, uri: "https://brand.example/landing")]
        return ad
    }

    static func run(_ policy: AdPolicy = .strict) -> TrackedRun {
        TrackedRun([AdBreak(id: "avail-1", position: .midroll(content(10)), ads: [ssaiAd()])], contentDuration: 60, policy: policy)
    }

    @Test func playedThrough_firesEachAtItsTime() throws {
        let run = Self.run()
        try run.simulation.send(.start(.beginning))
        try run.simulation.playToEnd()
        #expect(run.fired == ["impression", "start", "breakStart", "firstQuartile", "midpoint", "thirdQuartile", "complete", "breakEnd"]
            .map { "a1 \($0)#1" })
        let clocks = run.sink.beacons.map { $0.clock.ticks / 900_000 }  // tenths of a second
        #expect(clocks == [100, 100, 100, 175, 250, 325, 400, 400])
        #expect(!run.sink.beacons.contains { $0.template.contains("brand.example") })
    }

    /// Entering at 20 s: the start beacons fire, the times passed over do not.
    @Test func enteredByASeek_firesOnlyTheTimesPlayCrosses() throws {
        var policy = AdPolicy.strict
        policy.seekIntoBreak = .playFromTarget
        let run = Self.run(policy)
        try run.simulation.send(.start(.position(.content(content(5)))))
        try run.simulation.send(.jump(.seek, to: .stream(stream(30))))
        try run.simulation.playToEnd()
        #expect(run.fired == ["impression", "start", "thirdQuartile", "complete", "breakEnd"].map { "a1 \($0)#1" })
    }
}
