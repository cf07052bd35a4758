import Foundation
import HLS
import MediaTime
import Testing

@Suite struct ConformanceTests {
    @Test(arguments: Fixture.allPlaylists)
    func everyFixtureParses(_ name: String) throws {
        let playlist = try PlaylistParser().parse(try Fixture.bytes(name))
        if case .media(let media) = playlist {
            var time = StreamTime.zero
            for segment in media.segments {
                #expect(segment.start == time)
                time = segment.end
            }
        }
    }

    @Test func fixtureList_coversTheConformanceFiles() {
        #expect(Fixture.allPlaylists.count == 42)
    }

    @Test func longLivePlaylist_segmentsAndTags() throws {
        let playlist = try Fixture.media("long_media_playlist.m3u8")
        #expect(playlist.segments.count == 9_211)
        #expect(playlist.mediaSequence == 541_647)
        #expect(playlist.signals.filter { $0.tag == "#EXT-X-SCTE35" }.count == 330)
        #expect(playlist.signals.filter { $0.tag == "#EXT-X-DATERANGE" }.count == 16)
        #expect(playlist.dateRanges.count == 16)
        #expect(playlist.segments.allSatisfy { $0.programDateTime != nil })
        #expect(playlist.uri(of: playlist.segments[0]) == "1652717346750item-01item_Segment-541647.mp4")
        #expect(playlist.maps.count == 1 && playlist.keys.first?.method == "NONE")
    }

    /// Starts and durations from the text itself: the EXTINF sum (exact, via
    /// Decimal) at each `CUE-OUT=YES` and the next `CUE-IN=YES`.
    @Test func longLivePlaylist_opportunitiesMatchCueOutCueInPairs() throws {
        let text = try Fixture.text("long_media_playlist.m3u8")
        var elapsed = Decimal(0)
        var pairs: [(start: Decimal, end: Decimal?)] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#EXTINF:") {
                elapsed += Decimal(string: String(line.dropFirst(8).prefix { $0 != "," }))!
            } else if line.hasPrefix("#EXT-X-SCTE35:"), line.contains("CUE-OUT=YES") {
                pairs.append((elapsed, nil))
            } else if line.hasPrefix("#EXT-X-SCTE35:"), line.contains("CUE-IN=YES") {
                pairs[pairs.count - 1].end = elapsed
            }
        }
        func ticks(_ seconds: Decimal) -> Int64 {
            NSDecimalNumber(decimal: seconds * 9_000_000).int64Value
        }
        let playlist = try Fixture.media("long_media_playlist.m3u8")
        #expect(pairs.count == 4)
        #expect(playlist.opportunities.count == pairs.count)
        for (opportunity, pair) in zip(playlist.opportunities, pairs) {
            #expect(opportunity.start.ticks == ticks(pair.start))
            if let end = pair.end {
                #expect(!opportunity.isOpen)
                #expect(opportunity.duration?.ticks == ticks(end - pair.start))
            } else {
                #expect(opportunity.isOpen)
                #expect(opportunity.duration == MediaDuration(microseconds: 180_067_000))
            }
            // Break (0x22), provider ad (0x30) and their date ranges are one break.
            #expect(Set(opportunity.sources) == ["#EXT-X-SCTE35", "#EXT-X-DATERANGE"])
            #expect(opportunity.dateRangeIDs.count == 2)
            #expect(opportunity.scte35 != nil)
        }
    }

    @Test func mambaDateRangePlaylist_yieldsItsSCTE35Break() throws {
        let playlist = try Fixture.media("mamba/hls_variant_playlist_with_daterange_metadata.m3u8")
        #expect(playlist.dateRanges.count == 7)
        let breaks = playlist.opportunities
        #expect(breaks.count == 1)
        let only = try #require(breaks.first)
        #expect(only.id == "1-0x22-1585221985")
        #expect(only.dateRangeIDs == ["1-0x22-1585221985", "5-0x30-1585221985"])
        // START-DATE is 1 ms before the first segment's PROGRAM-DATE-TIME.
        #expect(only.start == StreamTime(ticks: -9_000))
        #expect(only.duration == MediaDuration(microseconds: 29_997_000))
        #expect(only.programDateTime?.description == "2020-03-26T11:26:25.122Z")
        #expect(only.sources == ["#EXT-X-DATERANGE"])
        #expect(!only.isOpen)
    }

    @Test func mambaMasterPlaylist_variantsAndRenditions() throws {
        guard case .master(let master) = try PlaylistParser().parse(try Fixture.bytes("mamba/hls_master_playlist.m3u8")) else {
            Issue.record("not a multivariant playlist")
            return
        }
        let text = try Fixture.text("mamba/hls_master_playlist.m3u8")
        let streams = text.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-STREAM-INF") || $0.hasPrefix("#EXT-X-I-FRAME-STREAM-INF") }
        #expect(master.variants.count == streams.count)
        #expect(master.renditions.count == text.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-MEDIA:") }.count)
        #expect(master.variants.allSatisfy { $0.bandwidth > 0 && !$0.uri.isEmpty })
    }
}
