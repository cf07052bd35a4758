import HLS
import MediaTime
import Testing

/// A live media playlist of five 4 s segments from 2026-01-01T00:00:00Z
/// (media sequence `sequence`), with `tags` after them; `ended` adds
/// EXT-X-ENDLIST after them. The tags' lines are 17, 18, …
private func playlist(_ tags: [String], sequence: Int = 0, ended: Bool = false) -> String {
    var lines = ["#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:\(sequence)",
                 "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:\(sequence < 3 ? "0" : "")\(sequence * 4).000Z"]
    for index in sequence..<sequence + 5 { lines += ["#EXTINF:4,", "s\(index).ts"] }
    lines += ["#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=24"]
    lines += tags
    if ended { lines.append("#EXT-X-ENDLIST") }
    return lines.joined(separator: "\n") + "\n"
}

private func parse(_ text: String) throws -> MediaPlaylist { try PlaylistParser().parseMedia(Array(text.utf8)) }

private func interstitial(_ attributes: String, id: String = "ad") -> String {
    "#EXT-X-DATERANGE:ID=\"\(id)\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2026-01-01T00:00:08.000Z\",\(attributes)"
}

private func interstitials(_ playlist: MediaPlaylist) -> [(id: String, value: Interstitial)] {
    playlist.opportunities.compactMap { opportunity in
        if case .interstitial(let value) = opportunity.kind { (opportunity.id, value) } else { nil }
    }
}

@Suite struct InterstitialReadingTests {
    /// Every attribute of RFC 8216bis D.2, typed.
    @Test func everyAttribute_isTyped() throws {
        let text = playlist([interstitial(
            "DURATION=15,CUE=\"ONCE\",X-ASSET-LIST=\"list.json\",X-RESUME-OFFSET=0,X-PLAYOUT-LIMIT=12.5,X-SNAP=\"OUT,IN\","
                + "X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"NO\",X-TIMELINE-OCCUPIES=\"RANGE\",X-TIMELINE-STYLE=\"PRIMARY\","
                + "X-SKIP-CONTROL-OFFSET=5,X-SKIP-CONTROL-DURATION=10,X-SKIP-CONTROL-LABEL-ID=\"skip-ad\",X-COM-EXAMPLE-BEACON=\"7\"")])
        let read = try parse(text)
        let value = try #require(interstitials(read).first?.value)
        #expect(value.asset == .list("list.json"))
        #expect(value.resumeOffset == .zero)
        #expect(value.playoutLimit == MediaDuration(seconds: 12.5))
        #expect(value.snap == [.out, .in])
        #expect(value.restrictions == [.skip, .jump])
        #expect(value.contentMayVary == false)
        #expect(value.timelineOccupies == .range)
        #expect(value.timelineStyle == .primary)
        #expect(value.skipControl == Interstitial.SkipControl(offset: MediaDuration(seconds: 5), duration: MediaDuration(seconds: 10), labelID: "skip-ad"))
        #expect(value.cue == .once)
        #expect(value.attributes.contains { $0.name == "X-COM-EXAMPLE-BEACON" }, "a vendor's attribute is kept")
        #expect(read.warnings.isEmpty, "\(read.warnings)")
    }

    /// X-SNAP and X-RESTRICT read the same however their identifiers are
    /// written: in either order, spaced, repeated, or beside unknown ones
    /// (each unknown one a warning). Near-misses of the usual spellings
    /// are not taken for them.
    @Test(arguments: [
        ("OUT,IN", Interstitial.Snap([.out, .in]), 0), ("IN,OUT", [.out, .in], 0), ("OUT", [.out], 0), ("IN", [.in], 0),
        (" OUT , IN ", [.out, .in], 0), ("OUT,OUT", [.out], 0), ("IN,IN,OUT", [.out, .in], 0), ("OUT,", [.out], 0),
        ("OU", [], 1), ("OUTS", [], 1), ("OUT,IM", [.out], 1), ("IN,OUX", [.in], 1), ("OUT;IN", [], 1), ("out,in", [], 2),
    ] as [(String, Interstitial.Snap, Int)])
    func snap_readsTheSame_howeverWritten(value: String, expected: Interstitial.Snap, warnings: Int) throws {
        let read = try parse(playlist([interstitial("X-ASSET-URI=\"a.m3u8\",X-SNAP=\"\(value)\"")]))
        #expect(try #require(interstitials(read).first?.value).snap == expected)
        #expect(read.warnings.count == warnings, "\(read.warnings)")
    }

