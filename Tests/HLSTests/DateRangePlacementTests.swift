import HLS
import MediaTime
import Testing

/// A date range takes the media sequence number of the segment its
/// START-DATE falls in, wherever its tag sits: in the segment the tag
/// precedes (the usual case), an earlier one, a later one, or after the
/// last segment.
@Suite struct DateRangePlacementTests {
    private static func text() -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:40"]
        func date(_ second: Int) -> String { "2026-01-01T00:00:\(second < 10 ? "0" : "")\(second).000Z" }
        func range(_ id: String, _ second: Int, ad: Bool) -> String {
            let start = #"#EXT-X-DATERANGE:ID="\#(id)",START-DATE="\#(date(second))""#
            return ad ? start + #",CLASS="com.apple.hls.interstitial",DURATION=5,X-ASSET-URI="a.m3u8""# : start + #",CLASS="com.example.note""#
        }
        for segment in 0..<6 {
            switch segment {
            case 0: lines += [range("three-on", 20, ad: true)]
            case 1: lines += [range("here", 6, ad: true), range("note-here", 8, ad: false)]
            // Exactly where the tagged segment ends: the next one's.
            case 2: lines += [range("at-its-end", 18, ad: true)]
            case 3: lines += [range("earlier", 1, ad: true), range("note-earlier", 7, ad: false)]
            case 4: lines += [range("later", 32, ad: true)]
            case 5: lines += [range("beyond", 40, ad: true), range("end-of-last", 36, ad: true)]
            default: break
            }
            lines += ["#EXT-X-PROGRAM-DATE-TIME:\(date(segment * 6))", "#EXTINF:6,", "s\(segment).ts"]
        }
        lines += [range("after-last", 33, ad: true), range("past-the-end", 40, ad: true)]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func eachRangeTakesTheSequenceNumberOfTheSegmentItsDateFallsIn() throws {
        let playlist = try PlaylistParser().parseMedia(Array(Self.text().utf8))
        let signals = Dictionary(uniqueKeysWithValues: playlist.signals.compactMap { signal -> (String, UInt64)? in
            guard case .dateRange(let range) = signal.kind else { return nil }
            return (range.id, signal.mediaSequence)
        })
        #expect(signals == ["three-on": 43, "here": 41, "at-its-end": 43, "earlier": 40, "later": 45, "beyond": 46, "end-of-last": 46,
                            "after-last": 45, "past-the-end": 46])
        let notes = playlist.metadata.map { tag -> String in
            "\(tag.value?.contains("note-here") == true ? "note-here" : "note-earlier") \(tag.mediaSequence)"
        }
        #expect(notes == ["note-here 41", "note-earlier 41"])
    }
}
