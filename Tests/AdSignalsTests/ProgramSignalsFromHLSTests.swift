import AdSignals
import Foundation
import HLS
import MediaTime
import SCTE35
import Testing

/// A time_signal cue with one programme descriptor whose web delivery is
/// forbidden, as bytes.
private func programCue(_ type: UInt8, event: UInt32, seconds: UInt64? = nil) throws -> [UInt8] {
    let restrictions = SegmentationDescriptor.DeliveryRestrictions(
        webDeliveryAllowed: false, noRegionalBlackout: true, archiveAllowed: true, deviceRestrictions: .none)
    let segmentation = SegmentationDescriptor.Segmentation(
        deliveryRestrictions: restrictions, segmentationDuration: seconds.map { PTS(ticks: $0 * 90_000) }, segmentationTypeID: type)
    return try SpliceInfoEncoder.encode(SpliceInfoSection(
        command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 90_000))),
        descriptors: [.segmentation(SegmentationDescriptor(segmentationEventID: event, segmentation: segmentation))]))
}

/// A time_signal cue whose one descriptor cancels segmentation event `event`, as bytes.
private func cancelCue(event: UInt32) throws -> [UInt8] {
    try SpliceInfoEncoder.encode(SpliceInfoSection(
        command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 90_000))),
        descriptors: [.segmentation(SegmentationDescriptor(segmentationEventID: event, segmentation: nil))]))
}

private func hex(_ bytes: [UInt8]) -> String { "0x" + bytes.map { String(format: "%02X", $0) }.joined() }
private func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

/// Five 10 s segments from 2026-01-01T00:00:00Z; `tags[i]` before segment i.
private func playlist(_ tags: [Int: String]) throws -> MediaPlaylist {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\n"
    for index in 0..<5 {
        if let tag = tags[index] { text += tag + "\n" }
        text += "#EXTINF:10,\ns\(index).ts\n"
    }
    return try PlaylistParser().parseMedia(Array(text.utf8))
}

/// A programme cue reaches the blackout detector in every HLS dialect
/// (the known defect: a Program Start with web delivery forbidden,
/// carried in a DATERANGE, used to vanish).
@Suite struct ProgramSignalsFromHLSTests {
    @Test(arguments: ["daterange", "scte35", "oatcls"])
    func aProgramStartWithWebDeliveryForbidden_andItsEnd_blackOutAWebDevice(_ dialect: String) throws {
        let start = try programCue(0x10, event: 42, seconds: 60)
        let end = try programCue(0x11, event: 42)
        let tags: [Int: String] = switch dialect {
        case "daterange": [
            1: "#EXT-X-DATERANGE:ID=\"p42\",START-DATE=\"2026-01-01T00:00:10Z\",SCTE35-OUT=\(hex(start))",
            3: "#EXT-X-DATERANGE:ID=\"p42-end\",START-DATE=\"2026-01-01T00:00:30Z\",SCTE35-IN=\(hex(end))",
        ]
        case "scte35": [1: "#EXT-X-SCTE35:CUE=\"\(base64(start))\"", 3: "#EXT-X-SCTE35:CUE=\"\(base64(end))\""]
        default: [1: "#EXT-OATCLS-SCTE35:\(base64(start))", 3: "#EXT-OATCLS-SCTE35:\(base64(end))"]
        }
        let parsed = try playlist(tags)
        let signals = ProgramSignal.signals(in: parsed.signals, of: parsed)
        #expect(signals.map(\.kind) == [.programStart, .programEnd])
        #expect(signals.map(\.time) == [StreamTime(seconds: 10), StreamTime(seconds: 30)])
        #expect(signals.first?.date?.description == "2026-01-01T00:00:10.000Z")
        #expect(parsed.opportunities.isEmpty, "a programme is not an ad break")
        var detector = BlackoutDetector(policy: DevicePolicy())
        let changes = signals.flatMap { detector.take($0) }
        #expect(summary(changes) == ["start event-42 @10.0", "end event-42 @30.0"])
        var managed = BlackoutDetector(policy: DevicePolicy(delivery: .managed))
        #expect(summary(signals.flatMap { managed.take($0) }) == ["not restricted"])
    }

    /// A cancel carries no type but still ends what its event started; a
    /// cue with no descriptor says nothing of programmes.
    @Test func aCancelInAnHLSCue_endsItsProgramme_andACueWithoutDescriptorsSaysNothing() throws {
        let start = try programCue(0x10, event: 42, seconds: 60)
        let bare = try SpliceInfoEncoder.encode(SpliceInfoSection(
            command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 180_000))), descriptors: []))
        let parsed = try playlist([
            1: "#EXT-OATCLS-SCTE35:\(base64(start))",
            2: "#EXT-OATCLS-SCTE35:\(base64(bare))",
            3: "#EXT-OATCLS-SCTE35:\(base64(try cancelCue(event: 42)))",
        ])
        let signals = ProgramSignal.signals(in: parsed.signals, of: parsed)
        #expect(signals.map(\.kind) == [.programStart, .programEnd])
        #expect(signals.map(\.isCancel) == [false, true])
        #expect(signals.map(\.time) == [StreamTime(seconds: 10), StreamTime(seconds: 30)])
        var detector = BlackoutDetector(policy: DevicePolicy())
        #expect(summary(signals.flatMap { detector.take($0) }) == ["start event-42 @10.0", "end event-42 @30.0"])
    }
}
