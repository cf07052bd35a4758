import Foundation
@testable import HLS
import MediaTime
import Testing

/// A follower that misses segments goes on in stream time without them;
/// dates stay the stream's. A date maps to one stream time before and after
/// the gap, and a stream time's date is its segment's PROGRAM-DATE-TIME.
@Suite struct DatesAcrossAGapTests {
    static func date(_ seconds: Int) -> String { "2026-01-01T20:\(String(format: "%02d", seconds / 60)):\(String(format: "%02d", seconds % 60)).000Z" }

    /// 10 s segments `first..<first+count`, each with its date; `tags[i]` before segment i.
    static func window(_ first: Int, count: Int = 10, dates: Bool = true, tags: [Int: String] = [:]) -> String {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        for index in first..<(first + count) {
            if dates || index == first { text += "#EXT-X-PROGRAM-DATE-TIME:\(date(index * 10))\n" }
            if let tag = tags[index] { text += tag + "\n" }
            text += "#EXTINF:10,\ns\(index).ts\n"
        }
        return text
    }

    static let start = #"#EXT-X-DATERANGE:ID="p1",START-DATE="\#(date(30))",PLANNED-DURATION=3600,SCTE35-OUT=0xFC00"#
    static let end = #"#EXT-X-DATERANGE:ID="p1",START-DATE="\#(date(30))",DURATION=220,SCTE35-IN=0xFC00"#

    /// Segments 0–9, then (9 segments missed) 19–28: the start range is
    /// repeated after the gap, the end tag comes before segment 25.
    @Test(arguments: [true, false])
    func afterMissedSegments_aDateMapsToOneStreamTime_andAnEndKeepsItsSegmentsDate(everySegmentDated: Bool) throws {
        var options = ParseOptions()
        options.subscribedTags.insert("#EXT-X-DATERANGE")
        var live = try LivePlaylist(Self.window(0, dates: everySegmentDated, tags: [3: Self.start]), options: options)
        let before = try #require(live.playlist.signals.first { $0.rangeID == "p1" })
        #expect(before.time == StreamTime(seconds: 30))
        _ = try live.refresh(with: Self.window(19, dates: everySegmentDated, tags: [19: Self.start, 25: Self.end]))
        // Segment 19 follows segment 9 in stream time: 100 s.
        let segment25 = try #require(live.playlist.segments.first { $0.mediaSequence == 25 })
        #expect(segment25.start == StreamTime(seconds: 160))
        #expect(live.playlist.programDateTime(at: segment25.start)?.description == Self.date(250), "a stream time's date is its segment's")
        let ranges = live.playlist.signals.filter { $0.rangeID == "p1" }
        #expect(ranges.map(\.time) == [StreamTime(seconds: 30), StreamTime(seconds: 160)], "the end is segment 25's")
        // Date ranges are metadata at their START-DATE: the start's (delivered
        // once, not again when repeated) and the end range's, read after the
        // gap, at the same 30 s.
        #expect(live.playlist.metadata.map(\.time) == [StreamTime(seconds: 30), StreamTime(seconds: 30)],
                "\(live.playlist.metadata.map { "\($0.line) \($0.value ?? "")" })")
        let opportunity = try #require(live.playlist.opportunities.first)
        #expect(opportunity.start == StreamTime(seconds: 30))
        #expect(opportunity.end == StreamTime(seconds: 160))
    }

    /// A date inside the stretch the follower missed maps to the first
    /// segment after it; a date jump back (a discontinuity) still maps by
    /// the anchor in force where the tag is.
    @Test func aDateInTheMissedStretch_mapsToTheFirstSegmentAfterIt() throws {
        var anchors = DateAnchors()
        var text = Array(Self.date(0).utf8)
        let base = try #require(text.withUnsafeMutableBufferPointer { ProgramDateTime.parse(UnsafeBufferPointer($0), 0..<$0.count) })
        func at(_ seconds: Int64) -> ProgramDateTime { ProgramDateTime(ticksSinceEpoch: base.ticksSinceEpoch + MediaDuration(seconds: seconds).ticks) }
        anchors.append(time: .zero, date: at(0))
        anchors.append(time: StreamTime(seconds: 100), date: at(190))  // 90 s missed
        #expect(anchors.time(of: at(30), near: StreamTime(seconds: 150)) == StreamTime(seconds: 30))
        #expect(anchors.time(of: at(150), near: StreamTime(seconds: 150)) == StreamTime(seconds: 100))
        #expect(anchors.time(of: at(200), near: StreamTime(seconds: 10)) == StreamTime(seconds: 110))
        anchors.append(time: StreamTime(seconds: 200), date: at(0))      // the dates start over
        #expect(anchors.time(of: at(20), near: StreamTime(seconds: 210)) == StreamTime(seconds: 220))
    }
}
