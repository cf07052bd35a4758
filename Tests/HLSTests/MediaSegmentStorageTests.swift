@testable import HLS
import MediaTime
import Testing

/// A segment keeps its optional values as a word and a flag, and its parts
/// and byte range boxed: each property must read back what was set, and two
/// segments must be equal exactly when their properties are.
@Suite struct MediaSegmentStorageTests {
    static let text: [UInt8] = Array("""
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PART-INF:PART-TARGET=2
        #EXT-X-KEY:METHOD=AES-128,URI="k1"
        #EXT-X-MAP:URI="init.mp4"
        #EXT-X-BITRATE:800
        #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z
        #EXTINF:6,plain
        a.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-GAP
        #EXT-X-BYTERANGE:500@100
        #EXT-X-PART:DURATION=2,URI="b.1.ts"
        #EXTINF:6,
        b.ts
        #EXTINF:6
        c.ts

        """.utf8)

    @Test func readsBackWhatThePlaylistSays() throws {
        let playlist = try PlaylistParser().parseMedia(Self.text)
        let (a, b, c) = (playlist.segments[0], playlist.segments[1], playlist.segments[2])
        #expect(playlist.text.string(a.title!) == "plain")
        #expect(b.title == nil && c.title == nil)
        #expect(a.programDateTime == ProgramDateTime("2026-01-01T00:00:00Z"))
        #expect(b.programDateTime == nil)
        #expect(a.bitrate == 800 && c.bitrate == 800)
        #expect(a.keyIndex == 0 && a.mapIndex == 0 && c.keyIndex == 0)
        #expect(!a.discontinuity && !a.gap && b.discontinuity && b.gap && !c.discontinuity)
        #expect(a.byteRange == nil && b.byteRange == ByteRange(length: 500, offset: 100))
        #expect(a.parts.isEmpty && b.parts.map(\.uri) == ["b.1.ts"] && c.parts.isEmpty)
        #expect(playlist.text.string(b.uri) == "b.ts")
        // The block runs from the first tag after a's URI through b's URI line.
        let block = playlist.text.string(b.block)
        #expect(block.hasPrefix("#EXT-X-DISCONTINUITY\n") && block.hasSuffix("\nb.ts"))
        #expect(b.blockLine == 10 && b.uriLine == 15 && playlist.line(of: b) == 15)
        #expect(c.blockLine == 16 && c.uriLine == 17)
    }

    @Test func eachPropertyReadsBackWhatWasSet_andNilIsNil() throws {
        let playlist = try PlaylistParser().parseMedia(Self.text)
        var segment = playlist.segments[2]
        let span = TextSpan(chunk: 3, offset: 7, length: 11)
        segment.title = span
        segment.programDateTime = ProgramDateTime(ticksSinceEpoch: .min)
        segment.bitrate = .max
        segment.keyIndex = .min
        segment.mapIndex = -1
        segment.discontinuity = true
        segment.gap = true
        segment.byteRange = ByteRange(length: 9, offset: nil)
        segment.parts = playlist.segments[1].parts
        #expect(segment.title == span)
        #expect(segment.programDateTime == ProgramDateTime(ticksSinceEpoch: .min))
        #expect(segment.bitrate == .max && segment.keyIndex == .min && segment.mapIndex == -1)
        #expect(segment.discontinuity && segment.gap)
        #expect(segment.byteRange == ByteRange(length: 9, offset: nil))
        #expect(segment.parts == playlist.segments[1].parts)
        // Zero is a value, not absence.
        segment.programDateTime = ProgramDateTime(ticksSinceEpoch: 0)
        segment.bitrate = 0
        segment.keyIndex = 0
        #expect(segment.programDateTime == ProgramDateTime(ticksSinceEpoch: 0) && segment.bitrate == 0 && segment.keyIndex == 0)
        segment.title = nil
        segment.programDateTime = nil
        segment.bitrate = nil
        segment.keyIndex = nil
        segment.mapIndex = nil
        segment.byteRange = nil
        #expect(segment.title == nil && segment.programDateTime == nil && segment.bitrate == nil)
        #expect(segment.keyIndex == nil && segment.mapIndex == nil && segment.byteRange == nil)
        // The parts stay when the byte range goes, and the other way round.
        #expect(segment.parts == playlist.segments[1].parts)
        segment.byteRange = ByteRange(length: 1, offset: 2)
        segment.parts = []
        #expect(segment.parts.isEmpty && segment.byteRange == ByteRange(length: 1, offset: 2))
    }

    @Test func segmentsAreEqualExactlyWhenTheirPropertiesAre() throws {
        let playlist = try PlaylistParser().parseMedia(Self.text)
        let original = playlist.segments[2]
        // Set and taken back, every value compares (and hashes) as never set.
        var changed = original
        changed.title = TextSpan(chunk: 0, offset: 1, length: 2)
        changed.programDateTime = ProgramDateTime(ticksSinceEpoch: 5)
        changed.bitrate = 1
        changed.keyIndex = 4
        changed.mapIndex = 4
        changed.byteRange = ByteRange(length: 1, offset: 1)
        changed.parts = playlist.segments[1].parts
        changed.discontinuity = true
        changed.gap = true
        #expect(changed != original)
        changed.title = nil
        changed.programDateTime = nil
        changed.bitrate = 800
        changed.keyIndex = 0
        changed.mapIndex = 0
        changed.byteRange = nil
        changed.parts = []
        changed.discontinuity = false
        changed.gap = false
        #expect(changed == original)
        #expect(changed.hashValue == original.hashValue)
        // A value of zero differs from none.
        var zeroDate = original
        zeroDate.programDateTime = ProgramDateTime(ticksSinceEpoch: 0)
        #expect(zeroDate != original)
        var noKey = original
        noKey.keyIndex = nil
        #expect(noKey != original)
    }

    /// A long playlist's table is paid per byte of segment.
    @Test func aSegmentTakesAtMost120Bytes() {
        #expect(MemoryLayout<MediaSegment>.stride <= 120)
    }
}
