import Testing
import TextEcho

@Suite struct EchoTests {
    @Test(arguments: [
        ([UInt8]("abc".utf8), #""abc""#),
        ([0x41, 0x00, 0xFF], #""A\x00\xFF""#),
        ([UInt8]("a\tb\n\r".utf8), #""a\tb\n\r""#),
        ([UInt8]("say \"hi\" \\".utf8), #""say \"hi\" \\""#),
        ([UInt8]("é€😀".utf8), "\"é€😀\""),
        // A BOM is a format character: shown escaped, byte by byte.
        ([0xEF, 0xBB, 0xBF, 0x7B], #""\xEF\xBB\xBF{""#),
        // Truncated, overlong and surrogate sequences are bytes, not text.
        ([0xE2, 0x82], #""\xE2\x82""#),
        ([0xC0, 0xAF], #""\xC0\xAF""#),
        ([0xED, 0xA0, 0x80], #""\xED\xA0\x80""#),
        ([0x7F, 0x1B], #""\x7F\x1B""#),
    ])
    func escapesWhatDoesNotPrint(bytes: [UInt8], expected: String) {
        #expect(Echo.quoted(bytes) == expected)
    }

    @Test func quotesTheFirstCharacterOnly() {
        #expect(Echo.quotedFirst([UInt8]("éx".utf8)) == "\"é\"")
        #expect(Echo.quotedFirst([0xC2, 0x41]) == #""\xC2""#)
        #expect(Echo.quotedFirst([UInt8]()) == #""""#)
    }

    @Test func cutsALongEchoShortAndSaysHowLongTheInputWas() {
        let echo = Echo.quoted([UInt8](repeating: 0x00, count: 1_000_000), limit: 5)
        #expect(echo == #""\x00\x00\x00\x00\x00…" (1000000 bytes)"#)
        #expect(Echo.quoted("12345", limit: 5) == "\"12345\"")
        #expect(Echo.quoted("123456", limit: 5) == "\"12345…\" (6 bytes)")
    }

    @Test func neverShowsAControlByteWhateverTheInput() {
        var generator = UInt64(0x9E37_79B9_7F4A_7C15)
        for _ in 0..<200 {
            let bytes = (0..<64).map { _ -> UInt8 in
                generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: generator >> 56)
            }
            let echo = Echo.quoted(bytes)
            #expect(!echo.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            #expect(echo.count <= 4 * Echo.defaultLimit + 20)
        }
    }
}
