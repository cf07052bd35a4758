import AdSignals
import AdTimeline
import HLS
import MediaTime
import SCTE35
import Testing

/// Creative signalling becomes a tracked avail: ads back to back from the
/// first slot, their beacons with absolute URLs and times, a pod's events
/// as the break's.
@Suite struct CreativeSignalOpportunityTests {
    static let playlistURL = "https://origin.example/live/chan/main.m3u8?token=1"

    static func playlist() throws -> MediaPlaylist {
        let json = #"""
            {"type": "pod", "payload": [{"duration": 9, "tracking": [{"type": "podStart", "urls": ["/pod/start"]}, {"type": "podEnd", "urls": ["../pod/end"]}],
              "slots": [{"start": 1, "duration": 4, "identifiers": [{"scheme": "urn:ad-id", "value": "A1"}], "skipOffset": 2,
                         "tracking": [{"type": "impression", "urls": ["imp?a=1", "https://other.example/imp"]}, {"type": "progress", "urls": ["p"], "offset": 3}]},
                        {"start": 5, "duration": 4, "clickThrough": "landing"}]}]}
            """#
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
            #EXT-X-DATERANGE:ID="sig",CLASS="urn:svta:advertising-wg:ad-creative-signaling",START-DATE="2026-01-01T00:00:02.000Z",DURATION=9,X-AD-CREATIVE-SIGNALING="\(PayloadText.base64(Array(json.utf8)))"

            """
        return try PlaylistParser().parseMedia(Array(text.utf8))
    }

    @Test func aPodOfTwoSlots_isATrackedBreakOfTwoAds_withItsBeacons() throws {
        let playlist = try Self.playlist()
        let signal = try #require(playlist.creativeSignals.first)
        let opportunity = try #require(AdOpportunity(signal, in: playlist, playlistURL: Self.playlistURL))
        #expect(opportunity.id == "sig")
        #expect(opportunity.position == .stream(StreamTime(seconds: 3)), "START-DATE at 2 s, the first slot 1 s on")
        let adBreak = try #require(opportunity.trackedBreak(occupancy: .replacesContent))
        #expect(adBreak.insertion == .inStream)
        #expect(adBreak.ads.map(\.id) == ["A1", "sig/2"])
        #expect(adBreak.ads.map(\.duration) == [MediaDuration(seconds: 4), MediaDuration(seconds: 4)])
        #expect(adBreak.ads[0].skipOffset == MediaDuration(seconds: 2))
        let first = adBreak.ads[0].tracking
        #expect(first.filter { $0.event == "impression" }.map(\.uri) == [
            "https://origin.example/live/chan/imp?a=1", "https://other.example/imp",
        ])
        #expect(first.first { $0.event == "progress" }?.offset == MediaDuration(seconds: 3))
        #expect(first.first { $0.event == "breakStart" }?.uri == "https://origin.example/pod/start")
        #expect(adBreak.ads[1].tracking.first { $0.event == "breakEnd" }?.uri == "https://origin.example/live/pod/end")
        #expect(adBreak.ads[1].extraAssets.first { $0.role == .clickThrough }?.uri == "https://origin.example/live/chan/landing")
    }

    /// Without the playlist's URL, relative beacons stay as written.
    @Test func withoutThePlaylistsURL_relativeURLsStayAsWritten() throws {
        let playlist = try Self.playlist()
        let signal = try #require(playlist.creativeSignals.first)
        let opportunity = try #require(AdOpportunity(signal, in: playlist, playlistURL: nil))
        let adBreak = try #require(opportunity.trackedBreak(occupancy: .replacesContent))
        #expect(adBreak.ads[0].tracking.first { $0.event == "impression" }?.uri == "imp?a=1")
    }
}
