import HLS
import MediaTime
import SCTE35
import Testing

private func seconds(_ value: Int64) -> StreamTime { StreamTime(seconds: value) }
private func duration(_ value: Int64) -> MediaDuration { MediaDuration(seconds: value) }

@Suite struct DialectTests {
    let playlist: MediaPlaylist

    init() throws {
        var options = ParseOptions()
        options.subscribedTags = ["#EXT-OATCLS-SCTE35"]
        playlist = try Fixture.media("dialects.m3u8", options: options)
    }

    @Test func everyDialectFormsItsBreak() {
        let table: [(id: String, start: StreamTime, duration: MediaDuration?, open: Bool, sources: [String])] = [
            ("break-101", seconds(10), duration(20), false, ["#EXT-X-CUE-OUT", "#EXT-X-CUE-OUT-CONT", "#EXT-X-CUE-IN"]),
            ("break-104", seconds(40), duration(15), false, ["#EXT-X-CUE-OUT", "#EXT-X-CUE-OUT-CONT", "#EXT-X-CUE-IN"]),
            ("break-106", seconds(55), duration(15), false, ["#EXT-X-SCTE35"]),
            ("promo-1", seconds(90), duration(15), false, ["#EXT-X-DATERANGE"]),
            ("break-111", seconds(100), MediaDuration(ticks: 5_426_421 * 100), true, ["#EXT-OATCLS-SCTE35", "#EXT-X-CUE-OUT"]),
        ]
        #expect(playlist.opportunities.count == table.count)
        for (opportunity, row) in zip(playlist.opportunities, table) {
            #expect(opportunity.id == row.id)
            #expect(opportunity.start == row.start, "\(row.id)")
            #expect(opportunity.duration == row.duration, "\(row.id)")
            #expect(opportunity.isOpen == row.open, "\(row.id)")
            #expect(opportunity.sources == row.sources, "\(row.id)")
        }
        #expect(playlist.warnings.isEmpty, "\(playlist.warnings)")
    }

    /// Envivio's `#EXT-X-CUE-SPAN:TIMEFROMSIGNAL=` gives the time since the
    /// cue-out as an ISO 8601 duration: a window joined there starts the
    /// break that long before it. A value that is not one is a warning.
    @Test(arguments: [
        ("PT10S", 10_000_000 as Int64?), ("PT1M30.5S", 90_500_000), ("P1DT2H", 93_600_000_000), ("pt0.25s", 250_000),
        ("10S", nil), ("PT", nil), ("PT1.5M30S", nil), ("P1H", nil), ("PT5S5M", nil), ("P1Y", nil), ("PT-5S", nil),
    ])
    func cueSpanTimeFromSignal_isAnISO8601Duration(_ value: String, _ microseconds: Int64?) throws {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:10
            #EXT-X-CUE-SPAN:TIMEFROMSIGNAL=\(value),ID=16777323
            #EXTINF:10,
            a.ts
            #EXT-X-CUE-IN:ID=16777323
            #EXTINF:10,
            b.ts

            """
        let playlist = try PlaylistParser().parseMedia(Array(text.utf8))
        let opportunity = try #require(playlist.opportunities.first)
        #expect(opportunity.sources == ["#EXT-X-CUE-SPAN", "#EXT-X-CUE-IN"])
        if let microseconds {
            #expect(opportunity.start == StreamTime(ticks: 0) - MediaDuration(microseconds: microseconds))
            #expect(!opportunity.startIsLatestPossible)
            #expect(!playlist.warnings.contains { $0.message.contains("TIMEFROMSIGNAL") })
        } else {
            #expect(opportunity.startIsLatestPossible)
            #expect(playlist.warnings.contains { $0.message.contains("TIMEFROMSIGNAL is not an ISO 8601 duration: \(value)") })
        }
    }

    @Test func cueOutForms_bareColonAndAttribute() throws {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:10
            #EXT-X-CUE-OUT
            #EXTINF:10,
            a.ts
            #EXT-X-CUE-IN
            #EXT-X-CUE-OUT:30.0
            #EXTINF:10,
            b.ts
            #EXT-X-CUE-IN
            #EXT-X-CUE-OUT:DURATION=12.5,BREAKID="x"
            #EXTINF:10,
            c.ts
            """
        let cues = try PlaylistParser().parseMedia(text).signals.compactMap { signal -> MediaDuration?? in
            if case .cueOut(let duration, _) = signal.kind { return .some(duration) }
            return nil
        }
        #expect(cues == [nil, duration(30), MediaDuration(microseconds: 12_500_000)])
    }

