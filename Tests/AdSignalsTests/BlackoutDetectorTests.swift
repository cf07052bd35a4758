import AdSignals
import MediaTime
import SCTE35
import Testing

/// Restrictions as a cue carries them: web, regional, archive flags (true
/// = allowed) and the restricted group (nil = none).
struct Flags: Sendable, CustomStringConvertible {
    var web = true
    var regional = true
    var archive = true
    var group: UInt8?

    static let allowed = Flags()
    static let web = Flags(web: false)
    static let regional = Flags(regional: false)
    static func group(_ group: UInt8) -> Flags { Flags(group: group) }

    var description: String { "web=\(web ? 1 : 0) regional=\(regional ? 1 : 0) archive=\(archive ? 1 : 0) group=\(group.map(String.init) ?? "none")" }
}

/// The programme signals of a time_signal cue with one segmentation
/// descriptor, encoded and decoded again as a stream would carry it;
/// `flags` nil sets delivery_not_restricted_flag.
func signals(_ type: UInt8, event: UInt32 = 7, flags: Flags? = .web, seconds: UInt64? = nil, at time: Int64,
             cancel: Bool = false) throws -> [ProgramSignal] {
    let restrictions = flags.map {
        SegmentationDescriptor.DeliveryRestrictions(
            webDeliveryAllowed: $0.web, noRegionalBlackout: $0.regional, archiveAllowed: $0.archive,
            deviceRestrictions: $0.group.flatMap(SegmentationDescriptor.DeviceRestrictions.init(rawValue:)) ?? .none)
    }
    let segmentation = SegmentationDescriptor.Segmentation(
        deliveryRestrictions: restrictions, segmentationDuration: seconds.map { PTS(ticks: $0 * 90_000) }, segmentationTypeID: type)
    let section = SpliceInfoSection(
        command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 90_000))),
        descriptors: [.segmentation(SegmentationDescriptor(segmentationEventID: event, segmentation: cancel ? nil : segmentation))])
    let decoded = try SpliceInfoDecoder().decode(try SpliceInfoEncoder.encode(section))
    return ProgramSignal.signals(in: decoded.section, at: StreamTime(seconds: time), date: nil,
                                 source: ProgramSignal.Source(tag: "#EXT-X-SCTE35", line: Int(time)))
}

/// One signal; fails when the cue is not a programme signal.
func signal(_ type: UInt8, event: UInt32 = 7, flags: Flags? = .web, seconds: UInt64? = nil, at time: Int64,
            cancel: Bool = false) throws -> ProgramSignal {
    try #require(try signals(type, event: event, flags: flags, seconds: seconds, at: time, cancel: cancel).first)
}

/// What a run of changes says, one short line each: `start event-7 @10`, `end event-7 @30`.
func summary(_ changes: [BlackoutChange]) -> [String] {
    changes.compactMap { change in
        switch change {
        case .started(let blackout): "start \(blackout.id) @\(blackout.start.seconds)"
        case .updated(let blackout): "update \(blackout.id) until \(blackout.plannedEnd.map { "\($0.seconds)" } ?? "open")"
        case .ended(let blackout): "end \(blackout.id) @\(blackout.end!.seconds)"
        case .notRestricted: "not restricted"
        case .ignored: "ignored"
        }
    }
}

@Suite struct BlackoutDetectorTests {
    /// Each restriction flag against each device policy (SCTE 35 §10.3.3.9, DESIGN: Blackout).
    @Test(arguments: [
        (Flags.web, DevicePolicy(delivery: .web, region: .inside), true),
        (Flags.web, DevicePolicy(delivery: .web, region: .outside), true),
        (Flags.web, DevicePolicy(delivery: .managed, region: .inside), false),
        (Flags.web, DevicePolicy(delivery: .managed, region: .outside), false),
        (Flags.regional, DevicePolicy(delivery: .web, region: .inside), true),
        (Flags.regional, DevicePolicy(delivery: .web, region: .outside), false),
        (Flags.regional, DevicePolicy(delivery: .managed, region: .inside), true),
        (Flags.regional, DevicePolicy(delivery: .managed, region: .outside), false),
        (Flags.group(1), DevicePolicy(group: 1), true),
        (Flags.group(1), DevicePolicy(group: 0), false),
        (Flags.group(1), DevicePolicy(group: nil), false),
        (Flags.group(0), DevicePolicy(delivery: .managed, region: .outside, group: 0), true),
        (Flags.group(2), DevicePolicy(delivery: .managed, region: .outside, group: 2), true),
        (Flags.allowed, DevicePolicy(), false),
        (Flags(archive: false), DevicePolicy(), false),
    ])
    func eachFlag_againstEachDevice(_ flags: Flags, _ policy: DevicePolicy, _ restricted: Bool) throws {
        var detector = BlackoutDetector(policy: policy)
        let changes = detector.take(try signal(0x10, flags: flags, at: 10))
        #expect(summary(changes) == [restricted ? "start event-7 @10.0" : "not restricted"], "\(flags) on \(policy)")
    }

