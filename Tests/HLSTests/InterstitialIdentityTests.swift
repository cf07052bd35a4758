import HLS
import Testing

/// An interstitial is its own attributes (`CUE` and the `X-` ones, the
/// first of each name): the same tag read at another line, with other
/// non-interstitial attributes or in another order of those, is the same
/// interstitial; a changed value of its own is not.
struct InterstitialIdentityTests {
    private static func interstitial(_ line: String, at lineNumber: Int = 1) throws -> Interstitial {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z\n"
        text += String(repeating: "#EXT-X-BITRATE:1\n", count: lineNumber)
        text += "#EXT-X-DATERANGE:ID=\"ad\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2026-01-01T00:00:00.000Z\",\(line)\n"
        text += "#EXTINF:4,\ns0.ts\n"
        let playlist = try PlaylistParser().parseMedia(Array(text.utf8))
        return try #require(playlist.dateRanges.first?.interstitial)
    }

    @Test func theSameTagAtAnotherLine_isTheSameInterstitial() throws {
        let tag = #"DURATION=10,X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=0"#
        #expect(try Self.interstitial(tag, at: 1) == Self.interstitial(tag, at: 7))
        #expect(try Self.interstitial(tag, at: 1).hashValue == Self.interstitial(tag, at: 7).hashValue)
    }

    @Test func otherAttributesOfTheRange_doNotMatter_itsOwnDo() throws {
        let first = try Self.interstitial(#"DURATION=10,X-ASSET-URI="a.m3u8""#)
        #expect(try first == Self.interstitial(#"PLANNED-DURATION=12,X-ASSET-URI="a.m3u8""#))
        #expect(try first != Self.interstitial(#"DURATION=10,X-ASSET-URI="b.m3u8""#))
        #expect(try first != Self.interstitial(#"DURATION=10,X-ASSET-URI="a.m3u8",X-RESTRICT="SKIP""#))
    }

    @Test func aRepeatedAttribute_keepsItsFirstValue() throws {
        let read = try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=0,X-RESUME-OFFSET=3"#)
        #expect(read.attributes.map(\.name) == ["X-ASSET-URI", "X-RESUME-OFFSET"])
        #expect(read.resumeOffset == .zero)
    }

    @Test func anInterstitialMadeInCode_equalsTheOneReadFromItsTag() throws {
        let read = try Self.interstitial(#"DURATION=10,X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=0"#)
        let made = Interstitial(attributes: [Attribute(name: "X-ASSET-URI", value: "a.m3u8", isQuoted: true),
                                             Attribute(name: "X-RESUME-OFFSET", value: "0", isQuoted: false)])
        #expect(made == read)
        #expect(made.hashValue == read.hashValue)
        #expect(made.assetURI == "a.m3u8")
        #expect(made.resumeOffset == .zero)
    }

    /// The interstitial shares its range's values; a change to a copy makes
    /// values of its own and leaves the range's as they were.
    @Test func aChangedCopy_leavesTheRangesInterstitialAsItWas() throws {
        let read = try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=0"#)
        var changed = read
        changed.resumeOffset = .init(seconds: 5)
        changed.assetURI = "b.m3u8"
        #expect(read.resumeOffset == .zero)
        #expect(read.assetURI == "a.m3u8")
        #expect(changed.resumeOffset == .init(seconds: 5))
        #expect(changed.assetURI == "b.m3u8")
        #expect(changed != read)
    }

    @Test func aRangeOfAnotherClass_schedulesNoInterstitial() throws {
        let text = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z\n"
            + "#EXT-X-DATERANGE:ID=\"m\",CLASS=\"com.example.note\",START-DATE=\"2026-01-01T00:00:00.000Z\",X-ASSET-URI=\"a.m3u8\"\n"
            + "#EXTINF:4,\ns0.ts\n"
        let range = try #require(try PlaylistParser().parseMedia(Array(text.utf8)).dateRanges.first)
        #expect(range.interstitial == nil)
    }

    /// Past 64 attributes the interstitial keeps a copy of its own, and reads the same.
    @Test func aTagOfManyAttributes_readsTheSame() throws {
        let padding = (0..<70).map { "X-PAD-\($0)=\($0)" }.joined(separator: ",")
        let read = try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=2,"# + padding)
        #expect(read.assetURI == "a.m3u8")
        #expect(read.resumeOffset == .init(seconds: 2))
        #expect(read.attributes.count == 72)
        #expect(try read == Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=2,"# + padding, at: 3))
    }
}
