import SCTE35
import Testing

/// Each descriptor through encode → decode, and the tolerant paths.
@Suite struct DescriptorTests {
    private func decodeRoundTrip(_ descriptors: [SpliceDescriptor]) throws -> DecodedSpliceInfo {
        let section = SpliceInfoSection(command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 1_000))), descriptors: descriptors)
        let bytes = try SpliceInfoEncoder.encode(section)
        let decoded = try SpliceInfoDecoder().decode(bytes)
        #expect(decoded.section.descriptors == descriptors)
        #expect(try SpliceInfoEncoder.encode(decoded.section) == bytes)
        return decoded
    }

    @Test func availDTMFTimeAndAudio() throws {
        let descriptors: [SpliceDescriptor] = [
            .avail(AvailDescriptor(providerAvailID: 0x0000_0135)),
            .dtmf(DTMFDescriptor(preroll: 50, dtmfChars: Array("121#".utf8))),
            .time(TimeDescriptor(taiSeconds: 0x0000_6543_2100, taiNanoseconds: 999_999_999, utcOffset: 37)),
            .audio(AudioDescriptor(audios: [
                .init(componentTag: 0x30, isoCode: 0x656E_67, bitStreamMode: 2, numChannels: 5, fullServiceAudio: true),
                .init(componentTag: 0xFF, isoCode: 0x6672_61, bitStreamMode: 0, numChannels: 2, fullServiceAudio: false),
            ])),
        ]
        let decoded = try decodeRoundTrip(descriptors)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.section.descriptors.map(\.descriptorLength) == [8, 10, 16, 15])
        #expect(decoded.section.descriptors.map(\.name) == ["avail_descriptor", "DTMF_descriptor", "time_descriptor", "audio_descriptor"])
    }

    @Test func segmentationWithEveryOptionalPart() throws {
        var segmentation = SegmentationDescriptor.Segmentation(
            deliveryRestrictions: .init(webDeliveryAllowed: false, noRegionalBlackout: false, archiveAllowed: true, deviceRestrictions: .restrictGroup1),
            components: [.init(componentTag: 1, ptsOffset: PTS(ticks: 3_000)), .init(componentTag: 2, ptsOffset: PTS(ticks: (1 << 33) - 1))],
            segmentationDuration: PTS(ticks: (1 << 40) - 1),
            upid: SegmentationUPID(type: 0x03, bytes: Array("ABCD0001000H".utf8)),
            segmentationTypeID: 0x36, segmentNum: 1, segmentsExpected: 3,
            subSegment: .init(subSegmentNum: 2, subSegmentsExpected: 4)
        )
        let decoded = try decodeRoundTrip([.segmentation(SegmentationDescriptor(segmentationEventID: 77, segmentation: segmentation))])
        #expect(decoded.warnings.isEmpty)
        guard case .segmentation(let read) = decoded.section.descriptors.first else { Issue.record("no descriptor"); return }
        #expect(read.segmentation?.upid.text == "ABCD0001000H")
        #expect(read.segmentation?.segmentationTypeName == "Distributor Placement Opportunity Start")
        segmentation.subSegment = nil
        segmentation.deliveryRestrictions = nil
        _ = try decodeRoundTrip([.segmentation(SegmentationDescriptor(segmentationEventID: 78, segmentation: segmentation))])
    }

    @Test func cancelledSegmentation_isNineBytes() throws {
        let decoded = try decodeRoundTrip([.segmentation(SegmentationDescriptor(segmentationEventID: 5, segmentation: nil))])
        #expect(decoded.section.descriptors[0].descriptorLength == 9)
    }

    @Test func midUPID_nestsOtherUPIDs() throws {
        let adID = SegmentationUPID(type: 0x03, bytes: Array("ABCD0001000H".utf8))
        let airing = SegmentationUPID(type: 0x08, bytes: [0, 0, 0, 0, 0x2C, 0xA0, 0xA1, 0x8A])
        let mid = SegmentationUPID(mid: [adID, airing])
        #expect(mid.bytes.count == 2 + 12 + 2 + 8)
        let decoded = try decodeRoundTrip([.segmentation(SegmentationDescriptor(segmentationEventID: 1, segmentation: .init(
            upid: mid, segmentationTypeID: 0x10, segmentNum: 1, segmentsExpected: 1)))])
        #expect(decoded.warnings.isEmpty)
        guard case .segmentation(let read) = decoded.section.descriptors.first else { Issue.record("no descriptor"); return }
        #expect(read.segmentation?.upid.nested == [adID, airing])
        #expect(read.segmentation?.upid.typeName == "MID")
    }

    @Test func malformedMID_andWrongUPIDLength_areWarnings() throws {
        let badMID = SegmentationUPID(type: 0x0D, bytes: [0x03, 0x20, 0x41])
        let shortAdID = SegmentationUPID(type: 0x03, bytes: Array("AB".utf8))
        let decoded = try decodeRoundTrip([
            .segmentation(SegmentationDescriptor(segmentationEventID: 1, segmentation: .init(upid: badMID, segmentationTypeID: 0x01))),
            .segmentation(SegmentationDescriptor(segmentationEventID: 2, segmentation: .init(upid: shortAdID, segmentationTypeID: 0x01))),
        ])
        #expect(decoded.warnings.count == 2)
        #expect(decoded.warnings[0].field == "segmentation_descriptor().segmentation_upid")
        #expect(decoded.warnings[1].message.contains("Table 22 gives 12"))
    }

    @Test func privateAndUnknownDescriptors_areKeptWithTheirIdentifier() throws {
        let decoded = try decodeRoundTrip([
            .other(tag: 0x80, identifier: 0x4142_4344, bytes: [1, 2, 3]),
            .other(tag: 0x10, identifier: SpliceDescriptor.cueIdentifier, bytes: []),
        ])
        #expect(decoded.section.descriptors.map(\.name) == ["private_descriptor", "reserved_descriptor"])
        #expect(SpliceDescriptor.identifierText(decoded.section.descriptors[0].identifier) == "ABCD")
    }

    @Test func cueDescriptorThatDoesNotFitItsSyntax_isKeptAsBytesWithAWarning() throws {
        // An avail_descriptor whose descriptor_length is 10 instead of 8.
        let odd = SpliceDescriptor.other(tag: 0x00, identifier: SpliceDescriptor.cueIdentifier, bytes: [0, 0, 1, 0x35, 0xAB, 0xCD])
        let section = SpliceInfoSection(command: .spliceNull, descriptors: [odd])
        let decoded = try SpliceInfoDecoder().decode(try SpliceInfoEncoder.encode(section))
        #expect(decoded.section.descriptors == [odd])
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings[0].field == "avail_descriptor()")
    }

    @Test func reservedBitsThatAreNotOne_areAWarningAndSurviveTheRoundTrip() throws {
        var dtmf = DTMFDescriptor(preroll: 1, dtmfChars: Array("1".utf8))
        dtmf.reserved = 0
        let decoded = try decodeRoundTrip([.dtmf(dtmf)])
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings[0].message.contains("0b00000"))
    }
}
