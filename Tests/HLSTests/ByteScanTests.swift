@testable import HLS
import Testing

/// The scans of several bytes at a time agree with a byte-by-byte reading,
/// at every length and alignment (the vector, word and tail loops alike).
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

    /// The names the date range and interstitial readers tell apart, one of
    /// each length class: up to 3 bytes, 4-7, 8, 9-16 and past 16 (where a
    /// middle word is compared too).
    static let names: [StaticString] = [
        "ID", "CUE", "CLASS", "X-SNAP", "DURATION", "SCTE35-IN", "START-DATE", "X-PLAYOUT-LIMIT",
        "PLANNED-DURATION", "X-TIMELINE-OCCUPIES", "X-SKIP-CONTROL-OFFSET", "X-SKIP-CONTROL-LABEL-ID",
    ]

    @Test func isName_matchesOnlyTheSameBytes_whereverTheyDiffer() {
        for wanted in Self.names {
            let bytes = Array(UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
            // Itself, in a buffer of its own and inside a longer one.
            #expect(bytes.withUnsafeBufferPointer { Bytes.isName($0, wanted) })
            let padded = Array("#".utf8) + bytes + Array("=x".utf8)
            #expect(padded.withUnsafeBufferPointer { Bytes.isName(UnsafeBufferPointer(rebasing: $0[1..<1 + bytes.count]), wanted) })
            // One byte changed, at every place: never the same name.
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x20
                #expect(!changed.withUnsafeBufferPointer { Bytes.isName($0, wanted) }, "\(wanted) with byte \(index) changed")
            }
            // A byte more or fewer.
            #expect(!(bytes + [UInt8(ascii: "X")]).withUnsafeBufferPointer { Bytes.isName($0, wanted) })
            #expect(!Array(bytes.dropLast()).withUnsafeBufferPointer { Bytes.isName($0, wanted) })
        }
        #expect([UInt8]().withUnsafeBufferPointer { !Bytes.isName($0, "ID") })
    }
}
