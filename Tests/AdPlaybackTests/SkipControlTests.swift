import AdPlayback
import AdPolicy
import AdSimulation
import AdTimeline
import MediaTime
import Testing

private func s(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

/// Content 600 s; an interstitial-like break at 120 s of two 15 s assets,
/// with the skip control given; a VAST-like break at 300 s whose first ad
/// may be skipped after 5 s.
private func makeSimulation(_ control: BreakSkipControl?, insertion: Insertion = .inserted, policy: AdPolicy = .lenient) -> Simulation {
    var interstitial = AdBreak(id: "i1", position: .midroll(ContentTime(seconds: 120)),
                               ads: [Ad(id: "i1/1", duration: s(15)), Ad(id: "i1/2", duration: s(15))], insertion: insertion)
    interstitial.skipControl = control
    let vast = AdBreak(id: "v1", position: .midroll(ContentTime(seconds: 300)),
                       ads: [Ad(id: "skippable", duration: s(20), skipOffset: s(5)), Ad(id: "plain", duration: s(10))],
                       insertion: insertion)
    let timeline = try! AdTimeline(contentDuration: s(600), breaks: [interstitial, vast])
    return Simulation(session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: policy)))
}

private func lines(_ events: [SessionEvent]) -> [String] {
    events.compactMap { event in
        switch event.kind {
        case .adSkippable(let breakID, let adID): "\(event.stream.decimalSeconds) adSkippable \(breakID)\(adID.map { "/" + $0 } ?? "")"
        case .adSkippableEnd(let breakID, let adID): "\(event.stream.decimalSeconds) adSkippableEnd \(breakID)\(adID.map { "/" + $0 } ?? "")"
        case .adSkip(let breakID, let adID): "\(event.stream.decimalSeconds) adSkip \(breakID) \(adID)"
        case .skipDenied(let reason): "\(event.stream.decimalSeconds) skipDenied \(reason)"
        case .adBreakStart(let id), .adBreakEnd(let id): "\(event.stream.decimalSeconds) \(event.name) \(id)"
        case .adStart(_, let id), .adEnd(_, let id): "\(event.stream.decimalSeconds) \(event.name) \(id)"
        case .contentStart: "\(event.stream.decimalSeconds) contentStart \(event.content.decimalSeconds)"
        default: nil
        }
    }
}

@Suite struct SkipControlTests {
    /// The window opens at its offset from the break's start (in the
    /// second asset here) and closes when its duration ends.
    @Test func aSkipControlOpensAtItsOffset_andClosesWhenItsDurationEnds() throws {
        let simulation = makeSimulation(BreakSkipControl(offset: s(20), duration: s(5)))
        var events = try simulation.send(.start(.beginning))
        events += try simulation.play(for: s(200))
        let skipLines = lines(events).filter { $0.contains("Skippable") }
        #expect(skipLines == ["140 adSkippable i1", "145 adSkippableEnd i1"])
    }

    /// Without a duration it stays open to the break's end; no end event is
    /// needed, the break's end says it.
    @Test func aSkipControlWithoutDuration_staysOpenToTheBreaksEnd() throws {
        let simulation = makeSimulation(BreakSkipControl(offset: s(0)))
        var events = try simulation.send(.start(.beginning))
        events += try simulation.play(for: s(200))
        let recorded = lines(events)
        #expect(recorded.contains("120 adSkippable i1"))
        #expect(!recorded.contains { $0.contains("adSkippableEnd i1") })
        let start = try #require(recorded.firstIndex(of: "120 adStart i1/1"))
        #expect(recorded[start + 1] == "120 adSkippable i1")
    }

