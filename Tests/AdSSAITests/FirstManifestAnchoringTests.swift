import AdPlaybackTestSupport
import AdSSAI
import AdSimulation
import AdTransport
import Foundation
import HLS
import MediaTime
import SSAITracking
import Testing

/// The MediaTailor guide's own example: the first manifest of a session
/// and the tracking values it documents for its avail, followed through
/// the SSAI stream. The avail lands where the guide says, on its segment.
@Suite struct FirstManifestAnchoringTests {
    /// The values the guide documents for this manifest's avail.
    static let tracking = """
        {"avails": [{"availId": "4603269", "availProgramDateTime": "2023-05-03T21:24:41.453Z",
          "startTime": "PT18.581355S", "startTimeInSeconds": 18.581, "duration": "PT6S", "durationInSeconds": 6,
          "ads": [{"adId": "4603269", "adProgramDateTime": "2023-05-03T21:24:41.453Z",
                   "startTime": "PT18.581355S", "startTimeInSeconds": 18.581, "duration": "PT6S", "durationInSeconds": 6,
                   "trackingEvents": [{"eventType": "impression", "eventId": "4603269", "startTimeInSeconds": 18.581,
                                       "beaconUrls": ["https://ads.example/impression"]}]}]}]}
        """

    @Test func theGuidesAvail_isAt18point581_onItsFirstAdSegment_withAdId4603269() async throws {
        let manifest = try String(contentsOf: try #require(Bundle.module.url(forResource: "Fixtures/awsdocs-mediatailor-first-manifest-with-avail.m3u8", withExtension: nil)), encoding: .utf8)
        let transport = InMemoryTransport()
        transport.route("/v1/master/session/index.m3u8", .document(manifest + "#EXT-X-ENDLIST\n"))
        transport.route("/v1/tracking/session", .document(Self.tracking))
        let clock = VirtualClock()
        let startup = SSAIStartup(status: .initialised, reason: "", code: 0,
                                  playbackURL: URL(string: "https://mt.example/v1/master/session/index.m3u8"),
                                  trackingURL: URL(string: "https://mt.example/v1/tracking/session"))
        var placed: [TrackedAvail] = []
        var warnings: [String] = []
        await SSAIStream(startup: startup, client: HTTPClient(transport: transport, clock: clock)).follow { update, _ in
            switch update.event {
            case .tracking(.availStart(let avail), _): placed.append(avail)
            case .warning(let message): warnings.append(message)
            default: break
            }
        }
        let avail = try #require(placed.first)
        let documented = StreamTime(ticks: try MediaDuration(decimalSeconds: "18.581").ticks)
        #expect(abs(avail.start.ticks - documented.ticks) <= MediaDuration(microseconds: 2_000).ticks, "\(avail.start)")
        #expect(avail.start == StreamTime(ticks: try MediaDuration(decimalSeconds: "18.581335").ticks),
                "on the first ad segment's boundary: the EXTINF sum before it")
        #expect(avail.ads.first?.id == "4603269")
        #expect(warnings.isEmpty, "the date agrees once the avail is on its segment: \(warnings)")
    }
}
