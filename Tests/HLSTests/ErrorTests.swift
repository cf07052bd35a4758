import HLS
import MediaTime
import Testing

@Suite struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let kind: HLSError.Kind
        let line: Int
        let tag: String?
        var testDescription: String { name }
    }

    static let media = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n"

    static let cases: [Case] = [
        Case(name: "empty", text: "", kind: .missingHeader, line: 1, tag: nil),
        Case(name: "no #EXTM3U", text: "#EXTINF:10,\na.ts\n", kind: .missingHeader, line: 1, tag: nil),
        Case(name: "bad attribute syntax", text: media + "#EXT-X-KEY:METHOD=AES-128,URI\n", kind: .badAttributes, line: 3,
             tag: "#EXT-X-KEY"),
        Case(name: "unterminated quote", text: media + "#EXT-X-MAP:URI=\"init.mp4\n", kind: .badAttributes, line: 3,
             tag: "#EXT-X-MAP"),
        Case(name: "bad EXTINF", text: media + "#EXTINF:abc,\na.ts\n", kind: .badValue, line: 3, tag: "#EXTINF"),
        Case(name: "bad PROGRAM-DATE-TIME", text: media + "#EXT-X-PROGRAM-DATE-TIME:soon\n", kind: .badValue, line: 3,
             tag: "#EXT-X-PROGRAM-DATE-TIME"),
        Case(name: "master tag in media", text: media + "#EXTINF:10,\na.ts\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n",
             kind: .wrongPlaylistKind, line: 5, tag: "#EXT-X-STREAM-INF"),
        Case(name: "media tag in master", text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXTINF:10,\n",
             kind: .wrongPlaylistKind, line: 4, tag: "#EXTINF"),
        Case(name: "undefined variable", text: media + "#EXT-X-DEFINE:NAME=\"y\",VALUE=\"1\"\n#EXTINF:10,\n{$x}/a.ts\n",
             kind: .undefinedVariable, line: 5, tag: nil),
        Case(name: "URI without EXTINF", text: media + "a.ts\n", kind: .badStructure, line: 3, tag: nil),
        Case(name: "MEDIA-SEQUENCE after a segment", text: media + "#EXTINF:10,\na.ts\n#EXT-X-MEDIA-SEQUENCE:4\n",
             kind: .badStructure, line: 5, tag: "#EXT-X-MEDIA-SEQUENCE"),
        Case(name: "STREAM-INF without BANDWIDTH", text: "#EXTM3U\n#EXT-X-STREAM-INF:CODECS=\"avc1\"\nv.m3u8\n",
             kind: .missingAttribute, line: 2, tag: "#EXT-X-STREAM-INF"),
        Case(name: "DATERANGE without ID", text: media + "#EXT-X-DATERANGE:START-DATE=\"2020-01-01T00:00:00Z\"\n",
             kind: .missingAttribute, line: 3, tag: "#EXT-X-DATERANGE"),
        Case(name: "bad SCTE35-OUT", text: media + "#EXT-X-DATERANGE:ID=\"a\",SCTE35-OUT=0xZZ\n", kind: .badValue, line: 3,
             tag: "#EXT-X-DATERANGE"),
    ]

    @Test(arguments: cases)
    func badInput_givesTypedErrorWithLineAndTag(_ example: Case) {
        do {
            _ = try PlaylistParser().parse(example.text)
            Issue.record("parsed")
        } catch {
            #expect(error.kind == example.kind)
            #expect(error.line == example.line)
            #expect(error.tag == example.tag)
            #expect(error.description.hasPrefix("line \(example.line)"))
        }
    }

    @Test func badAttributeSyntax_saysTheColumn() {
        #expect(throws: HLSError(.badAttributes, line: 3, tag: "#EXT-X-KEY",
                                 "attribute list: expected '=' after URI at column 30")) {
            try PlaylistParser().parse(Self.media + "#EXT-X-KEY:METHOD=AES-128,URI\n")
        }
    }

    @Test func lineLengthLimit_isConfigurable() throws {
        let text = Self.media + "#EXTINF:10,\n" + String(repeating: "a", count: 200) + ".ts\n"
        var options = ParseOptions()
        options.maxLineLength = 100
        #expect(throws: HLSError(.lineTooLong, line: 4, tag: nil, "203 bytes, longer than the limit of 100")) {
            try PlaylistParser(options: options).parse(text)
        }
        options.maxLineLength = 1_000
        #expect(try PlaylistParser(options: options).parseMedia(text).segments.count == 1)
    }

    @Test func lineCountLimit_isConfigurable() throws {
        let text = Self.media + String(repeating: "#EXTINF:10,\na.ts\n", count: 5)
        var options = ParseOptions()
        options.maxLines = 6
        #expect(throws: HLSError(.tooManyLines, line: 7, tag: nil, "more than 6 lines")) {
            try PlaylistParser(options: options).parse(text)
        }
        options.maxLines = 12
        #expect(try PlaylistParser(options: options).parseMedia(text).segments.count == 5)
    }

    @Test func vendorTagsThatDoNotFollowTheirDialect_areWarningsNotErrors() throws {
        let text = Self.media + """
            #EXT-X-CUE-OUT:soon
            #EXT-OATCLS-SCTE35:not-base64!
            #EXT-X-CUE-OUT-CONT:ElapsedTime=x,Duration=30
            #EXTINF:10,
            a.ts
            #EXT-X-CUE-IN
            #EXT-X-CUE-IN
            """
        let playlist = try PlaylistParser().parseMedia(text)
        let messages = playlist.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("line 3, #EXT-X-CUE-OUT: expected a duration") })
        #expect(messages.contains { $0.hasPrefix("line 4, #EXT-OATCLS-SCTE35: the SCTE-35 payload does not decode") })
        #expect(messages.contains { $0.hasPrefix("line 5, #EXT-X-CUE-OUT-CONT: ElapsedTime is not a number") })
        #expect(playlist.opportunities.count == 1)
        #expect(playlist.opportunities.first?.duration == .init(seconds: 10))
    }
}

