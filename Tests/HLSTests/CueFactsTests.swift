@testable import HLS
import MediaTime
import SCTE35
import Testing

/// What a decoded cue states for breaks, read in one walk over its command
/// and descriptors: the first descriptor that speaks wins, a splice_insert
/// speaks only when no descriptor does, and cancelled descriptors name
/// their event but state nothing.
@Suite struct CueFactsTests {
    static func descriptor(_ event: UInt32, type: UInt8?, seconds: Int? = nil, blackout: Bool? = nil) -> SpliceDescriptor {
        let details = type.map { type in
            SegmentationDescriptor.Segmentation(
                deliveryRestrictions: blackout.map {
                    .init(webDeliveryAllowed: true, noRegionalBlackout: !$0, archiveAllowed: true, deviceRestrictions: .none)
                },
                segmentationDuration: seconds.map { PTS(ticks: UInt64($0) * 90_000) }, segmentationTypeID: type)
        }
        return .segmentation(SegmentationDescriptor(segmentationEventID: event, segmentation: details))
    }

    static func insert(_ event: UInt32, out: Bool, seconds: Int? = nil) -> SpliceCommand {
        .spliceInsert(SpliceInsert(spliceEventID: event, splice: .init(
            outOfNetwork: out, mode: .program(SpliceTime(ptsTime: nil)),
            breakDuration: seconds.map { BreakDuration(autoReturn: true, duration: PTS(ticks: UInt64($0) * 90_000)) })))
    }

    static func facts(_ command: SpliceCommand, _ descriptors: [SpliceDescriptor]) -> SignalRoles.CueFacts {
        SignalRoles.CueFacts(SpliceInfoSection(command: command, descriptors: descriptors))
    }

    @Test func aSpliceInsertSpeaksWhenNoDescriptorDoes() {
        let facts = Self.facts(Self.insert(7, out: true, seconds: 30), [Self.descriptor(9, type: 0x10)])
        #expect(facts.role == .start)
        #expect(facts.plannedDuration == MediaDuration(seconds: 30))
        #expect(Array(facts.eventIDs) == [7, 9])
        #expect(Self.facts(Self.insert(7, out: false), []).role == .end)
        // A cancelled insert (no splice) states no role.
        let cancelled = SignalRoles.CueFacts(SpliceInfoSection(command: .spliceInsert(SpliceInsert(spliceEventID: 3, splice: nil))))
        #expect(cancelled.role == nil && cancelled.plannedDuration == nil && Array(cancelled.eventIDs) == [3])
    }

    @Test func theFirstDescriptorThatSpeaksWins_overTheInsert() {
        let facts = Self.facts(Self.insert(1, out: true, seconds: 60), [
            Self.descriptor(2, type: nil),  // cancelled: an event, nothing else
            Self.descriptor(3, type: 0x10, seconds: 5),  // programme start: not an ad type
            Self.descriptor(4, type: 0x35, seconds: 10),  // ad end
            Self.descriptor(5, type: 0x34, seconds: 20),  // ad start, with a duration
            Self.descriptor(6, type: 0x36, seconds: 40),
        ])
        #expect(facts.role == .end)
        #expect(facts.plannedDuration == MediaDuration(seconds: 20))
        #expect(Array(facts.eventIDs) == [1, 2, 3, 4, 5, 6])
        #expect(facts.segmentations.map(\.eventID) == [3, 4, 5, 6])
        #expect(facts.segmentations.map(\.typeID) == [0x10, 0x35, 0x34, 0x36])
    }

    @Test func anAdStartWithoutADurationLeavesItToTheNext_thenToTheInsert() {
        let later = Self.facts(.timeSignal(SpliceTime(ptsTime: nil)), [Self.descriptor(1, type: 0x34), Self.descriptor(2, type: 0x30, seconds: 15)])
        #expect(later.role == .start && later.plannedDuration == MediaDuration(seconds: 15) && Array(later.eventIDs) == [1, 2])
        let fromInsert = Self.facts(Self.insert(1, out: true, seconds: 45), [Self.descriptor(2, type: 0x34)])
        #expect(fromInsert.role == .start && fromInsert.plannedDuration == MediaDuration(seconds: 45))
    }

    @Test func regionalBlackoutIsRestrictedDeliveryWithoutTheNoBlackoutFlag() {
        let facts = Self.facts(.timeSignal(SpliceTime(ptsTime: nil)), [
            Self.descriptor(1, type: 0x10, blackout: true), Self.descriptor(2, type: 0x10, blackout: false), Self.descriptor(3, type: 0x10),
        ])
        #expect(facts.segmentations.map(\.regionalBlackout) == [true, false, false])
        #expect(facts.role == nil && facts.plannedDuration == nil)
    }

    @Test func typeSetsHoldExactlyTheirTypes() {
        let starts: Set<UInt8> = [0x22, 0x30, 0x32, 0x34, 0x36, 0x44, 0x46]
        let ends: Set<UInt8> = [0x23, 0x31, 0x33, 0x35, 0x37, 0x45, 0x47, 0x11, 0x12, 0x13, 0x18, 0x41, 0x43, 0x50]
        for type in UInt8.min...UInt8.max {
            #expect(SignalRoles.adStartTypes.contains(type) == starts.contains(type), "type \(type)")
            #expect(SignalRoles.endTypes.contains(type) == ends.contains(type), "type \(type)")
            #expect(SignalRoles.adLevelStartTypes.contains(type) == (type == 0x30 || type == 0x32), "type \(type)")
        }
        let high: SegmentationTypes = [0, 63, 64, 127, 128, 191, 192, 255]
        #expect((UInt8.min...UInt8.max).filter(high.contains) == [0, 63, 64, 127, 128, 191, 192, 255])
    }
}
