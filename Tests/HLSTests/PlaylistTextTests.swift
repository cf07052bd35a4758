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

    /// A live text gains a chunk per refresh and drops those no segment
    /// refers to: thousands of refreshes keep only the window's chunks, and
    /// each kept chunk still reads as what was appended, across the drops
    /// that compact the window's storage.
    @Test func droppingOldChunks_keepsTheWindow_andEveryKeptChunkReads() {
        func refresh(_ number: Int) -> [UInt8] { Array("segment-\(number).ts".utf8) }
        var text = PlaylistText(Array("#EXTM3U\n".utf8))
        let window = 5
        for number in 1...3_000 {
            let id = text.append(refresh(number))
            #expect(id == UInt32(number))
            text.dropChunks(before: UInt32(max(number - window + 1, 0)))
            #expect(text.chunkCount == min(number + 1, window))
        }
        for number in 2_996...3_000 {
            let chunk = UInt32(number)
            #expect(text.chunk(chunk) == refresh(number))
            #expect(text.string(TextSpan(chunk: chunk, offset: 8, length: UInt32(refresh(number).count - 11))) == "\(number)")
        }
        // Asking to drop past the newest keeps the newest.
        text.dropChunks(before: 10_000)
        #expect(text.chunkCount == 1)
        #expect(text.chunk(3_000) == refresh(3_000))
    }
}
