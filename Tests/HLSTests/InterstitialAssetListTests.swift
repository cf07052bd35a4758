import HLS
import MediaTime
import Testing

/// Asset lists as the conformance material gives them, and bad ones.
@Suite struct InterstitialAssetListTests {
    /// Shaka's: two assets of 4 s, durations written as numbers.
    @Test func shakaAds_areTwoAssetsOf4s() throws {
        let list = try InterstitialAssetList(json: try Fixture.bytes("interstitial/shaka-ads.json"))
        #expect(list.assets == [.init(uri: "ad.m3u8", duration: MediaDuration(seconds: 4)),
                                .init(uri: "ad1.m3u8", duration: MediaDuration(seconds: 4))])
        #expect(list.skipControl == nil)
        #expect(list.duration == MediaDuration(seconds: 8))
    }

    /// hls.js's pre-roll response: 2 × 15 s.
    @Test func hlsjsPreroll_isTwoAssetsOf15s() throws {
        let list = try InterstitialAssetList(json: try Fixture.bytes("interstitial/hlsjs-preroll-asset-list.json"))
        #expect(list.assets.map(\.uri) == ["preroll-1.m3u8", "preroll-2.m3u8"])
        #expect(list.duration == MediaDuration(seconds: 30))
    }

    /// The spec's D.7 example: its SKIP-CONTROL (offset 5, duration 20) is
    /// what overrides the tag's X-SKIP-CONTROL-OFFSET=2, -DURATION=5.
    @Test func theSpecsExample_hasItsSkipControl() throws {
        let list = try InterstitialAssetList(json: try Fixture.bytes("interstitial/rfc8216bis22-D7-asset-list-skip-control.json"))
        #expect(list.assets.map(\.uri) == ["http://example.com/ad1.m3u8", "http://example.com/ad2.m3u8"])
        #expect(list.skipControl == Interstitial.SkipControl(offset: MediaDuration(seconds: 5), duration: MediaDuration(seconds: 20)))
    }

    @Test func anEmptyList_hasNoAssets() throws {
        let list = try InterstitialAssetList(json: Array(#"{"ASSETS": [], "X-VENDOR": 1}"#.utf8))
        #expect(list.assets.isEmpty)
        #expect(list.duration == .zero)
    }

    /// A bad document names the JSON path, line and column of what is wrong.
    @Test(arguments: [
        (#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 4}, {"URI": "b.m3u8", "DURATION": true}]}"#,
         "$.ASSETS[1].DURATION (line 1, column 77): expected a number of seconds, got a boolean"),
        (#"{"ASSETS": [{"DURATION": 4}]}"#, "$.ASSETS[0] (line 1, column 13): missing \"URI\""),
        (#"{"assets": []}"#, "$ (line 1, column 1): missing \"ASSETS\""),
        (#"{"ASSETS": {}}"#, "$.ASSETS (line 1, column 12): expected an array, got an object"),
        (#"{"ASSETS": [{"URI": "a", "DURATION": -4}]}"#, "$.ASSETS[0].DURATION (line 1, column 38): must not be negative, got -4"),
        (#"{"ASSETS": [], "SKIP-CONTROL": {"DURATION": 5}}"#, "$.SKIP-CONTROL (line 1, column 32): missing \"OFFSET\""),
        (#"["ASSETS"]"#, "$ (line 1, column 1): expected an object, got an array"),
        (#"{"ASSETS": ["#, "$ (line 1, column 13): not JSON: "),
    ] as [(String, String)])
    func aBadList_isAnErrorAtItsPath(json: String, expected: String) throws {
        let error = #expect(throws: InterstitialAssetListError.self) { try InterstitialAssetList(json: Array(json.utf8)) }
        #expect(error?.description.hasPrefix(expected) == true, "\(String(describing: error))")
    }
}
