import AdPlayback
import AdPlaybackTestSupport
import AdPlayerMPV
import AdResolvers
import AdScenario
import AdTransport
import Foundation
import MediaTime
import Testing
import AdURLSession

extension RealPlayerTests {
    /// An HLS interstitial in a live stream on a real mpv: the asset plays
    /// as its own item, then the primary resumes at the resume offset.
    @Suite struct InterstitialOnMPVTests {
        typealias Live = LiveOnMPVTests

        /// A 4 s interstitial at segment 8 (`ad.m3u8`, no resume offset:
        /// it replaces 4 s of the live stream); the viewer joins at the
        /// live edge and watches it.
        static func script() -> LiveOriginScript {
            var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 6)
            script.extraTags[8] = [
                #"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="\#(script.date(8))",DURATION=4,X-ASSET-URI="ad.m3u8""#,
            ]
            return script
        }

        static let json = """
            {"stream": {"type": "live", STREAM}, "primaryID": "mpv-run",
             "actions": [{"do": "start"}, {"do": "play", "for": 12}, {"do": "stop"}]}
            """

        static func resolvers() -> [any AdResolver] {
            [InStreamMarkerResolver(),
             InterstitialResolver(client: HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock()), primaryID: "mpv-run")]
        }

        @MainActor @Test func theAssetPlaysAsItsOwnItem_thenThePrimaryResumesAtTheResumeOffset() async throws {
            guard RealPlayerTools.canRun() else { return }
            let script = Self.script()
            let (run, lines, url) = try await Live.playOnMpv(Self.json, script: script, resolvers: Self.resolvers())
            print(Live.describe(lines))
            #expect(Live.names(lines) == [
                "sessionStart", "contentStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd",
            ], "\(Live.names(lines))")
            let adStart = try #require(lines.first { $0.event.name == "adStart" })
            guard case .adStart(let breakID, _) = adStart.event.kind else { return }
            #expect(breakID == "promo")
            // mpv shows the asset itself (with the session's primary id), from its start.
            let item = try #require(adStart.player?.item)
            #expect(item.hasSuffix("/ad.m3u8?_HLS_primary_id=mpv-run"), "mpv plays \(item)")
            #expect((adStart.player?.position.seconds ?? 9) <= 0.5)
            // Back on the primary at the interstitial's end, 4 s of the live stream on: mpv
            // reports the live stream ready there.
            let resumed = try #require(lines.last { $0.event.name == "contentStart" })
            #expect(resumed.date == script.date(12), "\(resumed.date ?? "-")")
            let back = try #require(lines.first { $0.event.name == "ready" && $0.event.clock >= resumed.event.clock && $0.player?.item == url })
            let position = try #require(back.player?.position.seconds)
            #expect(abs(position - resumed.event.stream.seconds) <= SimulationVersusMPVTests.tolerance,
                    "content resumes at stream \(resumed.event.stream.seconds) s; mpv at \(position) s")
            #expect(run.mainStreamFailure == nil)
            try await Live.compareWithTheSimulation("live interstitial", Self.json, script: script, real: run, resolvers: Self.resolvers())
        }
    }
}
