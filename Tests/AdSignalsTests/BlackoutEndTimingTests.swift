import AdSignals
import Foundation
import HLS
import MediaTime
import SCTE35
import Testing

/// A time_signal with one segmentation descriptor; `restricted` forbids web
/// delivery, otherwise delivery is not restricted at all.
private func cue(_ type: UInt8, event: UInt32, restricted: Bool = true) throws -> String {
    let restrictions = restricted ? SegmentationDescriptor.DeliveryRestrictions(
        webDeliveryAllowed: false, noRegionalBlackout: true, archiveAllowed: true, deviceRestrictions: .none) : nil
    let segmentation = SegmentationDescriptor.Segmentation(deliveryRestrictions: restrictions, segmentationTypeID: type)
    let bytes = try SpliceInfoEncoder.encode(SpliceInfoSection(
        command: .timeSignal(SpliceTime(ptsTime: nil)),
        descriptors: [.segmentation(SegmentationDescriptor(segmentationEventID: event, segmentation: segmentation))]))
    return "0x" + bytes.map { String(format: "%02X", $0) }.joined()
}

/// Six 10 s segments from 2026-01-01T20:00:00Z; `tags[i]` before segment i.
private func playlist(_ tags: [Int: String]) throws -> MediaPlaylist {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T20:00:00Z\n"
    for index in 0..<6 {
        if let tag = tags[index] { text += tag + "\n" }
        text += "#EXTINF:10,\ns\(index).ts\n"
    }
    return try PlaylistParser().parseMedia(Array(text.utf8))
}

private func date(_ seconds: Int) -> String { "2026-01-01T20:00:\(String(format: "%02d", seconds))Z" }

/// The end signals of a blackout, each in the form RFC 8216bis §4.4.5.1
/// gives (a later tag with the same ID carries SCTE35-IN and states the
/// end) and with an ID of its own: the blackout ends where the range ends,
/// never where it began.
@Suite struct BlackoutEndTimingTests {
    /// A start type, the end type that closes it, and whether the end's cue restricts (an override lifts).
    static let pairs: [(name: String, start: UInt8, end: UInt8, endRestricted: Bool)] = [
        ("Program End", 0x10, 0x11, true), ("Program Early Termination", 0x10, 0x12, true),
        ("Unscheduled Event End", 0x40, 0x41, true), ("Network Start", 0x51, 0x50, true),
        ("Program Blackout Override", 0x10, 0x18, false),
    ]

    /// How the end tag is written. It always sits before segment 4 (40 s);
    /// the range starts at 10 s.
    enum Form: String, CaseIterable {
        /// Same ID, START-DATE repeated, END-DATE 30 s: ends at 30.
        case sameIDEndDate
        /// Same ID, no START-DATE, DURATION 20: ends at 30.
        case sameIDDuration
        /// Same ID, START-DATE repeated, no end stated: ends at the tag's segment, 40.
        case sameIDNoEnd
        /// An ID of its own, START-DATE 30 s: ends at 30.
        case ownID

        func tag(_ payload: String) -> String {
            switch self {
            case .sameIDEndDate: "#EXT-X-DATERANGE:ID=\"p1\",START-DATE=\"\(date(10))\",END-DATE=\"\(date(30))\",SCTE35-IN=\(payload)"
            case .sameIDDuration: "#EXT-X-DATERANGE:ID=\"p1\",DURATION=20,SCTE35-IN=\(payload)"
            case .sameIDNoEnd: "#EXT-X-DATERANGE:ID=\"p1\",START-DATE=\"\(date(10))\",SCTE35-IN=\(payload)"
            case .ownID: "#EXT-X-DATERANGE:ID=\"p1-end\",START-DATE=\"\(date(30))\",SCTE35-IN=\(payload)"
            }
        }

        var end: StreamTime { self == .sameIDNoEnd ? StreamTime(seconds: 40) : StreamTime(seconds: 30) }
    }

    static let cases = pairs.indices.flatMap { pair in Form.allCases.map { (pair, $0) } }

