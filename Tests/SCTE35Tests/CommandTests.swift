import SCTE35
import Testing

/// Each splice command through encode → decode, with its fields and bytes.
@Suite struct CommandTests {
    private func roundTrip(_ section: SpliceInfoSection) throws -> DecodedSpliceInfo {
        let bytes = try SpliceInfoEncoder.encode(section)
        let decoded = try SpliceInfoDecoder().decode(bytes)
        #expect(try SpliceInfoEncoder.encode(decoded.section) == bytes)
        var expected = section
        expected.crc32 = decoded.section.crc32
        #expect(decoded.section == expected)
        return decoded
    }

    @Test func spliceNull_isTheSmallestSection() throws {
        let section = SpliceInfoSection(command: .spliceNull)
        let bytes = try SpliceInfoEncoder.encode(section)
        #expect(PayloadText.hex(bytes) == "fc3011000000000000fffff000000000761dd3b6")
        #expect(try roundTrip(section).warnings.isEmpty)
    }

    @Test func bandwidthReservation_hasNoBody() throws {
        let decoded = try roundTrip(SpliceInfoSection(command: .bandwidthReservation))
        #expect(decoded.section.command == .bandwidthReservation)
        #expect(decoded.section.spliceCommandLength == 0)
    }

    @Test func privateCommand_keepsIdentifierAndBytes() throws {
        let command = PrivateCommand(identifier: 0x4142_4344, privateBytes: [1, 2, 3, 0xFF])
        let decoded = try roundTrip(SpliceInfoSection(command: .privateCommand(command)))
        #expect(decoded.section.command == .privateCommand(command))
        #expect(decoded.section.spliceCommandLength == 8)
    }

    @Test func spliceSchedule_programComponentAndCancelledEvents() throws {
        var cancelled = SpliceSchedule.Event(spliceEventID: 3, splice: nil)
        cancelled.reserved = 0x7F
        let schedule = SpliceSchedule(events: [
            SpliceSchedule.Event(spliceEventID: 1, splice: SpliceSchedule.Splice(
                outOfNetwork: true, mode: .program(utcSpliceTime: 1_400_000_000),
                breakDuration: BreakDuration(autoReturn: true, duration: PTS(ticks: 2_700_000)),
                uniqueProgramID: 7, availNum: 1, availsExpected: 2)),
            SpliceSchedule.Event(spliceEventID: 2, splice: SpliceSchedule.Splice(
                outOfNetwork: false, mode: .component([
                    SpliceSchedule.Component(componentTag: 0x21, utcSpliceTime: 1_400_000_030),
                    SpliceSchedule.Component(componentTag: 0x22, utcSpliceTime: 1_400_000_031),
                ]))),
            cancelled,
        ])
        let decoded = try roundTrip(SpliceInfoSection(command: .spliceSchedule(schedule)))
        guard case .spliceSchedule(let read) = decoded.section.command else { Issue.record("not a schedule"); return }
        #expect(read.events.count == 3)
        #expect(read.events[0].splice?.breakDuration?.duration.ticks == 2_700_000)
        #expect(read.events[1].splice?.mode == .component([
            SpliceSchedule.Component(componentTag: 0x21, utcSpliceTime: 1_400_000_030),
            SpliceSchedule.Component(componentTag: 0x22, utcSpliceTime: 1_400_000_031),
        ]))
        #expect(read.events[2].splice == nil)
    }

    @Test func spliceInsert_componentModeWithPerComponentTimes() throws {
        let insert = SpliceInsert(spliceEventID: 0x1234_5678, splice: SpliceInsert.Splice(
            outOfNetwork: true,
            mode: .component([
                SpliceInsert.Component(componentTag: 1, spliceTime: SpliceTime(ptsTime: PTS(ticks: 900_000))),
                SpliceInsert.Component(componentTag: 2, spliceTime: SpliceTime(ptsTime: nil)),
            ]),
            breakDuration: BreakDuration(autoReturn: false, duration: PTS(ticks: 5_400_000)),
            uniqueProgramID: 0xBEEF, availNum: 3, availsExpected: 4
        ))
        let decoded = try roundTrip(SpliceInfoSection(command: .spliceInsert(insert), ptsAdjustment: PTS(ticks: 100)))
        guard case .spliceInsert(let read) = decoded.section.command else { Issue.record("not an insert"); return }
        #expect(read == insert)
        // The first component's time is the default pts_time (§9.9.2.1).
        #expect(decoded.section.adjustedPTSTime == PTS(ticks: 900_100))
    }

    @Test func spliceInsert_immediateAndCancelled() throws {
        let immediate = SpliceInsert(spliceEventID: 9, splice: SpliceInsert.Splice(
            outOfNetwork: false, spliceImmediate: true, mode: .component([SpliceInsert.Component(componentTag: 5, spliceTime: nil)])))
        #expect(try roundTrip(SpliceInfoSection(command: .spliceInsert(immediate))).section.adjustedPTSTime == nil)
        let cancelled = SpliceInsert(spliceEventID: 10, splice: nil)
        let decoded = try roundTrip(SpliceInfoSection(command: .spliceInsert(cancelled)))
        #expect(decoded.section.spliceCommandLength == 5)
    }

    @Test func encoderRejectsATimeThatContradictsTheImmediateFlag() {
        let insert = SpliceInsert(spliceEventID: 1, splice: SpliceInsert.Splice(
            outOfNetwork: true, spliceImmediate: true, mode: .program(SpliceTime(ptsTime: PTS(ticks: 1)))))
        #expect(throws: SCTE35Error.self) { try SpliceInfoEncoder.encode(SpliceInfoSection(command: .spliceInsert(insert))) }
    }

    @Test func encoderRejectsAPTSWiderThan33Bits() {
        let section = SpliceInfoSection(command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 1 << 33))))
        #expect {
            try SpliceInfoEncoder.encode(section)
        } throws: { error in
            (error as? SCTE35Error)?.field == "time_signal().splice_time().pts_time"
        }
    }

    @Test func reservedCommandType_isKeptAsBytesWithAWarning() throws {
        let section = SpliceInfoSection(command: .reserved(type: 0x02, bytes: [0xAA, 0xBB]))
        let decoded = try SpliceInfoDecoder().decode(try SpliceInfoEncoder.encode(section))
        #expect(decoded.section.command == .reserved(type: 0x02, bytes: [0xAA, 0xBB]))
        #expect(decoded.warnings.count == 1)
    }

    @Test func legacyCommandLength_0xFFF_isDecodedByParsingAndWrittenBack() throws {
        var section = SpliceInfoSection(command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 42))))
        section.legacyCommandLength = true
        let bytes = try SpliceInfoEncoder.encode(section)
        #expect(bytes[11] & 0x0F == 0x0F && bytes[12] == 0xFF)
        let decoded = try SpliceInfoDecoder().decode(bytes)
        #expect(decoded.section.legacyCommandLength)
        #expect(decoded.section.command?.ptsTime == PTS(ticks: 42))
    }
}