    @Test(arguments: [
        ("SKIP,JUMP", Interstitial.Restrictions([.skip, .jump]), 0), ("JUMP,SKIP", [.skip, .jump], 0), ("SKIP", [.skip], 0),
        ("JUMP", [.jump], 0), ("SKIP, JUMP", [.skip, .jump], 0), ("JUMP,JUMP", [.jump], 0), (",SKIP", [.skip], 0),
        ("SKIPJUMP", [], 1), ("SKIP,JUMQ", [.skip], 1), ("JUMP,SKIZ", [.jump], 1), ("SKIQ", [], 1), ("JUMP.SKIP", [], 1),
    ] as [(String, Interstitial.Restrictions, Int)])
    func restrict_readsTheSame_howeverWritten(value: String, expected: Interstitial.Restrictions, warnings: Int) throws {
        let read = try parse(playlist([interstitial("X-ASSET-URI=\"a.m3u8\",X-RESTRICT=\"\(value)\"")]))
        #expect(try #require(interstitials(read).first?.value).restrictions == expected)
        #expect(read.warnings.count == warnings, "\(read.warnings)")
    }

    /// What applies when an attribute is absent.
    @Test func absentAttributes_takeTheirDefaults() throws {
        let value = try #require(interstitials(try parse(playlist([interstitial("X-ASSET-URI=\"ad.m3u8\"")]))).first?.value)
        #expect(value.asset == .uri("ad.m3u8"))
        #expect(value.resumeOffset == nil, "nil: the interstitial's duration")
        #expect(value.playoutLimit == nil)
        #expect(value.snap.isEmpty && value.restrictions.isEmpty && value.cue.isEmpty)
        #expect(value.contentMayVary)
        #expect(value.timelineOccupies == .point)
        #expect(value.timelineStyle == .highlight)
        #expect(value.skipControl == nil)
    }

