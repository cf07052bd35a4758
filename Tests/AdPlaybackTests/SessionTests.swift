import AdPlayback
import AdSimulation
import AdPolicy
import AdPolicyExamples
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

/// Breaks: 5 minutes of pre-roll, mid-roll at 10:00 (60 s), post-roll (30 s).
private func makeSession(_ policy: AdPolicy = .strict, selector: (any AdPolicySelector)? = nil,
                         insertion: Insertion = .inStream) -> Simulation {
    let timeline = try! AdTimeline(contentDuration: s(1800), breaks: [
        AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "p1", duration: s(150)), Ad(id: "p2", duration: s(150))],
                insertion: insertion),
        AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 600)),
                ads: [Ad(id: "m1", duration: s(60), primaryAsset: AdAsset(role: .primary, uri: "https://ads.example/m1.m3u8"))],
                insertion: insertion),
        AdBreak(id: "post", position: .postroll, ads: [Ad(id: "x1", duration: s(30))], insertion: insertion),
    ])
    return Simulation(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: policy, selector: selector)))
}

/// `policy` with autoSeek skipAll, for tests that start mid-content.
private func startingAnywhere(_ policy: AdPolicy) -> AdPolicy {
    var changed = policy
    changed.autoSeek = .skipAll
    return changed
}

private func names(_ events: [SessionEvent]) -> [String] {
    events.map { event in [event.name, event.breakID].compactMap(\.self).joined(separator: " ") }
}

@Suite struct SessionTests {
    @Test func localTimeExcludesAdsAndSeekToLocalTimeLandsAtStreamTime() throws {
        let simulation = makeSession(.lenient)
        try simulation.send(.start(.beginning))
        try simulation.play(for: s(300))
        try simulation.play(for: s(600))
        try simulation.play(for: s(60))
        #expect(simulation.session.localTime == ContentTime(seconds: 600))
        try simulation.driver.seek(toLocalTime: ContentTime(seconds: 900))
        #expect(simulation.session.playhead.stream == StreamTime(seconds: 1260))
        let fresh = makeSession(startingAnywhere(.lenient))
        try fresh.send(.start(.position(.content(ContentTime(seconds: 500)))))
        try fresh.driver.seek(toLocalTime: ContentTime(seconds: 550))
        #expect(fresh.session.playhead.stream == StreamTime(seconds: 850))
    }

