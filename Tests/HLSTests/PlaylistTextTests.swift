@testable import HLS
import Testing

/// A span of a playlist's text compared with other bytes, as a live refresh
/// checks the lines it already read: equal only when every byte is.
@Suite struct PlaylistTextTests {
    @Test func aSpan_equalsExactlyItsOwnBytes_whereverTheyDiffer() {
        let line = Array("#EXTINF:6.006,\nhttps://cdn.example.com/live/segment-1.ts".utf8)
        var text = PlaylistText(Array("#EXTM3U\n".utf8))
        let chunk = text.append(Array("header\n".utf8) + line + Array("\ntrailer".utf8))
        let span = TextSpan(chunk: chunk, offset: 7, length: UInt32(line.count))
        line.withUnsafeBufferPointer { same in #expect(text.bytes(span, equal: same)) }
        for position in line.indices {
            var other = line
            other[position] ^= 0x01
            other.withUnsafeBufferPointer { changed in #expect(!text.bytes(span, equal: changed), "a change at \(position)") }
        }
        line.dropLast().withUnsafeBufferPointer { shorter in #expect(!text.bytes(span, equal: shorter)) }
        let past = TextSpan(chunk: chunk, offset: 20, length: UInt32(line.count))
        line.withUnsafeBufferPointer { same in #expect(!text.bytes(past, equal: same), "a span past its chunk's end") }
        [UInt8]().withUnsafeBufferPointer { empty in #expect(text.bytes(TextSpan(chunk: chunk, offset: 3, length: 0), equal: empty)) }
    }
}