    @Test func cueOutContinuedForms_attributesAndFraction() {
        let continued = playlist.signals.compactMap { signal -> [MediaDuration?]? in
            if case .cueOutContinued(let elapsed, let total, _) = signal.kind { return [elapsed, total] }
            return nil
        }
        #expect(continued == [[duration(10), duration(20)], [duration(10), duration(15)]])
    }

    @Test func scte35Tag_attributesAndDecodedCue() throws {
        let tags = playlist.signals.filter { $0.tag == "#EXT-X-SCTE35" }
        #expect(tags.map(\.role) == [.start, .continuation, .end])
        guard case .scte35(let first) = tags[0].kind else { Issue.record("not an EXT-X-SCTE35"); return }
        #expect(first.cueOut == "YES")
        #expect(first.id == "1007")
        #expect(first.time == duration(15))
        guard case .scte35(let second) = tags[1].kind else { Issue.record("expected .scte35, got \(String(describing: tags[1].kind))"); return }
        #expect(second.elapsed == duration(10))
        let cue = try #require(tags[0].scte35)
        guard case .spliceInsert(let insert) = cue.section.command else { Issue.record("not a splice_insert"); return }
        #expect(insert.spliceEventID == 0x4800_008F)
    }

    @Test func interstitialDateRange_typedAttributes() throws {
        let promo = try #require(playlist.opportunities.first { $0.id == "promo-1" })
        guard case .interstitial(let interstitial) = promo.kind else { Issue.record("not an interstitial"); return }
        #expect(interstitial.assetURI == "https://ads.example.com/promo.m3u8")
        #expect(interstitial.resumeOffset == .zero)
        #expect(interstitial.playoutLimit == duration(15))
        #expect(interstitial.snap == [.out, .in])
        #expect(interstitial.restrictions == [.skip, .jump])
        #expect(interstitial.cue == .once)
        #expect(interstitial.timelineOccupies == .point)
        #expect(interstitial.problems.isEmpty)
    }

    @Test func nonAdDateRange_isTimedMetadataAtItsStartDate() throws {
        #expect(!playlist.opportunities.contains { $0.id == "chapter-2" })
        let chapter = try #require(playlist.metadata.first { $0.name == "#EXT-X-DATERANGE" })
        #expect(chapter.time == seconds(100))
        #expect(chapter.mediaSequence == 111)
        #expect(chapter.value?.contains("X-TITLE=\"Second half\"") == true)
    }

    @Test func subscribedTag_deliveredWithTimeAndSequence() throws {
        let oatcls = playlist.metadata.filter { $0.name == "#EXT-OATCLS-SCTE35" }
        #expect(oatcls.count == 1)
        #expect(oatcls.first?.time == seconds(100))
        #expect(oatcls.first?.mediaSequence == 111)
        #expect(oatcls.first?.value == "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=")
    }

    @Test func unknownTagIsKeptVerbatim_andVariablesAreSubstituted() throws {
        let custom = try #require(playlist.unknownTags.first)
        #expect(custom.text == "#EXT-X-CUSTOM-TAG:keep=me")
        #expect(custom.line == 39)
        #expect(playlist.uri(of: playlist.segments[0]) == "https://cdn.example.com/seg100.ts")
        #expect(playlist.variables.values == ["cdn": "https://cdn.example.com"])
    }

    /// Tag names are found by their length and last eight bytes, then checked
    /// whole: names that share those with a known tag stay unknown.
    @Test func nearMissTagNames_stayUnknown() throws {
        let nearMisses = ["#EXT-Y-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z", "#EXTINX:6.0,", "#EXT-X-CUE-OUX",
                          "#EXT-X-DATERANGF:ID=\"a\"", "#EXT-Y-CUE-OUT-CONT:1/2", "#EXT-OATCLS-SCTE36:abc", "#EXT-X-C"]
        let text = (["#EXTM3U", "#EXT-X-TARGETDURATION:6"] + nearMisses + ["#EXTINF:6.0,", "a.ts", "#EXT-X-ENDLIST"])
            .joined(separator: "\n")
        let playlist = try PlaylistParser().parseMedia(text)
        #expect(playlist.unknownTags.map(\.text) == nearMisses)
        #expect(playlist.signals.isEmpty)
        #expect(playlist.segments.count == 1)
        #expect(playlist.segments[0].programDateTime == nil)
        #expect(playlist.endList)
    }
}