    @Test func deliveryNotRestricted_neverBlacksOut() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        let changes = detector.take(try signal(0x10, flags: nil, at: 10))
        guard case .notRestricted(_, let verdict) = try #require(changes.only) else { Issue.record("\(changes)"); return }
        #expect(verdict.notes == ["delivery is not restricted"])
    }

    /// Every start type opens a blackout when its restrictions match.
    @Test(arguments: [0x10, 0x14, 0x17, 0x19, 0x40] as [UInt8])
    func eachStartType_opensABlackout(_ type: UInt8) throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        let changes = detector.take(try signal(type, at: 10))
        #expect(summary(changes) == ["start event-7 @10.0"])
        guard case .started(let blackout) = try #require(changes.only) else { Issue.record("expected .started"); return }
        #expect(blackout.openedBy.segmentationTypeID == type)
        #expect(blackout.verdict.reasons == [.webDelivery])
    }

    /// Ad, placement and chapter types are never programme signals, whatever
    /// their flags; Alternate Content Opportunity is one, but not a blackout.
    @Test(arguments: [0x20, 0x22, 0x30, 0x32, 0x34, 0x36, 0x44, 0x46] as [UInt8])
    func adAndChapterTypes_withWebDeliveryForbidden_areNoBlackout(_ type: UInt8) throws {
        #expect(try signals(type, flags: .web, at: 10).isEmpty)
    }

    @Test func alternateContentOpportunity_isNotABlackout() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        #expect(detector.take(try signal(0x42, flags: .web, seconds: 30, at: 10)).isEmpty)
        #expect(detector.take(try signal(0x43, at: 40)).isEmpty)
        #expect(detector.blackouts.isEmpty)
    }

    /// Each end type closes the blackout its start opened; the end's own
    /// restrictions (here: everything allowed) are ignored.
    @Test(arguments: [(0x10, 0x11), (0x10, 0x12), (0x19, 0x11), (0x17, 0x12), (0x40, 0x41)] as [(UInt8, UInt8)])
    func eachEndType_closesItsStart_ignoringItsRestrictions(_ start: UInt8, _ end: UInt8) throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        var changes = detector.take(try signal(start, at: 10))
        changes += detector.take(try signal(end, flags: nil, at: 30))
        #expect(summary(changes) == ["start event-7 @10.0", "end event-7 @30.0"])
        #expect(detector.blackouts.isEmpty)
    }

    @Test func anEndOfAnotherEvent_orWithNoStart_isIgnored() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        #expect(summary(detector.take(try signal(0x11, event: 9, at: 5))) == ["ignored"])
        _ = detector.take(try signal(0x10, event: 7, at: 10))
        #expect(summary(detector.take(try signal(0x11, event: 8, at: 20))) == ["ignored"])
        #expect(detector.blackouts.map(\.id) == ["event-7"])
    }

    @Test func theSegmentationDurationRunningOut_endsIt() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        #expect(summary(detector.take(try signal(0x10, seconds: 20, at: 10))) == ["start event-7 @10.0"])
        #expect(detector.advance(to: StreamTime(seconds: 29)).isEmpty)
        #expect(summary(detector.advance(to: StreamTime(seconds: 45))) == ["end event-7 @30.0"])
    }

    /// An end at the planned end pairs with its start; one after the
    /// duration ran out, or repeated in another dialect, says nothing new.
    @Test func anEndAtOrAfterThePlannedEnd_orRepeated_isNotAnUnpairedEnd() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        _ = detector.take(try signal(0x10, event: 1, seconds: 20, at: 10))
        let atEnd = detector.take(try signal(0x11, event: 1, at: 30))
        #expect(summary(atEnd) == ["end event-1 @30.0"])
        guard case .ended(let ended) = atEnd.first else { Issue.record("expected .ended, got \(String(describing: atEnd.first))"); return }
        #expect(ended.sources.last?.tag == "#EXT-X-SCTE35", "ended by the Program End, not by the duration")
        #expect(detector.take(try signal(0x11, event: 1, at: 30)).isEmpty)
        _ = detector.take(try signal(0x10, event: 2, seconds: 20, at: 40))
        #expect(summary(detector.take(try signal(0x11, event: 2, at: 64))) == ["end event-2 @60.0"])
    }

    /// A runover's duration runs from the runover: it replaces the end, it does not add to it.
    @Test(arguments: [0x15, 0x16] as [UInt8])
    func aRunover_movesThePlannedEnd(_ type: UInt8) throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        _ = detector.take(try signal(0x10, seconds: 20, at: 10))
        #expect(summary(detector.take(try signal(type, flags: nil, seconds: 15, at: 25))) == ["update event-7 until 40.0"])
        #expect(detector.advance(to: StreamTime(seconds: 39)).isEmpty)
        #expect(summary(detector.advance(to: StreamTime(seconds: 40))) == ["end event-7 @40.0"])
    }

    @Test func aRunoverWithNoDuration_leavesTheEndOpen() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        _ = detector.take(try signal(0x10, seconds: 20, at: 10))
        #expect(summary(detector.take(try signal(0x16, flags: nil, at: 25))) == ["update event-7 until open"])
        #expect(detector.advance(to: StreamTime(seconds: 3_600)).isEmpty)
        #expect(summary(detector.take(try signal(0x11, at: 4_000))) == ["end event-7 @4000.0"])
    }

    @Test func aRunoverOfNothingRunning_isIgnored() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        #expect(summary(detector.take(try signal(0x15, seconds: 10, at: 25))) == ["ignored"])
    }

    /// An override replaces the running programme's restrictions: a blackout
    /// starts and ends mid-programme because of it.
    @Test func anOverride_startsAndEndsABlackoutMidProgramme() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        var changes = detector.take(try signal(0x10, flags: nil, at: 10))
        changes += detector.take(try signal(0x18, flags: .web, at: 20))
        changes += detector.take(try signal(0x18, flags: nil, at: 40))
        changes += detector.take(try signal(0x11, flags: nil, at: 60))
        #expect(summary(changes) == ["not restricted", "start event-7 @20.0", "end event-7 @40.0", "not restricted"])
    }

    @Test func anOverrideOfAnotherEvent_isIgnored() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        _ = detector.take(try signal(0x10, event: 7, at: 10))
        #expect(summary(detector.take(try signal(0x18, event: 8, flags: nil, at: 20))) == ["ignored"])
        #expect(detector.blackouts.map(\.id) == ["event-7"])
    }

    /// The most recent message wins: a start repeated with other flags.
    @Test func theMostRecentMessageWins() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        var changes = detector.take(try signal(0x10, flags: nil, at: 10))
        changes += detector.take(try signal(0x10, flags: .web, at: 20))
        changes += detector.take(try signal(0x10, flags: .web, at: 25))
        changes += detector.take(try signal(0x10, flags: .regional, at: 30))
        changes += detector.take(try signal(0x10, flags: nil, at: 40))
        #expect(summary(changes) == ["not restricted", "start event-7 @20.0", "update event-7 until open", "end event-7 @40.0", "not restricted"])
    }

    @Test func networkEnd_blacksOutWhateverItsFlags_untilNetworkStart() throws {
        var detector = BlackoutDetector(policy: DevicePolicy(delivery: .managed, region: .outside))
        var changes = detector.take(try signal(0x51, event: 3, flags: nil, at: 10))
        changes += detector.take(try signal(0x51, event: 3, flags: nil, at: 12))
        changes += detector.take(try signal(0x50, event: 4, flags: nil, at: 50))
        #expect(summary(changes) == ["start network-3 @10.0", "end network-3 @50.0"])
        guard case .started(let blackout) = changes.first else { Issue.record("expected .started, got \(String(describing: changes.first))"); return }
        #expect(blackout.verdict.reasons == [.networkOff])
    }

    @Test func aBreakawayTakesTheProgrammeOffTheAir_untilItsResumption() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        var changes = detector.take(try signal(0x10, seconds: 3_600, at: 10))
        changes += detector.take(try signal(0x13, flags: nil, at: 20))
        changes += detector.take(try signal(0x14, flags: nil, at: 30))
        #expect(summary(changes) == ["start event-7 @10.0", "end event-7 @20.0", "start event-7 @30.0"])
        #expect(detector.blackouts.first?.plannedEnd == StreamTime(seconds: 3_610), "the duration clock runs on through the breakaway")
    }

    @Test func aCancel_endsTheEvent() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        var changes = detector.take(try signal(0x10, at: 10))
        changes += detector.take(try signal(0x10, at: 15, cancel: true))
        changes += detector.take(try signal(0x10, event: 99, at: 16, cancel: true))
        #expect(summary(changes) == ["start event-7 @10.0", "end event-7 @15.0", "ignored"])
    }

    @Test func archiveForbidden_isKeptOnTheBlackout() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        guard case .started(let blackout) = try #require(detector.take(try signal(0x10, flags: Flags(web: false, archive: false), at: 10)).only) else {
            return
        }
        #expect(!blackout.archiveAllowed)
    }

    @Test func runningProgrammesAreBounded() throws {
        var detector = BlackoutDetector(policy: DevicePolicy())
        var ignored = 0
        for event in 0..<UInt32(BlackoutDetector.runningLimit + 10) {
            for change in detector.take(try signal(0x10, event: event, at: Int64(event))) {
                if case .ignored = change { ignored += 1 }
            }
        }
        #expect(ignored == 10)
        #expect(detector.blackouts.count == BlackoutDetector.runningLimit)
        #expect(detector.blackouts.first?.id == "event-10")
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}
