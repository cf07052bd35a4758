import AdPlaybackKit
import Testing

/// `LiveInputs.inputs(for:from:)`: what a follower's event means to a
/// session, read from the follower after it.
@Suite struct LiveInputsFromFollowerTests {
    static let text = """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:100
        #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z
        #EXTINF:6.0,
        s100.ts
        #EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:06Z",DURATION=10,X-ASSET-URI="ad/promo.m3u8"
        #EXTINF:6.0,
        s101.ts
        """

    /// Before the first playlist only a fault means something: an error of
    /// the main stream. Anything else means nothing yet.
    @Test func beforeThePlaylist_onlyAFaultMeansSomething() {
        let follower = LiveFollower(url: "https://origin.example/live/main.m3u8")
        let fault = LiveEvent.originError(url: follower.url, status: 503, reason: "unavailable", retryIn: MediaDuration(seconds: 3))
        let inputs = LiveInputs.inputs(for: fault, from: follower)
        #expect(inputs.count == 1)
        if case .streamError(let message)? = inputs.first {
            #expect(message.contains("HTTP 503: unavailable"), "\(message)")
        } else {
            Issue.record("a fault is a stream error: \(inputs)")
        }
        #expect(LiveInputs.inputs(for: .stale(unchangedFor: MediaDuration(seconds: 9)), from: follower).isEmpty)
        #expect(LiveInputs.inputs(for: .end, from: follower).isEmpty)
    }

    /// Once it has a playlist, each event means what it means in that
    /// playlist, with the follower's origin restarts and URL: a relative
    /// asset URI resolves against the follower's URL.
    @Test func withAPlaylist_eventsMeanWhatTheyMeanInIt() {
        var follower = LiveFollower(url: "https://origin.example/live/main.m3u8")
        let events = follower.take(Array(Self.text.utf8), at: .zero)
        #expect(!events.isEmpty)
        for event in events {
            let expected = LiveInputs.inputs(for: event, in: follower.live!.playlist, epoch: follower.epoch, playlistURL: follower.url)
            let inputs = LiveInputs.inputs(for: event, from: follower)
            #expect(String(describing: inputs) == String(describing: expected))
        }
        let opportunities = events.flatMap { LiveInputs.inputs(for: $0, from: follower) }.compactMap { input -> AdOpportunity? in
            if case .opportunity(let opportunity) = input { opportunity } else { nil }
        }
        // Its start, and its end: DURATION closes it in the same playlist.
        #expect(opportunities.map(\.id) == ["promo", "promo"])
        if case .interstitial(_, let playlistURL)? = opportunities.first?.signal {
            #expect(playlistURL == "https://origin.example/live/main.m3u8")
        } else {
            Issue.record("an interstitial opportunity: \(opportunities)")
        }
    }
}

extension LiveInputsFromFollowerTests {
    /// The opportunities a follower's inputs carry after an origin restart
    /// (media sequence 5, four 6 s segments from 01:00:00), whose window
    /// lists `ranges` after its first segment, and the follower.
    static func afterARestart(listing ranges: String) -> (follower: LiveFollower, opportunities: [AdOpportunity]) {
        var follower = LiveFollower(url: "https://origin.example/live/main.m3u8")
        _ = follower.take(Array(Self.text.utf8), at: .zero)
        let restarted = """
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-MEDIA-SEQUENCE:5
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T01:00:00Z
            #EXTINF:6.0,
            s5.ts
            \(ranges)
            #EXTINF:6.0,
            s6.ts
            #EXTINF:6.0,
            s7.ts
            #EXTINF:6.0,
            s8.ts
            """
        let events = follower.take(Array(restarted.utf8), at: ClockTime(seconds: 6))
        let opportunities = events.flatMap { LiveInputs.inputs(for: $0, from: follower) }.compactMap { input -> AdOpportunity? in
            if case .opportunity(let opportunity) = input { opportunity } else { nil }
        }
        return (follower, opportunities)
    }

    /// After an origin restart the follower names opportunities with the
    /// restart count (`late~1`), and an interstitial is still placed at its
    /// START-DATE: the interstitials at its date that come before it are told
    /// by the window's own name for it, so it never counts itself.
    @Test func afterARestart_anInterstitialIsPlacedAtItsDate() throws {
        let (follower, opportunities) = Self.afterARestart(listing: """
            #EXT-X-DATERANGE:ID="late",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T01:00:06Z",DURATION=10,X-ASSET-URI="ad/late.m3u8"
            """)
        #expect(follower.epoch == 1)
        #expect(opportunities.map(\.id) == ["late~1", "late~1"])
        // The restarted window goes on from the old one's end (12 s); its second segment starts 6 s later.
        let segment = try #require(follower.live?.playlist.segments.dropFirst().first)
        #expect(segment.start == StreamTime(seconds: 18))
        for opportunity in opportunities {
            #expect(opportunity.position == .stream(StreamTime(seconds: 18)), "\(opportunity.position)")
        }
    }

    /// After an origin restart, interstitials at one date still play in tag
    /// order with cumulative offsets: the second starts where the first
    /// hands back to primary playback, and neither counts the one after it.
    @Test func afterARestart_interstitialsAtOneDate_keepTheirCumulativeOffsets() {
        let (_, opportunities) = Self.afterARestart(listing: """
            #EXT-X-DATERANGE:ID="first",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T01:00:06Z",DURATION=10,X-ASSET-URI="ad/first.m3u8"
            #EXT-X-DATERANGE:ID="second",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T01:00:06Z",DURATION=4,X-ASSET-URI="ad/second.m3u8"
            """)
        let positions = Dictionary(opportunities.map { ($0.id, $0.position) }, uniquingKeysWith: { _, last in last })
        // The date is the restarted window's second segment, at 18 s: the first covers 10 s from there.
        #expect(positions == ["first~1": .stream(StreamTime(seconds: 18)), "second~1": .stream(StreamTime(seconds: 28))])
    }
}
