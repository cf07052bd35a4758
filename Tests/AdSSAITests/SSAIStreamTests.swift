import AdLive
import AdPlaybackTestSupport
import AdSSAI
import AdSimulation
import AdTransport
import Foundation
import MediaTime
import SSAITracking
import Testing

/// Following an SSAI session through an in-memory transport: a
/// multivariant playback URL, tracking faults that never stop playback,
/// nextToken pages.
@Suite struct SSAIStreamTests {
    static let media = """
        #EXTM3U
        #EXT-X-TARGETDURATION:2
        #EXT-X-MEDIA-SEQUENCE:0
        #EXTINF:2,
        c0.ts
        #EXT-X-DISCONTINUITY
        #EXTINF:2,
        ../segment/a/0.ts
        #EXT-X-DISCONTINUITY
        #EXTINF:2,
        c2.ts
        #EXT-X-ENDLIST

        """
    static let tracking = #"{"avails": [{"availId": "a", "startTimeInSeconds": 2, "durationInSeconds": 2, "ads": [{"adId": "x", "startTimeInSeconds": 2, "durationInSeconds": 2}]}]}"#

    private func follow(_ transport: InMemoryTransport, playback: String = "/v1/master/s/index.m3u8") async -> [SSAIEvent] {
        let startup = SSAIStartup(status: .initialised, reason: "", code: 0, playbackURL: URL(string: "https://mt.example\(playback)"),
                                  trackingURL: URL(string: "https://mt.example/v1/tracking/s"))
        var events: [SSAIEvent] = []
        await SSAIStream(startup: startup, client: HTTPClient(transport: transport, clock: VirtualClock())).follow { update, _ in
            events.append(update.event)
        }
        return events
    }

    private func availIDs(_ events: [SSAIEvent]) -> [String] {
        events.compactMap { if case .tracking(.availStart(let avail), _) = $0 { avail.id } else { nil } }
    }

    @Test func aMultivariantPlaybackURL_isFollowedThroughItsFirstVariant() async {
        let transport = InMemoryTransport()
        transport.route("/v1/master/s/main.m3u8", .document("""
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=800000
            low/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=4000000
            high/index.m3u8

            """))
        transport.route("/v1/master/s/low/index.m3u8", .document(Self.media))
        transport.route("/v1/tracking/s", .document(Self.tracking))
        let events = await follow(transport, playback: "/v1/master/s/main.m3u8")
        #expect(events.first == .variant("https://mt.example/v1/master/s/low/index.m3u8"))
        #expect(availIDs(events) == ["a"])
        #expect(!transport.requestedPaths.contains("/v1/master/s/high/index.m3u8"))
    }

    @Test(arguments: [
        (InMemoryTransport.Answer.response(status: 404, body: []), "HTTP 404"),
        (.document("{\"avails\": ["), "not JSON"),
        (.document("{\"avails\": [{\"availId\": 7}]}"), "$.avails[0]"),
    ])
    func aTrackingFault_isReported_andPlaybackGoesOn(answer: InMemoryTransport.Answer, says: String) async {
        let transport = InMemoryTransport()
        transport.route("/v1/master/s/index.m3u8", .document(Self.media))
        transport.route("/v1/tracking/s", answer)
        let events = await follow(transport)
        let faults = events.compactMap { if case .trackingError(let message) = $0 { message } else { nil } }
        #expect(faults.count == 1)
        #expect(faults.first?.contains(says) == true, "\(faults)")
        #expect(events.last == .live(.end), "the stream plays to its end")
    }

    @Test func nextTokenPages_areFollowed_withTheTokenPercentEncoded() async {
        #expect(TrackingPoller.url(URL(string: "https://mt.example/t?a=1")!, nextToken: "ab/c+d=")?.absoluteString
            == "https://mt.example/t?a=1&nextToken=ab%2Fc%2Bd%3D")
        #expect(TrackingPoller.url(URL(string: "https://mt.example/t")!, nextToken: "UFQ1TTM0XzE%3D")?.absoluteString
            == "https://mt.example/t?nextToken=UFQ1TTM0XzE%3D", "a token handed out encoded is sent as it is")
    }
}
