import HLS
import MediaTime
import SCTE35
import Testing

/// A time_signal with one segmentation descriptor, as base64.
private func cue(type: UInt8, event: UInt32, restricted: Bool, regionalBlackout: Bool = true) throws -> String {
    let restrictions = restricted
        ? SegmentationDescriptor.DeliveryRestrictions(webDeliveryAllowed: false, noRegionalBlackout: !regionalBlackout,
                                                      archiveAllowed: true, deviceRestrictions: .none)
        : nil
    let descriptor = SegmentationDescriptor(
        segmentationEventID: event,
        segmentation: .init(deliveryRestrictions: restrictions, segmentationTypeID: type))
    let section = SpliceInfoSection(command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 90_000))),
                                    descriptors: [.segmentation(descriptor)])
    return try SpliceInfoEncoder.base64(section)
}

private func playlist(_ body: String) throws -> MediaPlaylist {
    try PlaylistParser().parseMedia("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\n" + body)
}

private func segments(_ count: Int, from first: Int = 0) -> String {
    (first..<first + count).map { "#EXTINF:10,\ns\($0).ts\n" }.joined()
}

@Suite struct MergeTests {
    @Test func oneBreakInFourDialects_isOneOpportunityListingEveryTag() throws {
        let out = try cue(type: 0x34, event: 11, restricted: false)
        let hex = "0x" + PayloadText.hex(try PayloadText.decode(out)).uppercased()
        let result = try playlist(segments(1) + """
            #EXT-X-DATERANGE:ID="po-11",START-DATE="2026-01-01T00:00:10.200Z",PLANNED-DURATION=20,SCTE35-OUT=\(hex)
            #EXT-OATCLS-SCTE35:\(out)
            #EXT-X-SCTE35:CUE="\(out)",CUE-OUT=YES
            #EXT-X-CUE-OUT:20

            """ + segments(2, from: 1) + "#EXT-X-CUE-IN\n" + segments(1, from: 3))
        #expect(result.opportunities.count == 1)
        let only = try #require(result.opportunities.first)
        #expect(only.id == "po-11")
        #expect(only.start == StreamTime(seconds: 10))
        #expect(only.duration == MediaDuration(seconds: 20))
        #expect(Set(only.sources) == ["#EXT-X-DATERANGE", "#EXT-OATCLS-SCTE35", "#EXT-X-SCTE35", "#EXT-X-CUE-OUT", "#EXT-X-CUE-IN"])
        #expect(only.eventIDs == [11])
        #expect(result.warnings.isEmpty)
    }

    @Test func dateRangeStartsAtStartDate_whereverTheTagSits() throws {
        let out = try cue(type: 0x34, event: 12, restricted: false)
        let hex = "0x" + PayloadText.hex(try PayloadText.decode(out))
        let result = try playlist(segments(5) + """
            #EXT-X-DATERANGE:ID="late",START-DATE="2026-01-01T00:00:15Z",DURATION=12.5,SCTE35-OUT=\(hex)

            """ + segments(1, from: 5))
        #expect(result.opportunities.first?.start == StreamTime(seconds: 15))
        #expect(result.opportunities.first?.duration == MediaDuration(microseconds: 12_500_000))
        #expect(result.opportunities.first?.mediaSequence == 1)
    }

    @Test func contradictoryAndOrphanedMarkers_areWarnings() throws {
        let result = try playlist("#EXT-X-CUE-IN\n#EXT-X-CUE-OUT-CONT:ElapsedTime=4,Duration=30\n" + segments(1)
            + "#EXT-X-CUE-OUT\n" + segments(1, from: 1) + "#EXT-X-CUE-OUT\n" + segments(1, from: 2))
        let messages = result.warnings.map(\.message)
        #expect(messages.contains("a cue-in with no break open"))
        #expect(messages.contains { $0.hasPrefix("a break continues with no cue-out before it") })
        #expect(messages.contains { $0.hasPrefix("a cue-out while break break-0 is open") })
        // The joined break began 4 s before the playlist.
        #expect(result.opportunities.first?.start == StreamTime(seconds: -4))
        #expect(result.opportunities.first?.joinedInProgress == true)
    }

    @Test func aSecondCueInAfterTheBreakEnded_isAWarningWithItsLine() throws {
        let result = try playlist(segments(1) + "#EXT-X-CUE-OUT:10\n" + segments(1, from: 1) + "#EXT-X-CUE-IN\n"
            + segments(1, from: 2) + "#EXT-X-CUE-IN\n" + segments(1, from: 3))
        let only = try #require(result.opportunities.first)
        #expect(result.opportunities.count == 1)
        #expect(only.end == StreamTime(seconds: 20))
        #expect(result.warnings == [HLSWarning(line: 12, tag: "#EXT-X-CUE-IN",
                                               "a second cue-in: break-1 already ended at 20 s; no break is open")])
    }

    @Test func plannedDurationWithNoCueIn_closesTheBreakOnceThePlaylistIsPastIt() throws {
        let result = try playlist(segments(1) + "#EXT-X-CUE-OUT:20\n" + segments(5, from: 1))
        let only = try #require(result.opportunities.first)
        #expect(only.ending == .plannedDuration)
        #expect(only.duration == MediaDuration(seconds: 20))
        let early = try playlist(segments(1) + "#EXT-X-CUE-OUT:20\n" + segments(2, from: 1))
        #expect(early.opportunities.first?.isOpen == true)
    }
}
