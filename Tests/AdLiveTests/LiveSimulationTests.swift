import AdLive
import AdPlayback
import AdPlaybackTestSupport
import AdPolicy
import AdSimulation
import AdTimeline
import MediaTime
import Testing

/// A recording of `script`: the origin's playlist at every segment boundary up to `seconds`.
func recording(of script: LiveOriginScript, seconds: Int64) -> LiveRecording {
    let step = script.segmentMilliseconds * 1_000
    var entries: [LiveRecording.Entry] = []
    var micros: Int64 = 0
    while micros <= seconds * 1_000_000 {
        let at = ClockTime(ticks: MediaDuration(microseconds: micros).ticks)
        if case .playlist(let text) = script.answer(at: at) {
            entries.append(LiveRecording.Entry(at: at, file: "\(entries.count + 1).m3u8", body: Array(text.utf8)))
        }
        micros += step
    }
    return LiveRecording(entries: entries)
}

private func liveSession(_ policy: AdPolicy) throws -> PlaybackSession {
    PlaybackSession(timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: policy),
                    placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
}

private func minutes(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value * 60) }

@Suite struct LiveSimulationTests {
    /// The origin's playlist text at time 0.
    static func text(_ script: LiveOriginScript) -> [UInt8] {
        guard case .playlist(let text) = script.answer(at: .zero) else { return [] }
        return Array(text.utf8)
    }

    /// A 2-hour DVR window of 6 s segments with a 30 s break every 5 minutes: 24 breaks.
    static func dvr() -> LiveOriginScript {
        var script = LiveOriginScript(segmentMilliseconds: 6_000, window: 1_200)
        let dialects = LiveOriginScript.Dialect.allCases
        script.breaks = (0..<26).map { .init(at: 20 + $0 * 50, length: 5, dialect: dialects[$0 % dialects.count]) }
        return script
    }

    @Test func theWindowsBreaks_enterTheTimelineResolved_asInStreamBreaks() throws {
        let live = try LiveSimulation(session: try liveSession(.strict), recording: recording(of: Self.dvr(), seconds: 60))
        let timeline = live.session.timeline
        #expect(timeline.count == 24)
        #expect(timeline.breaks.allSatisfy { !$0.isPlaceholder && $0.occupancy == .replacesContent && $0.duration == MediaDuration(seconds: 30) })
        #expect(live.liveEdge == StreamTime(seconds: 7_200))
        #expect(live.joinPoint == StreamTime(seconds: 7_200 - 18))
    }

    @Test func aFastForwardOf60MinutesUnderSnapback_playsOnlyTheLastBreakPassed_thenTheTarget() throws {
        let live = try LiveSimulation(session: try liveSession(.snapback), recording: recording(of: Self.dvr(), seconds: 70))
        try live.send(.start(.position(.stream(StreamTime(seconds: 600)))))
        var events = try live.send(.jump(.fastForward, to: .stream(StreamTime(seconds: 600) + minutes(60))))
        events += try live.play(for: MediaDuration(seconds: 60))
        let played = events.filter { $0.name == "adBreakStart" }.compactMap(\.breakID)
        #expect(played.count == 1)
        // Breaks start every 300 s from 120 s; the last before 4,200 s starts at 4,020 s.
        #expect(events.first { $0.name == "adBreakStart" }?.stream == StreamTime(seconds: 4_020))
        #expect(events.filter { $0.name == "adBreakSkip" }.count == 11)
        #expect(events.first { $0.name == "contentStart" }?.stream == StreamTime(seconds: 4_200))
    }

    @Test func aRewindOf90MinutesUnderRewindPlayLast_playsOnlyTheEarliestBreakPassed_thenTheTarget() throws {
        var policy = AdPolicy.strict
        policy.rewind = .playLast
        policy.autoSeek = .skipAll
        let live = try LiveSimulation(session: try liveSession(policy), recording: recording(of: Self.dvr(), seconds: 60))
        try live.send(.start(.position(.stream(live.joinPoint))))
        let target = live.joinPoint - minutes(90)
        var events = try live.send(.jump(.rewind, to: .stream(target)))
        events += try live.play(for: MediaDuration(seconds: 40))
        let played = events.filter { $0.name == "adBreakStart" }.compactMap(\.breakID)
        #expect(played.count == 1)
        // 7,182 − 5,400 = 1,782 s; the breaks passed start at 1,920 … 7,020 s; the earliest is at 1,920 s.
        #expect(events.first { $0.name == "adBreakStart" }?.stream == StreamTime(seconds: 1_920))
        #expect(events.first { $0.name == "contentStart" }?.stream == target)
    }

