import AdPlaybackTestSupport
import Foundation
import Testing

/// An interstitial asset that fails to load takes the player contract's
/// failure path: `adError` (VAST 401), its Error URLs, and the break goes
/// on with the next asset.
@Suite struct SimulateInterstitialFailureTests {
    @Test func aFailedAsset_isSkipped_andTheNextPlays() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-fail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackAdServer.with { server in
            await server.serve("/live/promo.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 4}, {"URI": "b.m3u8", "DURATION": 4}]}"#,
                                                             contentType: "application/json"))
            let scenario = try SimulateInterstitialTests.write(attributes: #"DURATION=8,X-ASSET-LIST="promo.json""#,
                                                               url: await server.url("/live/main.m3u8"), scenario: """
                {"stream": {"type": "live", "recording": "rec"}, "player": {"failAds": ["promo/1"]},
                 "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
                """, in: directory)
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            let lines = output.events.compactMap { event -> String? in
                guard let name = event["event"] as? String, ["adBreakStart", "adStart", "adError", "adEnd", "adBreakEnd"].contains(name) else { return nil }
                return [name, event["ad"] as? String, (event["code"] as? NSNumber).map { "\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
            }
            #expect(lines == ["adBreakStart", "adError promo/1 401", "adStart promo/2", "adEnd promo/2", "adBreakEnd"], "\(output.stdout)")
        }
    }
}
