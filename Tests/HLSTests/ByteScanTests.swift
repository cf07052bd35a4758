@testable import HLS
import Testing

/// The eight-bytes-at-a-time scan agrees with a byte-by-byte reading, at
/// every length and alignment (the tail loop and the word loop alike).
struct ByteScanTests {
    static let samples: [[UInt8]] = [
        [], Array(",".utf8), Array("a,b".utf8), Array(",,,,,,,,".utf8), Array(",,,,,,,,,".utf8),
        Array(#"ID="i-1",CLASS="com.apple.hls.interstitial",X-RESTRICT="SKIP,JUMP",X-SNAP="OUT,IN""#.utf8),
        // Bytes next to the one sought, and ones that differ from it in one bit.
        [0x2B, 0x2C, 0x2D, 0x2C, 0x2C, 0xAC, 0x0C, 0x2C, 0x01, 0x2C, 0xFF, 0x00, 0x2C],
        (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) },
    ]

    @Test func findStopsAtTheFirst_orAtTheEnd() {
        for sample in Self.samples where !sample.isEmpty {
            sample.withUnsafeBufferPointer { buffer in
                for start in 0..<sample.count {
                    for wanted in [UInt8(ascii: ","), 0x00, 0xFF, UInt8(ascii: "\"")] {
                        let expected = sample[start...].firstIndex(of: wanted) ?? sample.count
                        #expect(Bytes.find(wanted, buffer.baseAddress!, start, sample.count) == expected)
                    }
                }
            }
        }
    }
}
