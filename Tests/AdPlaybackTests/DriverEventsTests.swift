import AdPlayback
import AdPolicy
import AdSimulation
import AdTimeline
import MediaTime
import Testing

private func driver() throws -> PlaybackDriver {
    let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 60), breaks: [
        AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 30)), ads: [Ad(id: "m1", duration: MediaDuration(seconds: 10))]),
    ])
    return PlaybackDriver(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: .strict)),
                          player: SimulatedPlayer(), clock: VirtualClock())
}

@Suite struct DriverEventsTests {
    @Test func eventsFirstReadAfterFinish_endAtOnce() async throws {
        let driver = try driver()
        try driver.send(.start(.beginning))
        driver.finish()
        var count = 0
        for await _ in driver.events { count += 1 }
        #expect(count == 0)
    }

    @Test func eventsReadBeforeFinish_endWhenItIsCalled() async throws {
        let driver = try driver()
        let events = driver.events
        try driver.send(.start(.beginning))
        driver.finish()
        var names: [String] = []
        for await event in events { names.append(event.name) }
        #expect(names == ["sessionStart", "contentStart"])
    }

    @Test func eventsPrintReadably_withNoModuleNames() {
        let playhead = Playhead(stream: StreamTime(seconds: 630), content: ContentTime(seconds: 600))
        let event = SessionEvent(clock: ClockTime(microseconds: 12_500_000), stream: playhead.stream, content: playhead.content,
                                 kind: .seek(.fastForward, to: playhead))
        #expect("\(event)" == "clock 12.5 s, content 600 s (stream 630 s): fastForward to content 600 s (stream 630 s)")
        #expect("\(JumpKind.seek)" == "seek")
        #expect("\(SkipReason.cooldown)" == "cooldown")
        #expect("\(SessionEvent.Kind.adBreakSkip(breakID: "mid", reason: .cooldown))" == "adBreakSkip mid (cooldown)")
        #expect("\(SessionEvent.Kind.adStart(breakID: "mid", adID: "m1"))" == "adStart mid/m1")
        let bookmark = SessionEvent.Kind.bookmark(Bookmark(content: ContentTime(seconds: 40), watched: ["mid"]))
        #expect("\(bookmark)" == "bookmark content 40 s, watched mid")
        for kind in [SessionEvent.Kind.seekDenied(.rewind, to: playhead), .contentStart, .error(message: "x"), bookmark] {
            #expect(!"\(kind)".contains("AdPlayback."), "\(kind)")
            #expect(!"\(kind)".contains("AdPolicy."), "\(kind)")
        }
    }
}

extension DriverEventsTests {
    /// A player's report the session refuses (an end while a call
    /// interrupts playback) is not thrown at whoever delivered it, nor
    /// dropped: it is published as an `error` event.
    @Test func aRefusedReport_isPublishedAsAnError_neverSwallowed() async throws {
        let driver = try driver()
        try driver.send(.start(.beginning))
        try driver.send(.interrupt)
        let presentation = try #require(driver.session.currentPresentation)
        let stream = driver.events
        driver.receive(.ended(presentation.id))
        driver.finish()
        var errors: [String] = []
        for await event in stream {
            if case .error(let message) = event.kind { errors.append(message) }
        }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("interrupted") == true, "\(errors)")
    }
}
