import AdPlayback
import AdPolicy
import AdResolvers
import AdSignals
import AdSimulation
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }
private func stream(_ value: Int64) -> StreamTime { StreamTime(seconds: value) }

/// An in-stream break as the marker resolver makes it: at `start` s, `length` s long.
private func cue(_ id: String, at start: Int64, length: Int64) -> AdBreak {
    InStreamMarkerResolver.adBreak(for: AdOpportunity(
        id: id, position: .stream(stream(start)), duration: s(length), signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil)))
}

/// A live (DVR) session: breaks replace content, local time is stream time.
private func liveSession(_ breaks: [AdBreak], policy: AdPolicy = .strict) throws -> PlaybackSession {
    PlaybackSession(timeline: try AdTimeline(contentDuration: nil, breaks: breaks), engine: AdPolicyEngine(policy: policy),
                    placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
}

private func lines(_ actions: [SessionAction]) -> [String] {
    actions.compactMap { action in
        guard case .emit(let event) = action else { return nil }
        switch event.kind {
        case .adBreakSkip(let id, let reason): return "adBreakSkip \(id) \(reason.rawValue) @\(event.stream.decimalSeconds)"
        default: return "\([event.name, event.breakID].compactMap(\.self).joined(separator: " ")) @\(event.stream.decimalSeconds)"
        }
    }
}

@Suite struct LiveSessionTests {
    @Test func theMarkerResolver_makesOneAdSpanningTheCue_replacingContent() {
        let adBreak = cue("cue-1", at: 100, length: 30)
        #expect(adBreak.id == "cue-1")
        #expect(adBreak.ads.map(\.id) == ["cue-1/1"])
        #expect(adBreak.duration == s(30))
        #expect(adBreak.occupancy == .replacesContent)
        #expect(adBreak.position == .midroll(ContentTime(seconds: 100)))
    }

    /// Joining at the live edge inside a break plays the rest of it.
    @Test func joiningInsideABreak_playsTheRestOfIt() throws {
        var session = try liveSession([cue("cue-1", at: 100, length: 30)])
        let actions = try session.handleReady(.start(.position(.stream(stream(110)))), at: .zero)
        #expect(lines(actions) == ["sessionStart @110", "adBreakStart cue-1 @110", "adStart cue-1 @110"])
        #expect(session.timeToNextBoundary == s(20))
        let end = try session.handleReady(.tick(itemTime: s(130)), at: ClockTime(seconds: 20))
        #expect(lines(end) == ["adEnd cue-1 @130", "adBreakEnd cue-1 @130", "contentStart @130"])
    }

    /// An opportunity inside a break that replaces content (an interstitial
    /// scheduled within an SSAI avail) does not fit: it is an `error`, left
    /// out, and the session goes on.
    @Test func anOpportunityThatDoesNotFit_isAnError_andTheSessionGoesOn() throws {
        var session = try liveSession([cue("cue-1", at: 100, length: 60)])
        _ = try session.handleReady(.start(.position(.stream(stream(50)))), at: .zero)
        let inside = AdOpportunity(id: "inside", position: .stream(stream(130)), duration: s(10), signal: .inStream(tags: ["#EXT-X-CUE-OUT"], scte35: nil))
        let actions = try session.handle(.opportunity(inside), at: ClockTime(seconds: 1))
        #expect(actions.contains { if case .emit(let event) = $0, case .error(let message) = event.kind { message.contains("opportunity inside does not fit") } else { false } })
        #expect(!actions.contains { if case .resolve = $0 { true } else { false } })
        #expect(session.timeline.adBreak(id: "inside") == nil)
        #expect(session.isRunning)
    }

    /// DVR: a fast-forward over three in-stream breaks under each rule, as for VOD.
    @Test(arguments: [
        (JumpRule.playAll, ["a", "b", "c"], [String]()),
        (.playFirst, ["a"], ["b", "c"]),
        (.playLast, ["c"], ["a", "b"]),
        (.skipAll, [], ["a", "b", "c"]),
    ])
    func fastForwardOverThreeBreaks_followsTheRule(_ rule: JumpRule, _ played: [String], _ skipped: [String]) throws {
        var policy = AdPolicy.strict
        policy.fastForward = rule
        let simulation = Simulation(session: try liveSession(
            [cue("a", at: 100, length: 20), cue("b", at: 200, length: 20), cue("c", at: 300, length: 20)], policy: policy))
        try simulation.send(.start(.position(.stream(stream(50)))))
        var events = try simulation.send(.jump(.fastForward, to: .stream(stream(400))))
        events += try simulation.play(for: s(100))
        #expect(events.filter { $0.name == "adBreakStart" }.compactMap(\.breakID) == played)
        #expect(events.filter { $0.name == "adBreakSkip" }.compactMap(\.breakID) == skipped)
        let resumed = try #require(events.last { $0.name == "contentStart" })
        #expect(resumed.stream == stream(400), "then the target")
    }

    /// Snapback in DVR: seeking past an unwatched break plays it, then the target.
    @Test func snapbackInDVR_playsThePassedBreak_thenTheTarget() throws {
        let simulation = Simulation(session: try liveSession([cue("a", at: 100, length: 20)], policy: .snapback))
        try simulation.send(.start(.position(.stream(stream(50)))))
        var events = try simulation.send(.jump(.seek, to: .stream(stream(300))))
        events += try simulation.play(for: s(30))
        #expect(events.map(\.name).filter { $0 != "seek" }.prefix(5) == ["adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart"])
        #expect(events.first { $0.name == "adBreakStart" }?.stream == stream(100))
        #expect(events.last { $0.name == "contentStart" }?.stream == stream(300))
    }
}
