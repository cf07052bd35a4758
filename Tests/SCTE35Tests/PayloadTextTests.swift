@testable import SCTE35
import Testing

/// Payload text into a buffer kept between payloads: each decode leaves
/// exactly that payload's bytes, whatever the buffer held before.
@Suite struct PayloadTextTests {
    private let sample = SectionSamples.bytes(SectionSamples.all[1])

    @Test func aReusedBufferHoldsExactlyEachPayload() throws {
        let hex = PayloadText.hex(sample)
        let base64 = PayloadText.base64(sample)
        let short: [UInt8] = [0xFC, 0x01]
        var buffer: [UInt8] = Array(repeating: 0xEE, count: 500)
        for text in [base64, "0x" + hex, hex.uppercased(), PayloadText.base64(short), base64.dropLast(2) + "", base64] {
            var utf8 = Array(text.utf8)
            try utf8.withUnsafeMutableBufferPointer { try PayloadText.decode(UnsafeBufferPointer($0), into: &buffer) }
            #expect(buffer == (try PayloadText.decode(text)), "\(text)")
        }
        #expect(buffer == sample)
    }

    @Test func theArrayAndTheBufferFormsAgree_onEveryPrefix() {
        // Every prefix of the base64 and of the hex: the same bytes, or the same error.
        for text in [PayloadText.base64(sample), PayloadText.hex(sample), "0x" + PayloadText.hex(sample)] {
            for length in 0...text.utf8.count {
                var utf8 = Array(text.utf8.prefix(length))
                var buffer: [UInt8] = [1, 2, 3]
                let intoResult = Result { () throws(SCTE35Error) in
                    try utf8.withUnsafeMutableBufferPointer { (bytes) throws(SCTE35Error) in
                        try PayloadText.decode(UnsafeBufferPointer(bytes), into: &buffer)
                    }
                    return buffer
                }
                let arrayResult = Result { () throws(SCTE35Error) in try PayloadText.decode(String(decoding: utf8, as: UTF8.self)) }
                switch (intoResult, arrayResult) {
                case (.success(let into), .success(let array)): #expect(into == array, "\(length) of \(text)")
                case (.failure(let into), .failure(let array)):
                    #expect(into.kind == array.kind && into.location == array.location, "\(length) of \(text)")
                default: Issue.record("\(length) of \(text): \(intoResult) against \(arrayResult)")
                }
            }
        }
    }
}
