import AdPlaybackKit
import Testing

/// What a follower names opportunities after an origin restart
/// (`LiveNames`): a restarted stream's cue breaks are new breaks, while a
/// date range the origin lists again is the same range, played once.
@Suite struct LiveRestartNamesTests {
    /// The window before the restart: an interstitial announced ahead, at 30 s.
    static let before = """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z
        #EXTINF:6.0,
        s100.ts
        #EXTINF:6.0,
        s101.ts
        #EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:30Z",DURATION=10,X-ASSET-URI="ad/promo.m3u8",X-RESUME-OFFSET=0
        """

    /// The restarted window (media sequence 5), its dates going on from the
    /// old one's, listing `range` and a cue break.
    static func restarted(listing range: String) -> String {
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:5
        #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:12Z
        #EXTINF:6.0,
        s5.ts
        #EXT-X-CUE-OUT:6
        #EXTINF:6.0,
        s6.ts
        #EXT-X-CUE-IN
        \(range)
        """
    }

    /// Follows `bodies` in turn into a session, and returns the ids of the
    /// opportunities the inputs carried, in order, and the session's breaks.
    static func follow(_ bodies: [String]) throws -> (follower: LiveFollower, ids: [String], breaks: [AdBreak]) {
        var follower = LiveFollower(url: "https://origin.example/live/main.m3u8")
        let session = PlaybackSession(
            timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: .strict),
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent))
        let client = HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
        let simulation = Simulation(session: session, resolvers: [InStreamMarkerResolver(), InterstitialResolver(client: client, primaryID: "test")])
        var ids: [String] = []
        for (index, body) in bodies.enumerated() {
            for event in follower.take(Array(body.utf8), at: ClockTime(seconds: Int64(6 * index))) {
                for input in LiveInputs.inputs(for: event, from: follower) {
                    if case .opportunity(let opportunity) = input { ids.append(opportunity.id) }
                    let events = try simulation.send(input)
                    #expect(!events.contains { if case .error = $0.kind { true } else { false } }, "\(events)")
                }
            }
        }
        return (follower, ids, simulation.session.timeline.breaks)
    }

    /// The origin lists the interstitial again after restarting, with its
    /// ID and START-DATE: it keeps its id, and the session holds one break,
    /// so it plays once. The restarted stream's cue break is new.
    @Test func aRangeListedAgain_keepsItsID_andPlaysOnce() throws {
        let again = #"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:30Z",DURATION=10,X-ASSET-URI="ad/promo.m3u8",X-RESUME-OFFSET=0"#
        let followed = try Self.follow([Self.before, Self.restarted(listing: again)])
        #expect(followed.follower.epoch == 1)
        #expect(Set(followed.ids.filter { $0.hasPrefix("promo") }) == ["promo"])
        #expect(followed.breaks.filter { $0.id.hasPrefix("promo") }.map(\.id) == ["promo"])
        #expect(followed.ids.contains("break-6~1"), "\(followed.ids)")
    }

    /// An ID listed again with another START-DATE names another range: a
    /// new break, under the restart's id.
    @Test func anIDWithAnotherStartDate_isANewRange() throws {
        let other = #"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:48Z",DURATION=10,X-ASSET-URI="ad/promo.m3u8",X-RESUME-OFFSET=0"#
        let followed = try Self.follow([Self.before, Self.restarted(listing: other)])
        #expect(Set(followed.ids.filter { $0.hasPrefix("promo") }) == ["promo", "promo~1"])
        #expect(followed.breaks.filter { $0.id.hasPrefix("promo") }.map(\.id) == ["promo", "promo~1"])
    }

    /// Through a second restart the range keeps the id it was first
    /// reported under; one first listed after the first restart keeps that
    /// restart's id.
    @Test func throughTwoRestarts_aRangeKeepsItsFirstID() throws {
        let again = #"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:30Z",DURATION=10,X-ASSET-URI="ad/promo.m3u8",X-RESUME-OFFSET=0"#
        let later = #"#EXT-X-DATERANGE:ID="later",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:40Z",DURATION=5,X-ASSET-URI="ad/later.m3u8",X-RESUME-OFFSET=0"#
        let secondRestart = """
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-MEDIA-SEQUENCE:1
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:24Z
            #EXTINF:6.0,
            s1.ts
            \(again)
            \(later)
            """
        let followed = try Self.follow([Self.before, Self.restarted(listing: again + "\n" + later), secondRestart])
        #expect(followed.follower.epoch == 2)
        #expect(Set(followed.ids.filter { $0.hasPrefix("promo") || $0.hasPrefix("later") }) == ["promo", "later~1"])
        #expect(followed.breaks.filter { $0.id.hasPrefix("promo") || $0.id.hasPrefix("later") }.map(\.id) == ["promo", "later~1"])
    }
}
