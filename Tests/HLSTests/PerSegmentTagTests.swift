import HLS
import MediaTime
import Testing

/// `#EXTINF` and `#EXT-X-PROGRAM-DATE-TIME` are told from a line's first
/// bytes before its colon is looked for: lines that only look like them,
/// and the two with odd values, read as the table would read them.
@Suite struct PerSegmentTagTests {
    static let header = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n"

    @Test func namesThatOnlyStartLikeThem_areOtherTags() throws {
        let playlist = try PlaylistParser().parseMedia(Self.header + """
            #EXTINFO:1
            #EXT-X-PROGRAM-DATE-TIMEZONE:2026-01-01T00:00:00Z
            #EXTINF:10,a title: with colons
            a.ts

            """)
        #expect(playlist.unknownTags.map(\.name) == ["#EXTINFO", "#EXT-X-PROGRAM-DATE-TIMEZONE"])
        #expect(playlist.unknownTags.map(\.value) == ["1", "2026-01-01T00:00:00Z"])
        #expect(playlist.text.string(try #require(playlist.segments.first?.title)) == "a title: with colons")
        #expect(playlist.segments.first?.programDateTime == nil)
    }

    @Test func theTagsWithoutAValue_failAsBefore() {
        for (line, tag) in [("#EXTINF", "#EXTINF"), ("#EXTINF:", "#EXTINF"), ("#EXT-X-PROGRAM-DATE-TIME:", "#EXT-X-PROGRAM-DATE-TIME"),
                            ("#EXT-X-PROGRAM-DATE-TIME", "#EXT-X-PROGRAM-DATE-TIME")] {
            do {
                _ = try PlaylistParser().parseMedia(Self.header + line + "\n#EXTINF:10,\na.ts\n")
                Issue.record("\(line) parsed")
            } catch {
                #expect(error.kind == .badValue && error.line == 3 && error.tag == tag, "\(line): \(error)")
            }
        }
    }

    @Test func theFastPathReadsWhatTheTableDoes() throws {
        // Lower case is not the tag; spaces after the name are not a colon.
        let playlist = try PlaylistParser().parseMedia(Self.header + """
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.5+01:00
            #extinf:3,
            #EXTINF:10.5,
            a.ts

            """)
        #expect(playlist.segments.first?.programDateTime == ProgramDateTime("2025-12-31T23:00:00.5Z"))
        #expect(playlist.segments.first?.duration == MediaDuration(ticks: 94_500_000))
        #expect(playlist.segments.first?.discontinuity == false)
    }
}
