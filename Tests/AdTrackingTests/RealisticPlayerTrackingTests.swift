import AdPlayback
import AdPolicy
import AdSimulation
import AdTimeline
import AdTracking
import MediaTime
import Testing

/// Ad tracking over a player that loads slowly, fails and stalls: a failed
/// ad sends only its Error URLs with the VAST code; no quartile fires
/// while playback stalls.
@Suite struct RealisticPlayerTrackingTests {
    static let slow = SimulatedPlayer.Options(seekLatency: MediaDuration(microseconds: 250_000), loadLatency: MediaDuration(microseconds: 400_000))

    /// m1 fails to load: its Error URL with 401, nothing else of it (no
    /// impression, no notUsed); m2 plays through; the break ends.
    @Test func aFailedAd_sendsOnlyItsErrorURLs_withItsCode_andTheBreakGoesOn() throws {
        let run = TrackedRun(player: Self.slow)
        run.simulation.player.failsToLoad = { breakID, adID in breakID == "mid" && adID == "m1" }
        try run.simulation.send(.start(.beginning))
        let events = try run.simulation.playToEnd()
        #expect(events.contains { $0.kind == .adError(breakID: "mid", adID: "m1", failure: .notFound("the simulated ad mid/m1 fails to load")) })
        #expect(!events.contains { $0.kind == .adStart(breakID: "mid", adID: "m1") })
        let m1 = run.sink.beacons.filter { $0.id.adID == "m1" }
        #expect(m1.map(TrackedRun.short) == ["m1 error#1"])
        #expect(m1.first?.macros["ERRORCODE"] == "401")
        #expect(run.fired.filter { $0.hasPrefix("m2 ") } == playedThrough("m2"))
        #expect(run.simulation.session.watchedBreakIDs.contains("mid"), "the break ended: watched")
    }

    /// A 6 s stall 8 s into p1 (20 s): the midpoint at 10 s of the ad
    /// fires 6 s of wall time later than it would have, and nothing fires
    /// while playback stalls.
    @Test func noQuartileFiresDuringAStall() throws {
        var options = Self.slow
        options.stalls = [.init(at: StreamTime(seconds: 8), duration: s(6))]
        let run = TrackedRun(player: options)
        try run.simulation.send(.start(.beginning))
        let events = try run.simulation.playToEnd()
        let stall = try #require(events.first { $0.name == "stall" })
        let end = try #require(events.first { $0.name == "stallEnd" })
        #expect(end.clock - stall.clock == s(6))
        let during = run.sink.beacons.filter { $0.clock > stall.clock && $0.clock < end.clock }
        #expect(during.isEmpty, "\(during.map(TrackedRun.short))")
        let midpoint = try #require(run.sink.beacons.first { TrackedRun.short($0) == "p1 midpoint#1" })
        let start = try #require(run.sink.beacons.first { TrackedRun.short($0) == "p1 start#1" })
        #expect(midpoint.clock - start.clock == s(16), "10 s of the ad and 6 s stalled")
    }

    /// An ad stalled past the policy's limit is given up: its Error URL
    /// with 402, and the break goes on.
    @Test func anAdStalledPastTheLimit_sendsItsErrorWith402() throws {
        var options = Self.slow
        options.stalls = [.init(at: StreamTime(seconds: 90), duration: s(30))]  // 10 s into m1
        var policy = AdPolicy.strict
        policy.adStallLimit = s(10)
        let run = TrackedRun(policy: policy, player: options)
        try run.simulation.send(.start(.position(.content(content(50)))))
        let events = try run.simulation.playToEnd()
        let error = try #require(events.first { $0.name == "adError" })
        guard case .adError(let breakID, let adID, let failure) = error.kind else { Issue.record("expected .adError, got \(String(describing: error.kind))"); return }
        #expect(breakID == "mid" && adID == "m1" && failure.vastCode == 402)
        #expect(run.sink.beacons.first { TrackedRun.short($0) == "m1 error#1" }?.macros["ERRORCODE"] == "402")
        #expect(events.contains { $0.kind == .adEnd(breakID: "mid", adID: "m2") })
    }
}
