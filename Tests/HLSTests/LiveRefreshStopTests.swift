import Foundation
import HLS
import MediaTime
import Testing

/// A refresh whose new lines hold a bad one: what came before it is
/// applied and reported, and the next text reads on from there.
@Suite struct LiveRefreshStopTests {
    static let head = """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:0
        #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z
        #EXTINF:6.0,
        s0.ts
        #EXTINF:6.0,
        s1.ts
        """
    static let newLines = """

        #EXTINF:6.0,
        s2.ts
        #EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:30Z",DURATION=10,X-ASSET-URI="ad.m3u8"
        #EXTINF:6.0,
        s3.ts
        """

    @Test func aBadLineAfterNewSegments_appliesAndReportsWhatCameBeforeIt() throws {
        var live = try LivePlaylist(Self.head)
        let delta = try live.refresh(with: Self.head + Self.newLines + "\n#EXT-X-TARGETDURATION:x\n#EXTINF:6.0,\ns4.ts")
        let stop = try #require(delta.stoppedAt)
        #expect(stop.line == 14)
        #expect(delta.change == .advanced)
        #expect(delta.addedSegments == 2..<4)
        #expect(delta.openedOpportunities == ["promo"])
        #expect(live.playlist.segments.map(\.mediaSequence) == [0, 1, 2, 3])
        #expect(live.playlist.opportunities.map(\.id) == ["promo"])

        let next = try live.refresh(with: Self.head + Self.newLines + "\n#EXTINF:6.0,\ns4.ts")
        #expect(next.stoppedAt == nil)
        #expect(next.addedSegments == 4..<5)
        #expect(next.openedOpportunities.isEmpty)
        #expect(live.playlist.opportunities.map(\.id) == ["promo"])
    }

    @Test func aBadLineRightAfterTheKnownSegments_changesNothing() throws {
        var live = try LivePlaylist(Self.head)
        let delta = try live.refresh(with: Self.head + "\n#EXT-X-TARGETDURATION:x\n#EXTINF:6.0,\ns2.ts")
        #expect(delta.stoppedAt?.line == 9)
        #expect(delta.change == .unchanged)
        #expect(delta.addedSegments.isEmpty)
        #expect(live.playlist.segments.count == 2)
    }

    /// A bad header is refused whole, as a whole parse refuses it.
    @Test func aBadHeader_stillThrows() throws {
        var live = try LivePlaylist(Self.head)
        let bad = Self.head.replacingOccurrences(of: "#EXT-X-TARGETDURATION:6", with: "#EXT-X-TARGETDURATION:x")
        #expect(throws: HLSError.self) { _ = try live.refresh(with: bad + Self.newLines) }
        #expect(live.playlist.segments.count == 2)
    }
}
