import AdPlayerMPV
import Foundation
import HLS
import MediaTime
import Testing

/// How mpv's position on a live stream is placed on the playlist's stream
/// time: the join segment chosen from the window, and the segment mpv
/// really opened, read from its log. No mpv needed.
@Suite struct LiveSegmentMapTests {
    /// A window of 2 s segments s10…s15 whose first starts at 20 s.
    static func window() throws -> LiveSegmentMap {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:10\n"
        for index in 10...15 { text += "#EXTINF:2.0,\nseg/s\(index).ts\n" }
        let playlist = try PlaylistParser().parseMedia(text)
        // The parser starts the window at 0; a follower places it further on.
        var map = LiveSegmentMap(playlist, url: URL(string: "http://127.0.0.1:8080/live/chan.m3u8")!)
        map.segments = map.segments.map { LiveSegmentMap.Segment(url: $0.url, start: $0.start + MediaDuration(seconds: 20), duration: $0.duration) }
        return map
    }

    @Test func segmentURLs_resolveAgainstThePlaylist() throws {
        let map = try Self.window()
        #expect(map.segments.first?.url == "http://127.0.0.1:8080/live/seg/s10.ts")
        #expect(map.start(of: "http://127.0.0.1:8080/live/seg/s13.ts") == MediaDuration(seconds: 26))
        #expect(map.start(of: "http://127.0.0.1:8080/live/seg/s99.ts") == nil)
    }

    @Test(arguments: [
        (20.0, -6, 20.0),  // the window's first segment
        (27.5, -3, 26.0),  // inside s13
        (30.0, -1, 30.0),  // the last segment's start
        (41.0, -1, 30.0),  // past the window: the last segment
        (3.0, -6, 20.0),  // before it: the first
    ])
    func theJoin_isTheSegmentHoldingTheTime_countedFromTheEnd(time: Double, index: Int, start: Double) throws {
        let join = try #require(try Self.window().join(at: MediaDuration(seconds: time)))
        #expect(join.index == index)
        #expect(join.start == MediaDuration(seconds: start))
    }

    @Test func anEmptyWindow_hasNoJoin() {
        #expect(LiveSegmentMap(segments: []).join(at: .zero) == nil)
    }

    @Test(arguments: [
        ("hls: Opening 'http://127.0.0.1:8080/live/seg/s12.ts' for reading\n", "http://127.0.0.1:8080/live/seg/s12.ts"),
        ("hls: Opening 'http://h/a b.ts' for reading", "http://h/a b.ts"),
        ("Opening http://127.0.0.1:8080/live/chan.m3u8\n", nil),
        ("hls: Opening '' for reading", nil),
        ("hls: Skip ('#EXT-X-VERSION:6')", nil),
    ] as [(String, String?)])
    func mpvsLog_namesTheSegmentOpened(line: String, url: String?) {
        #expect(LiveSegmentMap.openedURL(inLogLine: line) == url)
    }
}