@Suite struct ErrorEchoTests {
    static let media = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n"

    private func message(_ text: String) -> String {
        message(Array(text.utf8))
    }

    private func message(_ bytes: [UInt8]) -> String {
        do {
            _ = try PlaylistParser().parse(bytes)
            return "parsed"
        } catch {
            return error.description
        }
    }

    @Test func aNumberThatIsOnlyTooBig_isOutOfRange_withTheRange() {
        #expect(message("#EXTM3U\n#EXT-X-TARGETDURATION:99999999999999999999\n")
            == #"line 2, #EXT-X-TARGETDURATION: "99999999999999999999" is out of range: a decimal-integer is 0 to 18446744073709551615"#)
        #expect(message(Self.media + "#EXT-X-MEDIA-SEQUENCE:12a\n")
            == #"line 3, #EXT-X-MEDIA-SEQUENCE: expected a decimal integer, not "12a""#)
        #expect(message(Self.media + "#EXTINF:12345678901.5,\na.ts\n")
            == #"line 3, #EXTINF: the duration: "12345678901.5" is out of range: at most 999999999.999999999 seconds"#)
        #expect(message(Self.media + "#EXTINF:1x,\na.ts\n")
            == #"line 3, #EXTINF: the duration: expected a decimal number, not "1x""#)
        #expect(message("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=99999999999999999999\nv.m3u8\n").hasSuffix(
            #"BANDWIDTH: "99999999999999999999" is out of range: a decimal-integer is 0 to 18446744073709551615"#))
        #expect(message(Self.media + "#EXT-X-START:TIME-OFFSET=-12345678901\n#EXTINF:1,\na.ts\n").hasSuffix(
            #"TIME-OFFSET: "-12345678901" is out of range: at most 999999999.999999999 seconds"#))
    }

    @Test func binaryGarbage_isEscapedAndCutShort() {
        var bytes = [UInt8](repeating: 0x00, count: 2_000)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 151 &+ 7) }
        bytes[0] = 0x01
        let text = message(bytes)
        #expect(text.hasPrefix(#"line 1: a playlist starts with #EXTM3U, not "\x01"#))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.count < 300)
    }
}
