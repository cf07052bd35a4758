import AdLive
import AdPlayback
import AdPlaybackRuntime
import AdPlaybackTestSupport
import AdPolicy
import AdResolvers
import AdSimulation
import AdTimeline
import AdTransport
import MediaTime
import Testing

/// Interstitials of a live stream reach the viewer's session: the replay
/// of a recording (which keeps the URL it was recorded from) resolves the
/// interstitial's relative asset against it, the player switches to the
/// asset, and primary playback resumes where the resume offset says.
@Suite struct InterstitialLiveTests {
    static let url = "https://origin.example/live/main.m3u8"

    /// The origin's playlist at second `second` (4 s segments, a window of 6),
    /// with one interstitial at 20 s whose tag is `attributes`.
    static func playlist(at second: Int, _ attributes: String) -> String {
        let last = second / 4
        let first = max(0, last - 5)
        var lines = ["#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:\(first)"]
        for index in first...last {
            let seconds = index * 4
            lines.append("#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:\(seconds < 10 ? "0" : "")\(seconds).000Z")
            lines += ["#EXTINF:4,", "s\(index).ts"]
        }
        lines.append(#"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:20.000Z",\#(attributes)"#)
        return lines.joined(separator: "\n") + "\n"
    }

    static func recording(_ attributes: String, url: String? = url) -> LiveRecording {
        LiveRecording(entries: stride(from: 16, through: 52, by: 4).map { second in
            LiveRecording.Entry(at: ClockTime(seconds: Int64(second - 16)), file: "\(second).m3u8",
                                body: Array(playlist(at: second, attributes).utf8), url: url)
        })
    }

    static func session() throws -> PlaybackSession {
        PlaybackSession(timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
                        placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
    }

    static func live(_ attributes: String, url: String? = url, transport: InMemoryTransport = InMemoryTransport()) throws -> LiveSimulation {
        let clock = VirtualClock()
        let resolvers: [any AdResolver] = [
            InStreamMarkerResolver(), InterstitialResolver(client: HTTPClient(transport: transport, clock: clock), primaryID: "S1"),
        ]
        return try LiveSimulation(session: try session(), recording: recording(attributes, url: url), resolvers: resolvers)
    }

    /// No resume offset: the asset plays as its own item, instead of the 8 s
    /// of primary content it covers; primary playback resumes at 28 s.
    @Test func anInterstitialWithItsAssetURI_playsAsItsOwnItem_andPrimaryResumesAfterIt() throws {
        let live = try Self.live(#"DURATION=8,X-ASSET-URI="ads/promo.m3u8""#)
        var events = try live.send(.start(.position(.stream(StreamTime(seconds: 4)))))
        events += try live.play(for: MediaDuration(seconds: 30))
        let names = events.map(\.name).filter { ["adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart"].contains($0) }
        #expect(names == ["contentStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart"], "\(events)")
        #expect(events.first { $0.name == "adBreakStart" }?.stream == StreamTime(seconds: 20))
        #expect(events.last { $0.name == "contentStart" }?.stream == StreamTime(seconds: 28))
        let asset = live.simulation.player.itemHistory.compactMap { item -> String? in
            if case .ad(_, _, let asset) = item { asset?.uri } else { nil }
        }
        #expect(asset == ["https://origin.example/live/ads/promo.m3u8?_HLS_primary_id=S1"])
    }

    /// An asset list is fetched from the recorded URL's origin; its two
    /// assets play in turn.
    @Test func anInterstitialWithAnAssetList_playsEachAsset() async throws {
        let transport = InMemoryTransport()
        transport.route("/live/promo.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 4}, {"URI": "b.m3u8", "DURATION": 4}]}"#))
        let live = try Self.live(#"DURATION=8,X-ASSET-LIST="promo.json""#, transport: transport)
        try live.send(.start(.position(.stream(StreamTime(seconds: 4)))))
        let events = try await live.play(for: MediaDuration(seconds: 30))
        let ads = events.compactMap { event -> String? in if case .adStart(_, let ad) = event.kind { ad } else { nil } }
        #expect(ads == ["promo/1", "promo/2"], "\(events)")
        #expect(transport.requestedPaths == ["/live/promo.json?_HLS_primary_id=S1"])
    }

    /// An asset list that fails cancels the interstitial: primary playback
    /// goes on where it was scheduled, and the session says why.
    @Test func anAssetListThatFails_leavesPrimaryPlaying_andSaysWhy() async throws {
        let live = try Self.live(#"DURATION=8,X-ASSET-LIST="gone.json""#)
        try live.send(.start(.position(.stream(StreamTime(seconds: 4)))))
        let events = try await live.play(for: MediaDuration(seconds: 30))
        #expect(!events.contains { $0.name == "adStart" }, "\(events)")
        let skip = events.first { event in if case .adBreakSkip(let id, _) = event.kind { id == "promo" } else { false } }
        #expect(skip?.stream == StreamTime(seconds: 20), "\(events)")
        #expect(events.last { $0.name == "contentStart" }.map { $0.stream <= StreamTime(seconds: 20) } == true, "\(events)")
        #expect(live.session.playhead.stream == StreamTime(seconds: 34), "primary played on through the scheduled point")
        #expect(live.simulation.runtime.issues.contains { $0.contains("its asset list failed") }, "\(live.simulation.runtime.issues)")
    }
}