    /// Skip inside the window skips the whole interstitial: the ad playing is
    /// skipped, the break ends, content resumes after it, and the break
    /// counts as watched.
    @Test func skipInsideTheWindow_skipsTheWholeInterstitial() throws {
        let simulation = makeSimulation(BreakSkipControl(offset: s(5)))
        var events = try simulation.send(.start(.beginning))
        events += try simulation.play(for: s(128))
        events += try simulation.send(.skip)
        let recorded = lines(events)
        let skip = try #require(recorded.firstIndex(of: "128 adSkip i1 i1/1"))
        #expect(Array(recorded[skip...]) == ["128 adSkip i1 i1/1", "128 adBreakEnd i1", "150 contentStart 120"])
        #expect(simulation.session.timeline.isWatched("i1"))
        #expect(!simulation.session.isInBreak)
        #expect(simulation.session.timeline.adStates(ofBreak: "i1") == [.skipped, .skipped])
    }

    /// Outside the window a skip is refused, with the reason, and play goes on.
    @Test func skipOutsideTheWindow_isDeniedWithAReason() throws {
        let simulation = makeSimulation(BreakSkipControl(offset: s(10), duration: s(5)))
        _ = try simulation.send(.start(.beginning))
        #expect(lines(try simulation.send(.skip)) == ["0 skipDenied notInBreak"])
        _ = try simulation.play(for: s(125))
        #expect(lines(try simulation.send(.skip)) == ["125 skipDenied notYetSkippable"])
        _ = try simulation.play(for: s(12))
        #expect(lines(try simulation.send(.skip)) == ["137 skipDenied noLongerSkippable"])
        #expect(simulation.session.isInBreak)
        _ = try simulation.play(for: s(195))
        #expect(lines(try simulation.send(.skip)) == ["332 skipDenied notYetSkippable"])
    }

    /// A break with no skip control and no skippable ad cannot be skipped.
    @Test func aBreakWithoutSkipControl_isNotSkippable() throws {
        let simulation = makeSimulation(nil)
        _ = try simulation.send(.start(.beginning))
        _ = try simulation.play(for: s(125))
        #expect(lines(try simulation.send(.skip)) == ["125 skipDenied notSkippable"])
    }

    /// A VAST ad's skipoffset uses the same event and input, counted from the
    /// ad's start; its skip skips that ad only, and the break goes on with
    /// the next ad where it sits on the stream.
    @Test func aVASTSkipOffset_skipsTheAdOnly() throws {
        let simulation = makeSimulation(nil)
        var events = try simulation.send(.start(.beginning))
        events += try simulation.play(for: s(337))
        events += try simulation.send(.skip)
        events += try simulation.play(for: s(20))
        let recorded = lines(events)
        let start = try #require(recorded.firstIndex(of: "330 adStart skippable"))
        #expect(Array(recorded[start...]) == [
            "330 adStart skippable", "335 adSkippable v1/skippable", "337 adSkip v1 skippable",
            "350 adStart plain", "360 adEnd plain", "360 adBreakEnd v1", "360 contentStart 300",
        ])
        #expect(simulation.session.timeline.adStates(ofBreak: "v1") == [.skipped, .played])
    }

    /// The session's model makes the driver stop exactly at the window's
    /// edges, so the events carry their exact times on any tick size.
    @Test func theWindowsEdgesAreBoundaries() throws {
        let simulation = makeSimulation(BreakSkipControl(offset: s(7), duration: s(3)))
        _ = try simulation.send(.start(.beginning))
        _ = try simulation.play(for: s(121))
        #expect(simulation.session.timeToNextBoundary == s(6))
        _ = try simulation.play(for: s(6))
        #expect(simulation.session.timeToNextBoundary == s(3))
    }

    /// Entering a break inside its window (a seek into it) opens it at once.
    @Test func aSeekIntoTheWindow_opensItAtOnce() throws {
        var policy = AdPolicy.lenient
        policy.seekIntoBreak = .playFromTarget
        let simulation = makeSimulation(BreakSkipControl(offset: s(5)), insertion: .inStream, policy: policy)
        _ = try simulation.send(.start(.beginning))
        _ = try simulation.play(for: s(100))
        let events = try simulation.send(.jump(.seek, to: .stream(StreamTime(seconds: 130))))
        #expect(lines(events).contains("130 adSkippable i1"))
    }
}
