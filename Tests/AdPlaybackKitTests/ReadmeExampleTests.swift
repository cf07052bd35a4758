import AdPlaybackKit
import Foundation
import Testing

/// The README's library examples, verbatim, with nothing imported but the
/// umbrella: they keep compiling for an app that writes `import
/// AdPlaybackKit`, and they stay true.
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
        #expect(delta.openedBlackouts.isEmpty)
        #expect(AdOpportunity.updates(in: delta, of: live.playlist).map(\.isOpen) == [false])
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
    @Test func sessionExampleResolvesAVMAPAndSavesItsBookmark() async throws {
        let vmapXML = """
            <vmap:VMAP version="1.0"><vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource>
            <vmap:VASTAdData><VAST version="4.2"><Ad id="a1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression>https://t.example/i</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://example.com/a.mp4</MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            </vmap:VMAP>
            """
        let bookmarkPath = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: bookmarkPath) }
        let player = SimulatedPlayer()

        let clock = ContinuousClock()
        let client = HTTPClient(transport: URLSessionTransport(), clock: clock)
        let chain = VASTChainResolver(client: client, macroValues: { VASTMacros.standardValues(at: Date()) })
        let registry = ResolverRegistry([VASTPodResolver(chain: chain)], clock: clock)
        let vmap = try VMAPParser().parse(vmapXML)
        let (opportunities, _) = VMAPSchedule.opportunities(in: vmap, contentDuration: MediaDuration(seconds: 1800))
        let session = PlaybackSession(
            timeline: try AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: []), engine: AdPolicyEngine(policy: .snapback))
        let bookmarks = FileBookmarkStore(path: bookmarkPath)
        let runtime = PlaybackRuntime(
            driver: PlaybackDriver(session: session, player: player, clock: clock, bookmarks: bookmarks), registry: registry)
        let outboxDirectory = bookmarkPath + "-outbox"
        defer { try? FileManager.default.removeItem(atPath: outboxDirectory) }
        let viewingSessionID = "readme"

        // The README's tracking example, verbatim.
        let outbox = BeaconOutbox(journal: try BeaconJournal(directory: outboxDirectory), client: client)
        let sender = Task { await outbox.run() }
        let tracker = BeaconTracker(planner: BeaconPlanner(session: viewingSessionID), sink: outbox)
        runtime.driver.observers.append(tracker)
        runtime.tracker = tracker                                                        // error reports too

        for opportunity in opportunities { try runtime.send(.opportunity(opportunity)) }  // placeholders; their VAST resolves
        while runtime.resolutionsInFlight > 0 { _ = await runtime.deliverNextResult() }
        try runtime.send(.start(try bookmarks.load().map { .bookmark($0) } ?? .beginning))
        // ... call runtime.tick() from the player's time observer ...
        try runtime.send(.stop)                                                          // the bookmark is in the file

        #expect(runtime.session.timeline.adBreak(id: "pre")?.ads.map(\.id) == ["a1"])
        #expect(try bookmarks.load()?.content == .zero)
        sender.cancel()
        #expect(outbox.entries.map(\.id.tracking) == ["impression"], "the pre-roll started: its impression is journaled")
    }

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
        let playlistURL = URL(string: "https://origin.example/live.m3u8")!
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
        #expect(playbackURL.absoluteString == "https://mt.example/v1/master/session/index.m3u8")
        let simulation = Simulation(session: session)
        for input in queue.drain() { try simulation.send(input) }
        #expect(simulation.session.timeline.breaks.map(\.id) == ["avail-1"])
        #expect(simulation.session.timeline.contentPosition(ofBreak: "avail-1") == ContentTime(seconds: 4))
    }
}

/// An SSAI server in memory: the session start, an ended manifest with one
/// stitched avail, and its tracking data.
private struct InMemorySSAI: HTTPTransport {
    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        let body: String
        switch request.url.path {
        case "/v1/session/account/channel":
            body = #"{"manifestUrl": "/v1/master/session/index.m3u8", "trackingUrl": "/v1/tracking/session"}"#
        case "/v1/master/session/index.m3u8":
            body = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n" + (0..<6).map { "#EXTINF:2,\ns\($0).ts\n" }.joined() + "#EXT-X-ENDLIST\n"
        case "/v1/tracking/session":
            body = #"{"avails": [{"availId": "avail-1", "startTimeInSeconds": 4, "durationInSeconds": 4, "ads": [{"adId": "a", "startTimeInSeconds": 4, "durationInSeconds": 4}]}]}"#
        default:
            return HTTPResponse(status: 404, body: [], url: request.url)
        }
        return HTTPResponse(status: 200, body: Array(body.utf8), url: request.url)
    }
}

/// Answers every request with one playlist text.
private struct InMemoryLive: HTTPTransport {
    let text: String
    func perform(_ request: HTTPRequest, limits: TransportLimits) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array(text.utf8), url: request.url)
    }
}
