import AdPlaybackTestSupport
import Foundation
import Testing

/// A later tag of an interstitial's ID, in a later refresh, adds what the
/// first did not say (a MediaTailor stream states PLANNED-DURATION first,
/// then DURATION and X-PLAYOUT-LIMIT): the session plays the interstitial
/// as it stands when reached, where Media3 says "Updating not yet supported".
@Suite struct SimulateInterstitialUpdateTests {
    /// From second 28 the origin's playlists add X-PLAYOUT-LIMIT=4 to the
    /// interstitial at 20 s first announced with PLANNED-DURATION=8: the
    /// break plays 4 s.
    @Test func aPlayoutLimitAddedLater_cutsTheBreak() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("update-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = #"PLANNED-DURATION=8,X-ASSET-URI="https://ads.example/promo.m3u8""#
        let playlists = stride(from: 16, through: 52, by: 4).map { second -> (Int, String) in
            var text = SimulateInterstitialTests.playlist(at: second, first)
            if second >= 28 {
                text += #"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:20.000Z",X-PLAYOUT-LIMIT=4"# + "\n"
            }
            return (second - 16, text)
        }
        let scenario = try SimulateInterstitialTests.write(playlists, url: "https://origin.example/live/main.m3u8", scenario: """
            {"stream": {"type": "live", "recording": "rec"},
             "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events.compactMap { event -> String? in
            guard let name = event["event"] as? String, ["adBreakStart", "adEnd", "adBreakEnd", "contentStart", "error"].contains(name) else { return nil }
            return [name, (event["stream"] as? NSNumber).map { "\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
        }
        #expect(lines == ["contentStart 4", "adBreakStart 20", "adEnd 24", "adBreakEnd 24", "contentStart 24"], "\(output.stdout)")
    }
}
