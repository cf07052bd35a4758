import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay simulate` over a VOD playlist whose interstitial offers a skip
/// control: the window is announced, a `skip` action outside it is refused
/// with the reason, and inside it leaves the whole interstitial.
@Suite struct SimulateSkipControlTests {
    /// 20 s of content; at 4 s a 10 s inserted interstitial (resume offset 0)
    /// whose skip control opens 3 s in, for 4 s.
    static let playlist = """
        #EXTM3U
        #EXT-X-VERSION:9
        #EXT-X-TARGETDURATION:4
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z
        #EXTINF:4,
        s0.ts
        #EXTINF:4,
        s1.ts
        #EXTINF:4,
        s2.ts
        #EXTINF:4,
        s3.ts
        #EXTINF:4,
        s4.ts
        #EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:04.000Z",DURATION=10,X-ASSET-URI="promo.m3u8",X-RESUME-OFFSET=0,X-SKIP-CONTROL-OFFSET=3,X-SKIP-CONTROL-DURATION=4,X-SKIP-CONTROL-LABEL-ID="skip"
        #EXT-X-ENDLIST

        """

    @Test func skip_isRefusedBeforeTheWindow_andLeavesTheInterstitialInsideIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("skip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try SimulateInterstitialTests.write([(0, Self.playlist)], url: "https://cdn.example/vod/main.m3u8", scenario: """
            {"stream": {"type": "live", "recording": "rec"},
             "actions": [{"do": "start"}, {"do": "play", "for": 6}, {"do": "skip"}, {"do": "play", "for": 3}, {"do": "skip"},
                         {"do": "playToEnd"}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events.map { event in
            [event["event"] as? String, event["break"] as? String, event["ad"] as? String, event["reason"] as? String,
             (event["stream"] as? NSNumber).map { "\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
        }
        let start = try #require(lines.firstIndex(of: "adBreakStart promo 4"), "\(output.stdout)")
        #expect(Array(lines[start...]) == [
            "adBreakStart promo 4", "adStart promo promo/1 4", "skipDenied notYetSkippable 6", "adSkippable promo 7",
            "adSkip promo promo/1 9", "adBreakEnd promo 9", "contentStart 14", "sessionEnd 30",
        ], "\(output.stdout)")

        let text = try await AdplayRunner.runInBackground(["simulate", scenario])
        #expect(text.stdout.contains("skip refused: not yet"), "\(text.stdout)")
        #expect(text.stdout.contains("ad break promo may be skipped"), "\(text.stdout)")
        #expect(text.stdout.contains("ad promo/1 skipped by the viewer"), "\(text.stdout)")
    }
}