    /// The example: a VOD with 5 minutes of in-stream ads before
    /// minute 20 of the stream.
    @Test func minute20WithFiveMinutesOfAdsBeforeIsLocalTime900AndSeekToLocal900LandsThere() throws {
        let timeline = try AdTimeline(contentDuration: s(1800), breaks: [
            AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "p1", duration: s(120)), Ad(id: "p2", duration: s(120))]),
            AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 300)), ads: [Ad(id: "m1", duration: s(60))]),
            AdBreak(id: "late", position: .midroll(ContentTime(seconds: 1200)), ads: [Ad(id: "l1", duration: s(60))]),
        ])
        let simulation = Simulation(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: .lenient)))
        try simulation.send(.start(.beginning))
        try simulation.play(for: s(1200))
        #expect(simulation.session.playhead.stream == StreamTime(seconds: 1200))
        #expect(simulation.driver.localTime == ContentTime(seconds: 900))
        try simulation.driver.seek(toLocalTime: ContentTime(seconds: 100))
        try simulation.driver.seek(toLocalTime: ContentTime(seconds: 900))
        #expect(simulation.session.playhead.stream == StreamTime(seconds: 1200))
        #expect(simulation.driver.localTime == ContentTime(seconds: 900))
    }

    @Test func snapbackSeekFrom5To15PlaysTheBreakThenContentStartsAt15() throws {
        let simulation = makeSession(startingAnywhere(.snapback))
        try simulation.send(.start(.position(.content(ContentTime(seconds: 300)))))
        let events = try simulation.send(.jump(.seek, to: .content(ContentTime(seconds: 900))))
        #expect(names(events) == ["seek", "adBreakStart mid", "adStart mid"])
        let rest = try simulation.play(for: s(60))
        #expect(names(rest) == ["adEnd mid", "adBreakEnd mid", "contentStart"])
        #expect(rest.last?.content == ContentTime(seconds: 900))
    }

    @Test func fiveMinuteSelectorPlaysNothingOnASecondSeekWithinFiveMinutes() throws {
        let selector = NoAdsAfterBreakSelector(base: DefaultAdPolicySelector(policy: .snapback))
        let simulation = makeSession(.snapback, selector: selector)
        try simulation.send(.start(.beginning))
        try simulation.play(for: s(320))
        let events = try simulation.send(.jump(.seek, to: .content(ContentTime(seconds: 900))))
        #expect(names(events) == ["seek", "adBreakSkip mid", "contentStart"])
        #expect(events[1].kind == .adBreakSkip(breakID: "mid", reason: .cooldown))
    }

    @Test func aPlayEndingExactlyAtABreakLeavesTheSessionInsideIt() throws {
        let simulation = makeSession(startingAnywhere(.strict))
        try simulation.send(.start(.position(.content(ContentTime(seconds: 540)))))
        let events = try simulation.play(for: s(60))
        #expect(names(events).suffix(2) == ["adBreakStart mid", "adStart mid"])
        #expect(simulation.session.isInBreak)
    }

    @Test func seekDuringAnAdIsDeniedUnlessAllowed() throws {
        let simulation = makeSession()
        try simulation.send(.start(.beginning))
        let denied = try simulation.send(.jump(.seek, to: .content(ContentTime(seconds: 100))))
        #expect(names(denied) == ["seekDenied"])
        var allowing = AdPolicy.lenient
        allowing.allowSeekInBreak = true
        let allowed = makeSession(allowing)
        try allowed.send(.start(.beginning))
        let events = try allowed.send(.jump(.seek, to: .content(ContentTime(seconds: 100))))
        #expect(events.map(\.kind) == [
            .seek(.seek, to: Playhead(stream: StreamTime(seconds: 400), content: ContentTime(seconds: 100))),
            .adBreakSkip(breakID: "pre", reason: .policy), .contentStart,
        ])
    }

    @Test func insertedBreaksSwitchThePlayersItemToTheAdAndBack() throws {
        let simulation = makeSession(startingAnywhere(.strict), insertion: .inserted)
        try simulation.send(.start(.position(.content(ContentTime(seconds: 590)))))
        #expect(simulation.player.item == .main)
        try simulation.play(for: s(10))
        #expect(simulation.player.item == .ad(breakID: "mid", adID: "m1", asset: AdAsset(role: .primary, uri: "https://ads.example/m1.m3u8")))
        #expect(simulation.player.currentItemTime == .zero)
        try simulation.play(for: s(60))
        #expect(simulation.player.item == .main)
        #expect(simulation.player.currentItemTime == s(600), "the content item has no ads stitched in")
    }

    @Test func bookmarkCarriesWatchedBreaksAndAResumedSessionNeverReplaysThem() throws {
        var policy = AdPolicy.strict
        policy.repeat = .alwaysPlay
        let simulation = makeSession(policy)
        try simulation.send(.start(.beginning))
        try simulation.play(for: s(300 + 560))
        let stop = try simulation.send(.stop)
        let bookmark = Bookmark(content: ContentTime(seconds: 560), watched: ["pre"], lastBreakCompletedAt: ClockTime(seconds: 300))
        #expect(stop.map(\.kind) == [.bookmark(bookmark), .sessionEnd])
        let resumed = try simulation.send(.start(.bookmark(bookmark)))
        #expect(names(resumed) == ["sessionStart", "adBreakSkip pre", "contentStart"])
        try simulation.send(.jump(.rewind, to: .content(.zero)))
        #expect(simulation.session.isInBreak == false, "watched in an earlier session: never replayed")
    }

    @Test func failoverRestartsAtTheSameContentTimeKeepingWatchedBreaks() throws {
        var policy = AdPolicy.strict
        policy.failover = FailoverFlags(disablePreroll: false, disableMidroll: true)
        let simulation = makeSession(policy)
        try simulation.send(.start(.beginning))
        try simulation.play(for: s(400))
        let events = try simulation.send(.failover)
        #expect(names(events) == ["failover", "sessionEnd", "sessionStart", "adBreakSkip pre", "contentStart"])
        #expect(events.last?.content == ContentTime(seconds: 100))
        let later = try simulation.play(for: s(600))
        #expect(names(later).contains("adBreakSkip mid"))
    }

    @Test func stopBeforeStartIsRefused() {
        let simulation = makeSession()
        #expect(throws: SessionError.notRunning) { try simulation.send(.stop) }
        #expect(throws: SessionError.self) { try simulation.send(.jump(.seek, to: .content(ContentTime(seconds: 5000)))) }
    }

    @Test func eventsArePublishedAsAnAsyncStream() async throws {
        let simulation = makeSession(startingAnywhere(.lenient))
        let stream = simulation.driver.events
        try simulation.send(.start(.position(.content(ContentTime(seconds: 100)))))
        try simulation.send(.stop)
        simulation.driver.finish()
        var received: [String] = []
        for await event in stream { received.append(event.name) }
        #expect(received == ["sessionStart", "adBreakSkip", "contentStart", "bookmark", "sessionEnd"])
    }
}