    @Test(arguments: cases)
    func anEndSignal_endsTheBlackoutWhereTheRangeEnds(pairIndex: Int, form: Form) throws {
        let pair = Self.pairs[pairIndex]
        let start = "#EXT-X-DATERANGE:ID=\"p1\",START-DATE=\"\(date(10))\",PLANNED-DURATION=3600,SCTE35-OUT=\(try cue(pair.start, event: 7))"
        let parsed = try playlist([1: start, 4: form.tag(try cue(pair.end, event: 7, restricted: pair.endRestricted))])
        let device = DevicePolicy()
        var detector = BlackoutDetector(policy: device)
        let changes = ProgramSignal.signals(in: parsed.signals, of: parsed).flatMap { detector.take($0) }
        let ended = changes.compactMap { change -> Blackout? in if case .ended(let blackout) = change { blackout } else { nil } }
        #expect(ended.count == 1, "\(pair.name), \(form): \(changes)")
        #expect(ended.first?.start == StreamTime(seconds: 10), "\(pair.name), \(form)")
        #expect(ended.first?.end == form.end, "\(pair.name), \(form)")
        #expect(ended.first?.endDate?.description == "2026-01-01T20:00:\(form.end == StreamTime(seconds: 40) ? "40" : "30").000Z",
                "\(pair.name), \(form): the end's date is the end segment's")
    }

    /// An SCTE35-IN whose bytes do not decode, under the ID of the range
    /// that started the blackout, ends that blackout where the range ends;
    /// with an ID of its own it ends nothing (nothing says what it ends).
    @Test(arguments: pairs.indices, Form.allCases)
    func anUndecodableSCTE35IN_endsWhatItsRangeStarted(pairIndex: Int, form: Form) throws {
        let pair = Self.pairs[pairIndex]
        guard pair.end != 0x18 else { return }  // an override is the same start, lifted: covered above
        let start = "#EXT-X-DATERANGE:ID=\"p1\",START-DATE=\"\(date(10))\",PLANNED-DURATION=3600,SCTE35-OUT=\(try cue(pair.start, event: 7))"
        let parsed = try playlist([1: start, 4: form.tag("0xFC0011")])
        var detector = BlackoutDetector(policy: DevicePolicy())
        let changes = ProgramSignal.signals(in: parsed.signals, of: parsed).flatMap { detector.take($0) }
        let ended = changes.compactMap { change -> Blackout? in if case .ended(let blackout) = change { blackout } else { nil } }
        if form == .ownID {
            #expect(ended.isEmpty, "\(changes)")
        } else {
            #expect(ended.map(\.end) == [form.end], "\(pair.name), \(form): \(changes)")
            #expect(ended.first?.endDate?.description == "2026-01-01T20:00:\(form.end == StreamTime(seconds: 40) ? "40" : "30").000Z")
        }
    }

    /// An SCTE35-IN whose bytes do not decode still marks where the range
    /// ends: the ad break it closes ends there, and the signal is placed there.
    @Test(arguments: Form.allCases)
    func anUndecodableSCTE35IN_isPlacedWhereTheRangeEnds(form: Form) throws {
        let out = "#EXT-X-DATERANGE:ID=\"p1\",START-DATE=\"\(date(10))\",PLANNED-DURATION=60,SCTE35-OUT=0xFC00"
        let parsed = try playlist([1: out, 4: form.tag("0xFC0011")])
        let end = try #require(parsed.signals.last)
        #expect(end.time == form.end, "\(form)")
        #expect(parsed.opportunities.first?.end == form.end, "\(form)")
        #expect(parsed.warnings.contains { $0.message.contains("does not decode") })
    }

    /// An end placed at or before the blackout's start is said, with its
    /// line; the blackout does not end with no length.
    @Test func anEndAtTheStart_isAWarning_andTheBlackoutGoesOn() throws {
        let start = "#EXT-X-DATERANGE:ID=\"p1\",START-DATE=\"\(date(10))\",SCTE35-OUT=\(try cue(0x10, event: 7))"
        let end = "#EXT-X-DATERANGE:ID=\"p1-end\",START-DATE=\"\(date(10))\",SCTE35-IN=\(try cue(0x11, event: 7))"
        let parsed = try playlist([1: start, 2: end])
        var detector = BlackoutDetector(policy: DevicePolicy())
        let changes = ProgramSignal.signals(in: parsed.signals, of: parsed).flatMap { detector.take($0) }
        let ignored = changes.compactMap { change -> String? in if case .ignored(let signal, let why) = change { "line \(signal.source.line ?? 0): \(why)" } else { nil } }
        #expect(ignored == ["line 10: a Program End at 10 s, at or before the start of event-7 (10 s); the blackout goes on"])
        #expect(detector.blackouts.map(\.id) == ["event-7"], "still in force")
    }
}
