import AdPlaybackKit
import Testing

/// The README's library examples that show only `import AdPlaybackKit`,
/// verbatim, in a file that imports nothing else (no Foundation): they keep
/// compiling for an app that writes exactly that, and they stay true. What
/// the tests themselves need of Foundation is in ReadmeFixtures.swift.
@Suite struct ReadmeExampleTests {
    @Test func policyExampleDecidesASnapbackSeek() throws {
        let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: [
            AdBreak(id: "pre", position: .preroll, ads: [Ad(id: "a1", duration: MediaDuration(seconds: 30))]),
            AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 600)), ads: [Ad(id: "a2", duration: MediaDuration(seconds: 60))]),
        ])
        let engine = AdPolicyEngine(policy: .snapback)
        let here = Playhead(stream: timeline.streamTime(resumingAt: ContentTime(seconds: 300)), content: ContentTime(seconds: 300))
        let decision = engine.decideJump(from: here, to: .content(ContentTime(seconds: 900)), context: PolicyContext(timeline: timeline))
        #expect("\(decision.breaksToPlay.map(\.id)) \(decision.target.stream)" == #"["mid"] 990"#)
    }

    @Test func scte35ExampleDecodesAndReencodes() throws {
        let cue = try SpliceInfoDecoder().decode(text: "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=")
        guard case .spliceInsert(let insert) = cue.section.command else { Issue.record("not a splice_insert"); return }
        #expect(insert.spliceEventID == 1_207_959_695)
        #expect(cue.section.adjustedPTSTime?.secondsText == "21514.559089")
        let bytes = try SpliceInfoEncoder.encode(cue.section)
        #expect(bytes.count == 50)
        #expect(PayloadText.base64(bytes) == "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=")
    }

    @Test func liveExampleFindsABreakAndFollowsTheRefresh() throws {
        let firstText = """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:100
        #EXTINF:6.0,
        s100.ts
        #EXT-X-CUE-OUT:30
        #EXTINF:6.0,
        s101.ts
        """
        let nextText = firstText + "\n#EXT-X-CUE-IN\n#EXTINF:6.0,\ns102.ts\n"
        var live = try LivePlaylist(firstText)                     // a String, or the fetched bytes
        var found: [String] = []
        for opportunity in live.playlist.opportunities {
            found.append("\(opportunity.start) \(opportunity.duration.map { "\($0)" } ?? "open")")
        }
        let delta = try live.refresh(with: nextText)
        #expect(found == ["6 30"])
        #expect(delta.addedSegments == 102..<103)
        #expect(delta.closedOpportunities.count == 1)
        #expect(delta.openedOpportunities.isEmpty, "the break opened in the first text")
        // The same news through the one mapper, as a follower reports it.
        var follower = LiveFollower(url: "https://example.com/live.m3u8")
        _ = follower.take(Array(firstText.utf8), at: .zero)
        let inputs = follower.take(Array(nextText.utf8), at: ClockTime(seconds: 6)).flatMap { event in
            LiveInputs.inputs(for: event, from: follower)
        }
        #expect(inputs.compactMap { if case .opportunity(let opportunity) = $0 { opportunity.isOpen } else { nil } } == [false])
    }

    @Test func vastExampleReadsAnInlineAd() throws {
        let xml = """
        <VAST version="4.2"><Ad id="20001"><InLine><AdSystem>example</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://example.com/i</Impression><Creatives><Creative><Linear>
        <Duration>00:00:16</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://example.com/a.mp4</MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
        let document = try VASTParser().parse(Array(xml.utf8))
        var lines: [String] = []
        for ad in document.ads {
            let linear = ad.inline?.common.creatives.compactMap(\.linear).first
            lines.append("\(ad.id ?? "-") \(linear?.duration ?? .zero) \(linear?.mediaFiles.map(\.url) ?? [])")
        }
        #expect(lines == [#"20001 16 ["https://example.com/a.mp4"]"#])
    }

    /// The session example: a VMAP's breaks enter as placeholders and
    /// resolve through the runtime; the stop's bookmark goes to a file.
    /// Its VAST is inline, so nothing is fetched and the macro values (the
    /// app's wall clock) are never asked for.
    /// The live example: following on a clock, the first cue reported.
    @Test func liveFollowingExampleReportsTheCue() async throws {
        let transport = InMemoryLive(text: """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXTINF:2.0,
            a.ts
            #EXT-X-CUE-OUT:4.0
            #EXTINF:2.0,
            b.ts
            #EXT-X-CUE-IN
            #EXTINF:2.0,
            c.ts
            #EXT-X-ENDLIST
            """)
        let playlistURL = ReadmeFixtures.playlistURL
        var found: [String] = []
        let source = LiveSource(url: playlistURL, client: HTTPClient(transport: transport, clock: ContinuousClock()))
        await source.follow(for: .seconds(60)) { update in
            if case .opportunityStart(let cue) = update.event { found.append("\(cue.id) \(cue.start) \(cue.duration.map { "\($0)" } ?? "open")") }
        }
        #expect(found == ["break-1 2 2"], "the CUE-IN came after one 2 s segment, before the planned 4 s")
    }
}

extension ReadmeExampleTests {
    /// The SSAI example: the session starts in its tier, the policy is set
    /// with the session, and the tracking data's avail becomes its break.
    /// The transport is in memory; the example's code is otherwise verbatim.
    @Test func ssaiExampleStartsASessionAndItsAvailBecomesABreak() async throws {
        let sessionEndpoint = "https://mt.example/v1/session/account/channel"
        let fallbackURL = "https://cdn.example/fallback.m3u8"
        let originURL = "https://cdn.example/origin.m3u8"
        let viewerAllowsTracking = true
        let transport = InMemorySSAI()

        var configuration = SSAIConfiguration(endpoint: sessionEndpoint, fallbackURL: fallbackURL, originURL: originURL)
        configuration.analytics = viewerAllowsTracking                       // false: the fallback, without analytics
        let client = HTTPClient(transport: transport, clock: ContinuousClock())
        let startup = await SSAISessionStart.start(configuration, client: client)
        print(startup.status, startup.code, startup.reason)                  // initialised 0 the session started
        guard let playbackURL = startup.playbackURL else { return }          // nil only when nothing at all can play
        // Give playbackURL to the player. The policy set now governs the session's breaks:
        let session = PlaybackSession(
            timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .snapback),
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
        let queue = LiveInputQueue()
        let stream = SSAIStream(startup: startup, client: client)
        await stream.follow(for: .seconds(60)) { update, follower in queue.take(update, from: follower) }

        #expect(startup.status == .initialised)
        #expect("\(playbackURL)" == "https://mt.example/v1/master/session/index.m3u8")
        let simulation = Simulation(session: session)
        for input in queue.drain() { try simulation.send(input) }
        #expect(simulation.session.timeline.breaks.map(\.id) == ["avail-1"])
        #expect(simulation.session.timeline.contentPosition(ofBreak: "avail-1") == ContentTime(seconds: 4))
    }
}
