import AdPlayback
import AdPolicy
import AdSignals
import AdSimulation
import AdTimeline
import MediaTime
import SSAITracking
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
private func stream(_ value: Int64) -> StreamTime { StreamTime(seconds: value) }

/// An avail at `start` s with ads of the given lengths (0: not known yet).
private func avail(_ id: String, at start: Int64, length: Int64, ads: [Int64] = []) -> TrackedAvail {
    var offset = start
    let tracked = ads.enumerated().map { index, seconds in
        defer { offset += seconds }
        return TrackedAd(id: "\(id)-ad\(index + 1)", start: stream(offset), duration: s(seconds), events: [
            TrackedEvent(type: "impression", beaconURLs: ["https://t.example/\(id)/\(index + 1)/imp"], start: stream(offset)),
            TrackedEvent(type: "midpoint", beaconURLs: ["https://t.example/\(id)/\(index + 1)/mid"], start: stream(offset) + s(seconds / 2)),
        ])
    }
    return TrackedAvail(id: id, start: stream(start), duration: s(length), ads: tracked)
}

private func adID(_ event: SessionEvent) -> String? {
    if case .adStart(_, let id) = event.kind { return id }
    return nil
}

private func opportunity(_ avail: TrackedAvail) -> AdOpportunity {
    AdOpportunity(avail: avail, position: .stream(avail.start))
}

private func liveSimulation(policy: AdPolicy = .strict) throws -> Simulation {
    Simulation(session: PlaybackSession(
        timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: policy),
        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent)))
}

/// Avails of SSAI tracking data as the session's breaks: entered at once,
/// filled in as answers complete, joined when late, withdrawn when unplayed.
@Suite struct TrackedAvailTests {
    @Test func anAvail_isABreakOfItsAds_withTheirBeaconsAtTheirTimesInTheAd() throws {
        let adBreak = try #require(opportunity(avail("7", at: 100, length: 30, ads: [10, 20])).trackedBreak(occupancy: .replacesContent))
        #expect(adBreak.position == .midroll(ContentTime(seconds: 100)))
        #expect(adBreak.ads.map(\.id) == ["7-ad1", "7-ad2"])
        #expect(adBreak.ads.map(\.duration) == [s(10), s(20)])
        #expect(adBreak.ads[1].tracking.map(\.event) == ["impression", "midpoint"])
        #expect(adBreak.ads[1].tracking.map(\.offset) == [s(0), s(10)])
        #expect(!adBreak.isPlaceholder)
    }

    @Test func anAvailWhoseAdsAreNotKnownYet_isOneUnfilledAd_andNoBreakWithoutTime() throws {
        let partial = try #require(opportunity(avail("7", at: 100, length: 30, ads: [10, 0])).trackedBreak(occupancy: .replacesContent))
        #expect(partial.ads.map(\.id) == ["7-ad1", "7/unfilled"])
        #expect(partial.duration == s(30))
        #expect(opportunity(avail("8", at: 100, length: 0)).trackedBreak(occupancy: .replacesContent) == nil)
    }

    @Test func vodAvails_sitAtTheirStreamTimeLessTheAvailsBefore_andOneAtZeroIsThePreroll() {
        let avails = [avail("pre", at: 0, length: 15), avail("mid", at: 315, length: 30), avail("post", at: 945, length: 20)]
        #expect(TrackedAvails.positions(of: avails, occupancy: .addsStreamTime)
            == [.preroll, .content(ContentTime(seconds: 300)), .content(ContentTime(seconds: 900))])
        #expect(TrackedAvails.positions(of: avails, occupancy: .replacesContent).map { $0 } == avails.map { .stream($0.start) })
    }

    /// Tracking data that arrives after the avail began: the break is joined
    /// at the playhead, in the ad playing, and plays to its end.
    @Test func lateTrackingData_joinsTheBreakAtThePlayhead() throws {
        let simulation = try liveSimulation()
        try simulation.send(.start(.position(.stream(stream(90)))))
        _ = try simulation.play(for: s(15))
        let events = try simulation.send(.opportunity(opportunity(avail("7", at: 100, length: 30, ads: [10, 20]))))
        #expect(events.map(\.name) == ["adBreakStart", "adStart"])
        #expect(events.last.flatMap(adID) == "7-ad1")
        #expect(events.last?.stream == stream(105))
        let rest = try simulation.play(for: s(30))
        #expect(rest.filter { $0.name == "adBreakEnd" }.map(\.stream) == [stream(130)])
    }

    /// A later answer with the ads filled in replaces the break; the ad
    /// playing goes on.
    @Test func aCompletedAnswer_replacesTheBreak_whileItsAdPlays() throws {
        let simulation = try liveSimulation()
        try simulation.send(.opportunity(opportunity(avail("7", at: 100, length: 30, ads: [10, 0]))))
        try simulation.send(.start(.position(.stream(stream(95)))))
        var events = try simulation.play(for: s(8))
        events += try simulation.send(.opportunity(opportunity(avail("7", at: 100, length: 30, ads: [10, 20]))))
        events += try simulation.play(for: s(40))
        #expect(events.filter { $0.name == "adStart" }.compactMap(adID) == ["7-ad1", "7-ad2"])
        #expect(simulation.session.timeline.adBreak(id: "7")?.ads.map(\.id) == ["7-ad1", "7-ad2"])
    }

    @Test func aWithdrawnAvail_leavesTheTimeline_unlessItHasPlayed() throws {
        let simulation = try liveSimulation()
        try simulation.send(.opportunity(opportunity(avail("a", at: 100, length: 10, ads: [10]))))
        try simulation.send(.opportunity(opportunity(avail("b", at: 200, length: 10, ads: [10]))))
        try simulation.send(.start(.position(.stream(stream(95)))))
        _ = try simulation.play(for: s(20))
        try simulation.send(.timelineChanged(.withdraw(breakID: "a")))
        try simulation.send(.timelineChanged(.withdraw(breakID: "b")))
        #expect(simulation.session.timeline.breaks.map(\.id) == ["a"], "a played: it stands")
        let events = try simulation.play(for: s(100))
        #expect(events.filter { $0.name == "adBreakStart" }.isEmpty)
    }

    @Test func anAvailThatDoesNotFit_isReported_andTheSessionGoesOn() throws {
        let simulation = try liveSimulation()
        try simulation.send(.start(.position(.stream(stream(0)))))
        try simulation.send(.opportunity(opportunity(avail("a", at: 100, length: 30, ads: [30]))))
        let events = try simulation.send(.opportunity(opportunity(avail("b", at: 110, length: 10, ads: [10]))))
        #expect(events.map(\.name) == ["error"])
        #expect(simulation.session.timeline.breaks.map(\.id) == ["a"])
    }
}