    /// The asset's text is read from the tag when asked for: interstitials
    /// with the same attributes are equal however the tags order the date
    /// range's own ones among them, and a value set in code replaces it.
    @Test func theAssetText_isReadFromTheTag_andCanBeSet() throws {
        let first = try #require(interstitials(try parse(playlist([interstitial(
            "DURATION=15,X-RESUME-OFFSET=0,X-ASSET-URI=\"ad.m3u8\"")]))).first?.value)
        let second = try #require(interstitials(try parse(playlist([
            "#EXT-X-DATERANGE:X-RESUME-OFFSET=0,ID=\"ad\",CLASS=\"com.apple.hls.interstitial\","
                + "START-DATE=\"2026-01-01T00:00:08.000Z\",X-ASSET-URI=\"ad.m3u8\",DURATION=15"]))).first?.value)
        #expect(first.assetURI == "ad.m3u8" && second.assetURI == "ad.m3u8")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        let listed = Interstitial(attributes: [Attribute(name: "X-ASSET-LIST", value: "list.json", isQuoted: true)])
        #expect(listed.assetList == "list.json" && listed.assetURI == nil)
        var changed = first
        changed.assetURI = "other.m3u8"
        #expect(changed.asset == .uri("other.m3u8"))
        #expect(changed != first)
        changed.assetURI = nil
        changed.assetList = "list.json"
        #expect(changed.asset == .list("list.json"))
        #expect(first.assetURI == "ad.m3u8", "a copy's change leaves the original")
    }

    /// A value not of its type, or a forbidden combination: a warning at
    /// the tag's line naming the attribute, and the default applies.
    @Test(arguments: [
        ("X-ASSET-URI=\"a.m3u8\",X-RESUME-OFFSET=soon", "X-RESUME-OFFSET", "must be a decimal number of seconds"),
        ("X-ASSET-URI=\"a.m3u8\",X-RESUME-OFFSET=-2", "X-RESUME-OFFSET", "0 or more"),
        ("X-ASSET-URI=\"a.m3u8\",X-PLAYOUT-LIMIT=0", "X-PLAYOUT-LIMIT", "above 0"),
        ("X-ASSET-URI=\"a.m3u8\",X-SNAP=\"OUT,SIDEWAYS\"", "X-SNAP", "\"SIDEWAYS\", which is not one of OUT, IN"),
        ("X-ASSET-URI=\"a.m3u8\",X-RESTRICT=\"SEEK\"", "X-RESTRICT", "not one of SKIP, JUMP"),
        ("X-ASSET-URI=\"a.m3u8\",X-CONTENT-MAY-VARY=\"MAYBE\"", "X-CONTENT-MAY-VARY", "must be YES or NO"),
        ("X-ASSET-URI=\"a.m3u8\",X-TIMELINE-OCCUPIES=\"AREA\"", "X-TIMELINE-OCCUPIES", "must be POINT or RANGE"),
        ("X-ASSET-URI=\"a.m3u8\",X-TIMELINE-STYLE=\"LOUD\"", "X-TIMELINE-STYLE", "must be HIGHLIGHT or PRIMARY"),
        ("X-ASSET-URI=\"a.m3u8\",X-SKIP-CONTROL-DURATION=5", "X-SKIP-CONTROL-DURATION", "needs X-SKIP-CONTROL-OFFSET"),
        ("X-ASSET-URI=\"a.m3u8\",X-SKIP-CONTROL-OFFSET=later", "X-SKIP-CONTROL-OFFSET", "must be a decimal number"),
        ("X-ASSET-URI=\"a.m3u8\",CUE=\"PRE,POST\"", "CUE", "PRE and POST together"),
        ("X-ASSET-URI=\"a.m3u8\",CUE=\"PRE,EARLY\"", "CUE", "\"EARLY\", which is not one of PRE, POST, ONCE"),
        ("X-ASSET-URI=\"a.m3u8\",X-ASSET-LIST=\"l.json\"", "X-ASSET-LIST", "exactly one of them"),
        ("X-RESUME-OFFSET=0", "X-ASSET-URI", "or X-ASSET-LIST is required"),
        ("X-ASSET-URI=a.m3u8", "X-ASSET-URI", "must be a quoted string"),
    ] as [(String, String, String)])
    func aBadValue_isAWarningAtItsLine_namingTheAttribute(attributes: String, attribute: String, message: String) throws {
        let read = try parse(playlist([interstitial(attributes)]))
        let warning = try #require(read.warnings.first, "no warning for \(attributes)")
        #expect(read.warnings.count == 1, "\(read.warnings)")
        #expect(warning.line == 17)
        #expect(warning.tag == "#EXT-X-DATERANGE")
        #expect(warning.attribute == attribute)
        #expect(warning.message.contains(message), "\(warning)")
        #expect(warning.description.hasPrefix("line 17, #EXT-X-DATERANGE: \(attribute) "), "\(warning)")
        // The interstitial is still scheduled, with the attribute's default.
        let value = try #require(interstitials(read).first?.value)
        switch attribute {
        case "X-RESUME-OFFSET": #expect(value.resumeOffset == nil)
        case "X-PLAYOUT-LIMIT": #expect(value.playoutLimit == nil)
        case "X-SNAP": #expect(value.snap == .out, "the known value stays")
        case "X-RESTRICT": #expect(value.restrictions.isEmpty)
        case "X-CONTENT-MAY-VARY": #expect(value.contentMayVary)
        case "X-TIMELINE-OCCUPIES": #expect(value.timelineOccupies == .point)
        case "X-TIMELINE-STYLE": #expect(value.timelineStyle == .highlight)
        case "X-SKIP-CONTROL-DURATION", "X-SKIP-CONTROL-OFFSET": #expect(value.skipControl == nil)
        case "CUE": #expect(!value.cue.contains(.pre) || !value.cue.contains(.post))
        case "X-ASSET-LIST": #expect(value.asset == nil, "neither applies")
        case "X-ASSET-URI": #expect(attributes.contains("a.m3u8") ? value.asset == .uri("a.m3u8") : value.asset == nil)
        default: Issue.record("no check for \(attribute)")
        }
    }

    /// A later tag of the same ID only adds attributes; one that changes a
    /// value is a warning at its line, and the first value stays.
    @Test func aLaterTagOfTheSameID_addsAttributes_andChangesNone() throws {
        let read = try parse(playlist([
            interstitial("X-ASSET-URI=\"a.m3u8\",X-RESUME-OFFSET=0"),
            interstitial("DURATION=10,X-PLAYOUT-LIMIT=8,X-RESTRICT=\"JUMP\""),
            interstitial("X-RESUME-OFFSET=4,X-ASSET-LIST=\"l.json\""),
        ]))
        let all = interstitials(read)
        #expect(all.count == 1)
        let value = try #require(all.first?.value)
        #expect(value.asset == .uri("a.m3u8"))
        #expect(value.resumeOffset == .zero, "the first value stays")
        #expect(value.playoutLimit == MediaDuration(seconds: 8), "added by the second tag")
        #expect(value.restrictions == .jump)
        #expect(read.opportunities.first?.duration == MediaDuration(seconds: 10))
        #expect(read.warnings.map(\.line) == [19, 19], "\(read.warnings)")
        #expect(read.warnings.map(\.attribute) == ["X-RESUME-OFFSET", "X-ASSET-LIST"])
        #expect(read.warnings.first?.message == "changes from \"0\" in the first tag to \"4\"; the first value stays")
    }

    /// The same rule across refreshes: the next refresh's tag of a known ID
    /// adds its END-DATE and limit (what Media3 ignores); a changed value is
    /// a warning of that refresh at its line.
    @Test func aTagOfTheSameIDInALaterRefresh_addsAttributes_andWarnsOfAChange() throws {
        var live = try LivePlaylist(Array(playlist([interstitial("X-ASSET-URI=\"a.m3u8\",X-RESTRICT=\"SKIP\"")]).utf8))
        let delta = try live.refresh(with: Array(playlist([
            interstitial("X-ASSET-URI=\"a.m3u8\",X-RESTRICT=\"SKIP\""),
            interstitial("END-DATE=\"2026-01-01T00:00:18.000Z\",X-PLAYOUT-LIMIT=9,X-RESTRICT=\"JUMP\""),
        ], sequence: 1).utf8))
        let value = try #require(interstitials(live.playlist).first?.value)
        #expect(interstitials(live.playlist).count == 1)
        #expect(value.playoutLimit == MediaDuration(seconds: 9))
        #expect(value.restrictions == .skip)
        #expect(live.playlist.opportunities.first?.duration == MediaDuration(seconds: 10))
        #expect(delta.warnings.map(\.attribute) == ["X-RESTRICT"], "\(delta.warnings)")
        #expect(delta.warnings.first?.line == 18)
    }

    /// A refresh whose tags tell more about a known interstitial names it in
    /// the delta's `updatedOpportunities`; one that only repeats them does not.
    @Test func aRefreshThatAddsAttributes_namesTheInterstitialAsUpdated() throws {
        let first = interstitial("X-ASSET-URI=\"a.m3u8\"")
        var live = try LivePlaylist(Array(playlist([first]).utf8))
        let repeated = try live.refresh(with: Array(playlist([first], sequence: 1).utf8))
        #expect(repeated.updatedOpportunities.isEmpty)
        let added = try live.refresh(with: Array(playlist([first, interstitial("X-PLAYOUT-LIMIT=4")], sequence: 2).utf8))
        #expect(added.updatedOpportunities == ["ad"])
        let again = try live.refresh(with: Array(playlist([first, interstitial("X-PLAYOUT-LIMIT=4")], sequence: 3).utf8))
        #expect(again.updatedOpportunities.isEmpty)
    }

    /// An interstitial whose first tag and a tag adding to it arrive in
    /// the same refresh is new to the reader: the delta names it as opened,
    /// not as updated. One updated beside it is still named as updated.
    @Test func anInterstitialOpenedAndAddedToInOneRefresh_isOnlyOpened() throws {
        var live = try LivePlaylist(Array(playlist([interstitial("X-ASSET-URI=\"a.m3u8\"", id: "known")]).utf8))
        let delta = try live.refresh(with: Array(playlist([
            interstitial("X-ASSET-URI=\"a.m3u8\"", id: "known"),
            interstitial("X-PLAYOUT-LIMIT=4", id: "known"),
            interstitial("X-ASSET-URI=\"b.m3u8\"", id: "new"),
            interstitial("X-PLAYOUT-LIMIT=4", id: "new"),
        ], sequence: 1).utf8))
        #expect(delta.openedOpportunities == ["new"])
        #expect(delta.updatedOpportunities == ["known"])
        let quiet = try live.refresh(with: Array(playlist([
            interstitial("X-ASSET-URI=\"c.m3u8\"", id: "third"), interstitial("X-PLAYOUT-LIMIT=4", id: "third"),
        ], sequence: 2).utf8))
        #expect(quiet.openedOpportunities == ["third"])
        #expect(quiet.updatedOpportunities.isEmpty)
    }

    /// A delta update's RECENTLY-REMOVED-DATERANGES takes the interstitial
    /// out of the playlist's schedule, and the delta says so.
    @Test func recentlyRemovedDateRanges_removeTheInterstitial() throws {
        var live = try LivePlaylist(Array(playlist([interstitial("X-ASSET-URI=\"a.m3u8\"", id: "gone"),
                                                   interstitial("X-ASSET-URI=\"b.m3u8\"", id: "kept")]).utf8))
        #expect(interstitials(live.playlist).map(\.id) == ["gone", "kept"])
        let skipped = [
            "#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:1",
            "#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=24",
            "#EXT-X-SKIP:SKIPPED-SEGMENTS=3,RECENTLY-REMOVED-DATERANGES=\"gone\"",
            "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:16.000Z",
            "#EXTINF:4,", "s4.ts", "#EXTINF:4,", "s5.ts",
        ].joined(separator: "\n") + "\n"
        let delta = try live.refresh(with: Array(skipped.utf8))
        #expect(delta.removedDateRanges == ["gone"])
        #expect(delta.removedOpportunities == ["gone"])
        #expect(interstitials(live.playlist).map(\.id) == ["kept"])
    }

    /// A delta update that removes one interstitial and lists a new one
    /// opens the new one: the one taken out does not hide it.
    @Test func aRefreshThatRemovesOneInterstitialAndAddsAnother_opensTheNewOne() throws {
        let first = [
            "#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:0",
            "#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=24", "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z",
            #"#EXT-X-DATERANGE:ID="gone",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:04.000Z",DURATION=5,X-ASSET-URI="a.m3u8""#,
            "#EXTINF:4,", "s0.ts", "#EXTINF:4,", "s1.ts", "#EXTINF:4,", "s2.ts", "#EXTINF:4,", "s3.ts",
        ].joined(separator: "\n") + "\n"
        var live = try LivePlaylist(Array(first.utf8))
        let skipped = [
            "#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:1",
            "#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=24",
            "#EXT-X-SKIP:SKIPPED-SEGMENTS=3,RECENTLY-REMOVED-DATERANGES=\"gone\"",
            "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:16.000Z",
            #"#EXT-X-DATERANGE:ID="new",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:18.000Z",DURATION=5,X-ASSET-URI="b.m3u8""#,
            "#EXTINF:4,", "s4.ts", "#EXTINF:4,", "s5.ts",
        ].joined(separator: "\n") + "\n"
        let delta = try live.refresh(with: Array(skipped.utf8))
        #expect(delta.removedOpportunities == ["gone"])
        #expect(interstitials(live.playlist).map(\.id) == ["new"])
        #expect(delta.openedOpportunities == ["new"])
    }

    /// `com.apple.hls.preload` ranges are reported with what they preload;
    /// a playlist with EXT-X-ENDLIST has none, and says it ignored them.
    @Test func preloadRanges_areReported_andIgnoredOnceThePlaylistEnds() throws {
        let tag = "#EXT-X-DATERANGE:ID=\"p1\",CLASS=\"com.apple.hls.preload\",START-DATE=\"2026-01-01T00:00:04.000Z\","
            + "X-URI=\"list.json\",X-TARGET-ID=\"ad\",X-TARGET-CLASS=\"com.apple.hls.interstitial\""
        let live = try parse(playlist([tag, interstitial("X-ASSET-LIST=\"list.json\"")]))
        #expect(live.preloadRanges == [PreloadRange(id: "p1", uri: "list.json", targetID: "ad", targetClass: Interstitial.className,
                                               startDate: ProgramDateTime("2026-01-01T00:00:04Z"), line: 17)])
        #expect(live.warnings.isEmpty, "\(live.warnings)")
        let ended = try parse(playlist([tag], ended: true))
        #expect(ended.preloadRanges.isEmpty)
        #expect(ended.warnings.map(\.line) == [17])
        #expect(ended.warnings.first?.message.contains("EXT-X-ENDLIST") == true, "\(ended.warnings)")
        let noURI = try parse(playlist(["#EXT-X-DATERANGE:ID=\"p2\",CLASS=\"com.apple.hls.preload\",START-DATE=\"2026-01-01T00:00:04.000Z\""]))
        #expect(noURI.preloadRanges.isEmpty)
        #expect(noURI.warnings.map(\.attribute) == ["X-URI"])
    }
}
