import AdSignals
import HLS
import MediaTime
import Testing

/// X-SNAP moves an interstitial's out point (OUT) and the point primary
/// playback resumes at (IN) to the nearest segment boundary of the playlist.
@Suite struct InterstitialSnapTests {
    /// A VOD playlist of five 4 s segments from 2026-01-01T00:00:00Z with one interstitial.
    static func opportunity(_ attributes: String) throws -> AdOpportunity {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:4
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
            #EXT-X-ENDLIST
            #EXT-X-DATERANGE:ID="ad",CLASS="com.apple.hls.interstitial",X-ASSET-URI="a.m3u8",\(attributes)

            """
        let playlist = try PlaylistParser().parseMedia(Array(text.utf8))
        return AdOpportunity(try #require(playlist.opportunities.first), in: playlist, playlistURL: nil)
    }

    static func interstitial(_ opportunity: AdOpportunity) -> Interstitial? {
        if case .interstitial(let value, _) = opportunity.signal { value } else { nil }
    }

    @Test(arguments: [("00:00:05.500", 4.0), ("00:00:06.500", 8.0), ("00:00:08.000", 8.0)])
    func snapOut_movesTheStartToTheNearestBoundary(date: String, start: Double) throws {
        let snapped = try Self.opportunity(#"START-DATE="2026-01-01T\#(date)Z",DURATION=5,X-SNAP="OUT""#)
        #expect(snapped.position == .stream(StreamTime(seconds: start)))
        let unsnapped = try Self.opportunity(#"START-DATE="2026-01-01T\#(date)Z",DURATION=5"#)
        #expect(unsnapped.position == .stream(StreamTime(seconds: Double(date.suffix(6)) ?? 0)), "without X-SNAP it stays")
    }

    /// IN: primary resumes at the boundary nearest the scheduled resumption
    /// (the start plus the resume offset, or the duration when none).
    @Test func snapIn_makesTheResumePointABoundary() throws {
        let withDuration = try Self.opportunity(#"START-DATE="2026-01-01T00:00:05.500Z",DURATION=10,X-SNAP="OUT,IN""#)
        #expect(withDuration.position == .stream(StreamTime(seconds: 4)))
        #expect(Self.interstitial(withDuration)?.resumeOffset == MediaDuration(seconds: 12), "4 + 10 = 14, half-way: the later boundary, 16")
        let withOffset = try Self.opportunity(#"START-DATE="2026-01-01T00:00:04.000Z",DURATION=10,X-RESUME-OFFSET=5,X-SNAP="IN""#)
        #expect(Self.interstitial(withOffset)?.resumeOffset == MediaDuration(seconds: 4), "4 + 5 = 9: the boundary at 8")
        let inserted = try Self.opportunity(#"START-DATE="2026-01-01T00:00:05.000Z",DURATION=10,X-RESUME-OFFSET=0,X-SNAP="IN""#)
        #expect(Self.interstitial(inserted)?.resumeOffset == .zero, "resume offset 0 inserts: it covers nothing, so nothing moves")
    }
}
