import AdPlaybackTestSupport
import Foundation
import Testing

/// An interstitial asset that fails to load takes the player contract's
/// failure path: `adError` (VAST 401), its Error URLs, and the break goes
/// on with the next asset.
@Suite struct SimulateInterstitialFailureTests {
    @Test func aFailedAsset_isSkipped_andTheNextPlays() async throws {
        try await SimulateInterstitialTests.withPromoList(scenario: """
            {"stream": {"type": "live", "recording": "rec"}, "player": {"failAds": ["promo/1"]},
             "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
            """) { scenario, _ in
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
