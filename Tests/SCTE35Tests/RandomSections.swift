import SCTE35

/// Builds a random but valid section from a list of random numbers, through
/// the encoder's types, so property tests can generate (and shrink) them.
struct RandomSections {
    private var entropy: [Int]
    private var index = 0
    /// When false, every reserved field keeps the standard's all-ones value.
    let randomReserved: Bool

    init(_ entropy: [Int], randomReserved: Bool) {
        self.entropy = entropy.isEmpty ? [0] : entropy
        self.randomReserved = randomReserved
    }

    private mutating func next(_ bits: Int) -> UInt64 {
        let value = UInt64(truncatingIfNeeded: entropy[index % entropy.count]) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index)
        index += 1
        let mixed = value ^ (value >> 29)
        return bits == 64 ? mixed : mixed & ((1 << UInt64(bits)) - 1)
    }

    private mutating func flag() -> Bool { next(1) == 1 }
    private mutating func below(_ count: Int) -> Int { Int(next(16)) % count }
    private mutating func bytes(_ maxCount: Int) -> [UInt8] { (0..<below(maxCount + 1)).map { _ in UInt8(next(8)) } }
    private mutating func reserved(_ bits: Int) -> UInt8 { randomReserved && flag() ? UInt8(next(bits)) : UInt8((1 << bits) - 1) }

    mutating func section() -> SpliceInfoSection {
        var section: SpliceInfoSection
        if below(8) == 0 {
            let commandLength = UInt16(next(12))
            section = SpliceInfoSection(payload: .encrypted(commandLength: commandLength, bytes: bytes(40)))
            section.encryptionAlgorithm = UInt8(next(6))
            // 0xFFF in splice_command_length is the legacy "unknown" marker (SCTE 35 §9.6): a section
            // that writes it is a legacy one, and reads back as such.
            section.legacyCommandLength = commandLength == 0xFFF
        } else {
            let descriptors = (0..<below(5)).map { _ in descriptor() }
            section = SpliceInfoSection(payload: .clear(command: command(), descriptors: descriptors, alignmentStuffing: bytes(3)))
        }
        section.sapType = UInt8(next(2))
        section.ptsAdjustment = PTS(ticks: next(33))
        section.cwIndex = UInt8(next(8))
        section.tier = UInt16(next(12))
        if case .clear(let command, _, _) = section.payload, command.type != 0xFF, command.type != 0x01 {
            section.legacyCommandLength = below(6) == 0
        }
        return section
    }

    private mutating func spliceTime() -> SpliceTime {
        let time = flag() ? SpliceTime(ptsTime: PTS(ticks: next(33))) : SpliceTime(ptsTime: nil)
        return SpliceTime(ptsTime: time.ptsTime, reserved: reserved(time.ptsTime == nil ? 7 : 6))
    }

    private mutating func breakDuration() -> BreakDuration? {
        flag() ? BreakDuration(autoReturn: flag(), duration: PTS(ticks: next(33)), reserved: reserved(6)) : nil
    }

    private mutating func command() -> SpliceCommand {
        switch below(7) {
        case 0: return .spliceNull
        case 1: return .bandwidthReservation
        case 2: return .timeSignal(spliceTime())
        case 3: return .privateCommand(PrivateCommand(identifier: UInt32(next(32)), privateBytes: bytes(20)))
        case 4: return .reserved(type: 0x01, bytes: bytes(10))
        case 5: return .spliceSchedule(SpliceSchedule(events: (0..<below(4)).map { _ in scheduled() }))
        default: return .spliceInsert(spliceInsert())
        }
    }

    private mutating func spliceInsert() -> SpliceInsert {
        var insert = SpliceInsert(spliceEventID: UInt32(next(32)), splice: nil)
        insert.eventIDComplianceFlag = flag()
        insert.reserved = reserved(6)
        guard below(5) != 0 else { return insert }
        let immediate = flag()
        let mode: SpliceInsert.Mode
        if flag() {
            mode = .program(immediate ? nil : spliceTime())
        } else {
            mode = .component((0..<below(4)).map { _ in
                SpliceInsert.Component(componentTag: UInt8(next(8)), spliceTime: immediate ? nil : spliceTime())
            })
        }
        var splice = SpliceInsert.Splice(
            outOfNetwork: flag(), spliceImmediate: immediate, mode: mode, breakDuration: breakDuration(),
            uniqueProgramID: UInt16(next(16)), availNum: UInt8(next(8)), availsExpected: UInt8(next(8)))
        splice.reserved = reserved(4)
        insert.splice = splice
        return insert
    }

    private mutating func scheduled() -> SpliceSchedule.Event {
        var event = SpliceSchedule.Event(spliceEventID: UInt32(next(32)), splice: nil)
        event.reserved = reserved(7)
        guard below(5) != 0 else { return event }
        let mode: SpliceSchedule.Mode = flag()
            ? .program(utcSpliceTime: UInt32(next(32)))
            : .component((0..<below(3)).map { _ in SpliceSchedule.Component(componentTag: UInt8(next(8)), utcSpliceTime: UInt32(next(32))) })
        var splice = SpliceSchedule.Splice(
            outOfNetwork: flag(), mode: mode, breakDuration: breakDuration(),
            uniqueProgramID: UInt16(next(16)), availNum: UInt8(next(8)), availsExpected: UInt8(next(8)))
        splice.reserved = reserved(5)
        event.splice = splice
        return event
    }

    private mutating func descriptor() -> SpliceDescriptor {
        switch below(6) {
        case 0: return .avail(AvailDescriptor(providerAvailID: UInt32(next(32))))
        case 1: return .dtmf(DTMFDescriptor(preroll: UInt8(next(8)), dtmfChars: Array(bytes(7)), reserved: reserved(5)))
        case 2: return .time(TimeDescriptor(taiSeconds: next(48), taiNanoseconds: UInt32(next(32)), utcOffset: UInt16(next(16))))
        case 3:
            let audios = (0..<below(4)).map { _ in
                AudioDescriptor.Audio(componentTag: UInt8(next(8)), isoCode: UInt32(next(24)), bitStreamMode: UInt8(next(3)),
                                      numChannels: UInt8(next(4)), fullServiceAudio: flag())
            }
            return .audio(AudioDescriptor(audios: audios, reserved: reserved(4)))
        case 4: return .other(tag: UInt8(5 + next(8) % 250), identifier: UInt32(next(32)), bytes: bytes(12))
        default: return .segmentation(segmentation())
        }
    }

    private mutating func segmentation() -> SegmentationDescriptor {
        var descriptor = SegmentationDescriptor(segmentationEventID: UInt32(next(32)), segmentation: nil)
        descriptor.eventIDComplianceIndicator = flag()
        descriptor.reserved = reserved(6)
        guard below(5) != 0 else { return descriptor }
        var upid = SegmentationUPID(type: UInt8(next(5)), bytes: bytes(16))
        if upid.type == 0x0D {
            upid = SegmentationUPID(mid: (0..<below(3)).map { _ in SegmentationUPID(type: UInt8(next(4)), bytes: bytes(8)) })
        }
        var segmentation = SegmentationDescriptor.Segmentation(
            components: flag() ? nil : (0..<below(3)).map { _ in
                SegmentationDescriptor.Component(componentTag: UInt8(next(8)), ptsOffset: PTS(ticks: next(33)), reserved: reserved(7))
            },
            segmentationDuration: flag() ? PTS(ticks: next(40)) : nil,
            upid: upid, segmentationTypeID: UInt8(next(8)), segmentNum: UInt8(next(8)), segmentsExpected: UInt8(next(8)),
            subSegment: flag() ? .init(subSegmentNum: UInt8(next(8)), subSegmentsExpected: UInt8(next(8))) : nil
        )
        if flag() {
            segmentation.deliveryRestrictions = .init(
                webDeliveryAllowed: flag(), noRegionalBlackout: flag(), archiveAllowed: flag(),
                deviceRestrictions: SegmentationDescriptor.DeviceRestrictions(rawValue: UInt8(next(2))) ?? .none)
        } else {
            segmentation.unrestrictedReserved = reserved(5)
        }
        descriptor.segmentation = segmentation
        return descriptor
    }
}
