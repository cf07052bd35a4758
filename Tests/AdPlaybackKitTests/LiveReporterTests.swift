import AdPlaybackKit
import Testing

/// What a follower reports of the opportunities a refresh brings: each
/// starts once, in playlist order, and a closed one ends with it, however
/// many one refresh brings.
@Suite struct LiveReporterTests {
    /// A window of `segments` 6 s segments, with an interstitial of 3 s at
    /// each segment from `firstWithAd` on.
    static func text(segments: Int, firstWithAd: Int) -> [UInt8] {
        func date(_ index: Int) -> String {
            let seconds = index * 6
            return "2026-01-01T00:\(seconds / 600)\(seconds / 60 % 10):\(seconds % 60 / 10)\(seconds % 10)Z"
        }
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n"
        for index in 0..<segments {
            text += "#EXT-X-PROGRAM-DATE-TIME:\(date(index))\n"
            if index >= firstWithAd {
                text += "#EXT-X-DATERANGE:ID=\"ad-\(index)\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(date(index))\","
                text += "DURATION=3,X-ASSET-URI=\"a.m3u8\"\n"
            }
            text += "#EXTINF:6.0,\ns\(index).ts\n"
        }
        return Array(text.utf8)
    }

    static func ids(_ events: [LiveEvent], _ pick: (LiveEvent) -> PlacementOpportunity?) -> [String] { events.compactMap(pick).map(\.id) }

    /// Three, and twelve: the reporter finds a refresh's few by a scan and
    /// its many by a table; both report the same, and the next refresh
    /// reports only the one it brings.
    @Test(arguments: [3, 12])
    func eachOpportunityARefreshBrings_startsAndEndsOnce(count: Int) {
        var follower = LiveFollower(url: "https://origin.example/live.m3u8")
        let first = follower.take(Self.text(segments: 2, firstWithAd: 2), at: .zero)
        #expect(Self.ids(first) { if case .opportunityStart(let o) = $0 { o } else { nil } } == [])
        let next = follower.take(Self.text(segments: 2 + count, firstWithAd: 2), at: ClockTime(seconds: 6))
        let expected = (2..<(2 + count)).map { "ad-\($0)" }
        #expect(Self.ids(next) { if case .opportunityStart(let o) = $0 { o } else { nil } } == expected)
        #expect(Self.ids(next) { if case .opportunityEnd(let o) = $0 { o } else { nil } } == expected)
        let again = follower.take(Self.text(segments: 3 + count, firstWithAd: 2), at: ClockTime(seconds: 12))
        #expect(Self.ids(again) { if case .opportunityStart(let o) = $0 { o } else { nil } } == ["ad-\(2 + count)"], "only the new one")
        #expect(Self.ids(again) { if case .opportunityEnd(let o) = $0 { o } else { nil } } == ["ad-\(2 + count)"])
    }

    /// A tag after the last segment is read again by each refresh until a
    /// segment follows it; it is delivered once.
    @Test func aTagAfterTheLastSegment_isDeliveredOnce() {
        let head = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\n"
        func tag(_ id: String, at second: Int) -> String {
            "#EXT-X-DATERANGE:ID=\"\(id)\",START-DATE=\"2026-01-01T00:00:\(second / 10)\(second % 10)Z\",X-COM-EXAMPLE=\"1\"\n"
        }
        func metadata(_ events: [LiveEvent]) -> [UInt64] {
            events.compactMap { if case .timedMetadata(let item, _) = $0 { item.mediaSequence } else { nil } }
        }
        var follower = LiveFollower(url: "https://origin.example/live.m3u8")
        #expect(metadata(follower.take(Array((head + "#EXTINF:6.0,\ns0.ts\n" + tag("m", at: 6)).utf8), at: .zero)) == [1])
        #expect(metadata(follower.take(Array((head + "#EXTINF:6.0,\ns0.ts\n" + tag("m", at: 6) + "#EXTINF:6.0,\ns1.ts\n").utf8),
                                       at: ClockTime(seconds: 6))) == [], "delivered already")
        #expect(metadata(follower.take(Array((head + "#EXTINF:6.0,\ns0.ts\n" + tag("m", at: 6) + "#EXTINF:6.0,\ns1.ts\n" + tag("n", at: 12) + "#EXTINF:6.0,\ns2.ts\n").utf8),
                                       at: ClockTime(seconds: 12))) == [2], "only the new one")
    }
}