    @Test func joiningAtTheLiveEdgeInsideABreak_playsTheRestOfIt() throws {
        var script = LiveOriginScript(segmentMilliseconds: 2_000, window: 30)
        script.breaks = [.init(at: 25, length: 10, dialect: .dateRange)]
        let live = try LiveSimulation(session: try liveSession(.strict), recording: recording(of: script, seconds: 120))
        #expect(live.joinPoint == StreamTime(seconds: 54))
        let joined = try live.send(.start(.position(.stream(live.joinPoint))))
        #expect(joined.map(\.name) == ["sessionStart", "adBreakStart", "adStart"])
        #expect(joined[1].stream == StreamTime(seconds: 54))
        let rest = try live.play(for: MediaDuration(seconds: 30))
        let end = try #require(rest.first { $0.name == "adBreakEnd" })
        #expect(end.stream == StreamTime(seconds: 70), "the break ends where its cue-in is")
        #expect(end.clock == ClockTime(seconds: 16))
    }

    @Test func theSameRecording_givesTheSameEvents() throws {
        func run() throws -> [SessionEvent] {
            let live = try LiveSimulation(session: try liveSession(.snapback), recording: recording(of: fiveBreaks(), seconds: 60))
            var events = try live.send(.start(.position(.stream(live.joinPoint))))
            events += try live.play(for: MediaDuration(seconds: 20))
            #expect(throws: SessionError.self) { try live.send(.jump(.rewind, to: .stream(StreamTime(seconds: 5)))) }
            events += try live.send(.jump(.rewind, to: .stream(live.seekableRange.lowerBound)))
            events += try live.playToEnd()
            return events
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.last?.name == "sessionEnd", "the recording's end ends the session")
        #expect(first.filter { $0.name == "adBreakStart" }.count >= 3)
    }

    /// An origin restart re-anchors the window: stream time goes on, and the
    /// session plays on through it, the new window's breaks included.
    @Test func anOriginRestart_midSession_isPlayedThrough() throws {
        var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
        script.breaks = [.init(at: 15, length: 3, dialect: .cueOut)]
        script.faults = [.init(from: ClockTime(seconds: 20), .restart)]
        let live = try LiveSimulation(session: try liveSession(.strict), recording: recording(of: script, seconds: 60))
        try live.send(.start(.position(.stream(live.joinPoint))))
        let events = try live.play(for: MediaDuration(seconds: 40))
        #expect(live.updates.contains { if case .windowReset = $0.event { true } else { false } })
        #expect(live.session.isRunning)
        #expect(live.session.playhead.stream == StreamTime(seconds: 47), "7 s joined, 40 s played, across the restart")
        let breaks = events.filter { $0.name == "adBreakStart" }.map(\.stream)
        // The restarted window continues from the last segment seen (29 s); its segment 15 is at 44 s.
        #expect(breaks == [StreamTime(seconds: 15), StreamTime(seconds: 44)])
        #expect(events.filter { $0.name == "adBreakEnd" }.count == 2, "each played to its end")
    }

    /// A live bookmark stores the program date of its position. Resumed
    /// while the date is in the window, the session starts there; once it
    /// has left, at the live edge, with seekAdjusted reason outOfWindow.
    @Test func aLiveBookmark_storesItsDate_andResumesThere_orAtTheEdgeOnceItLeftTheWindow() throws {
        let script = LiveOriginScript(segmentMilliseconds: 2_000, window: 30)
        let live = try LiveSimulation(session: try liveSession(.strict), recording: recording(of: script, seconds: 400))
        try live.send(.start(.position(.stream(StreamTime(seconds: 20)))))
        try live.play(for: MediaDuration(seconds: 10))
        let stopped = try live.send(.stop)
        let bookmark = try #require(stopped.lazy.compactMap { if case .bookmark(let b) = $0.kind { b } else { nil } }.first)
        #expect(bookmark.content == ContentTime(seconds: 30))
        #expect(bookmark.date?.description == "2026-01-01T00:00:30.000Z")

        try live.play(for: MediaDuration(seconds: 10))
        let near = try live.send(.start(.bookmark(bookmark)))
        #expect(near.map(\.name) == ["sessionStart", "contentStart"])
        #expect(near.last?.stream == StreamTime(seconds: 30))
        try live.send(.stop)

        try live.play(for: MediaDuration(seconds: 200))
        let far = try live.send(.start(.bookmark(bookmark)))
        #expect(far.map(\.name) == ["sessionStart", "seekAdjusted", "contentStart"])
        guard case .seekAdjusted(let target, let reason) = far[1].kind else { Issue.record("expected .seekAdjusted, got \(String(describing: far[1].kind))"); return }
        #expect(reason == "outOfWindow")
        #expect(target.stream == live.joinPoint)
        #expect(far.last?.stream == live.joinPoint)
    }
}
