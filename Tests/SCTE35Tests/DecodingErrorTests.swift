import SCTE35
import Testing

/// Bad input: typed errors with their place, never a crash.
@Suite struct DecodingErrorTests {
    private let sample = SectionSamples.bytes(SectionSamples.all[1])

    private func error(_ body: () throws -> DecodedSpliceInfo) -> SCTE35Error? {
        do {
            _ = try body()
            return nil
        } catch let error as SCTE35Error {
            return error
        } catch {
            Issue.record("untyped error \(error)")
            return nil
        }
    }

    @Test func emptyInput() {
        #expect(error { try SpliceInfoDecoder().decode([]) }?.kind == .emptyInput)
        #expect(error { try SpliceInfoDecoder().decode(text: "  \n") }?.kind == .emptyInput)
    }

    @Test func badBase64_namesTheCharacter() {
        let failure = error { try SpliceInfoDecoder().decode(text: "/DAv*AAA") }
        #expect(failure?.kind == .invalidText)
        #expect(failure?.location == .character(4))
        #expect(error { try SpliceInfoDecoder().decode(text: "/DAvA") }?.kind == .invalidText)
    }

    @Test func hexInAnyCaseWithOrWithoutPrefix() throws {
        let hex = PayloadText.hex(sample)
        for text in [hex, hex.uppercased(), "0x" + hex, "0X" + hex.uppercased()] {
            #expect(try SpliceInfoDecoder().decode(text: text).section.crc32 == 0x62DB_A30A)
        }
        #expect(error { try SpliceInfoDecoder().decode(text: "0xfc3") }?.kind == .invalidText)
        #expect(error { try SpliceInfoDecoder().decode(text: "0xfg") }?.location == .character(3))
    }

    @Test func badCRC_isAnErrorOrAWarningOnRequest() throws {
        var corrupt = sample
        corrupt[corrupt.count - 1] ^= 0x01
        let failure = error { try SpliceInfoDecoder().decode(corrupt) }
        #expect(failure?.kind == .crcMismatch)
        #expect(failure?.bitOffset == (sample.count - 4) * 8)
        let accepted = try SpliceInfoDecoder(crcMismatch: .warn).decode(corrupt)
        #expect(accepted.warnings.map(\.field) == ["splice_info_section().CRC_32"])
        #expect(accepted.section.crc32 == 0x62DB_A30B)
    }

    @Test func truncatedAtEveryByteBoundary_isATypedError() {
        for length in 0..<sample.count {
            let failure = error { try SpliceInfoDecoder().decode(Array(sample.prefix(length))) }
            #expect(failure != nil, "prefix of \(length) bytes decoded")
        }
        // A section cut short but with section_length (and the CRC) made to agree:
        // the structure itself runs out.
        for length in 15..<sample.count {
            var bytes = Array(sample.prefix(length))
            bytes[1] = 0x30 | UInt8((length - 3) >> 8)
            bytes[2] = UInt8((length - 3) & 0xFF)
            let crc = CRC32.checksum(bytes.prefix(length - 4))
            bytes.replaceSubrange((length - 4)..., with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) })
            #expect(error { try SpliceInfoDecoder().decode(bytes) } != nil, "\(length) bytes")
        }
    }

    @Test func sectionLengthBeyondThePayload_saysHowMuchIsMissing() {
        let failure = error { try SpliceInfoDecoder().decode(Array(sample.dropLast(3))) }
        #expect(failure?.kind == .lengthOverrun)
        #expect(failure?.field == "splice_info_section().section_length")
        #expect(failure?.bitOffset == 12)
        #expect(failure?.message.contains("needs 50 bytes, but the payload has 47") == true)
    }

    @Test func trailingBytes_areAnError() {
        #expect(error { try SpliceInfoDecoder().decode(sample + [0]) }?.kind == .trailingBytes)
    }

    @Test func wrongTableID() {
        var bytes = sample
        bytes[0] = 0xFD
        #expect(error { try SpliceInfoDecoder().decode(bytes) }?.kind == .invalidValue)
    }

    @Test func hugeDescriptorLoopLength_isAnOverrunNotAnAllocation() throws {
        var section = try SpliceInfoDecoder().decode(sample).section
        section.payload = .clear(command: .spliceNull, descriptors: [], alignmentStuffing: [])
        var bytes = try SpliceInfoEncoder.encode(section)
        bytes[14] = 0xFF
        bytes[15] = 0xFF
        let crc = CRC32.checksum(bytes.dropLast(4))
        bytes.replaceSubrange((bytes.count - 4)..., with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) })
        let failure = error { try SpliceInfoDecoder().decode(bytes) }
        #expect(failure?.kind == .lengthOverrun)
        #expect(failure?.field == "splice_info_section().descriptor_loop_length")
    }

    @Test func alignmentStuffing_isKept() throws {
        let section = SpliceInfoSection(payload: .clear(command: .spliceNull, descriptors: [], alignmentStuffing: [0xFF, 0xFF, 0xFF]))
        let decoded = try SpliceInfoDecoder().decode(try SpliceInfoEncoder.encode(section))
        guard case .clear(_, _, let stuffing) = decoded.section.payload else { Issue.record("not clear"); return }
        #expect(stuffing == [0xFF, 0xFF, 0xFF])
    }

    @Test func encryptedSection_decodesTheHeaderAndKeepsTheRest() throws {
        var section = SpliceInfoSection(payload: .encrypted(commandLength: 5, bytes: [0x06, 1, 2, 3, 4, 5, 0, 0, 9, 9, 9, 9, 0xFF, 0xFF]))
        section.encryptionAlgorithm = 1
        section.cwIndex = 7
        let bytes = try SpliceInfoEncoder.encode(section)
        #expect(bytes[4] & 0x80 != 0)
        let decoded = try SpliceInfoDecoder().decode(bytes)
        #expect(decoded.section.isEncrypted)
        #expect(decoded.section.cwIndex == 7)
        #expect(decoded.section.command == nil)
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings[0].message.contains("DES – ECB mode"))
        #expect(try SpliceInfoEncoder.encode(decoded.section) == bytes)
    }

    @Test func ptsAdjustment_wrapsAt2To33() throws {
        let section = SpliceInfoSection(
            command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: (1 << 33) - 90_000))), ptsAdjustment: PTS(ticks: 180_000))
        let decoded = try SpliceInfoDecoder().decode(try SpliceInfoEncoder.encode(section))
        #expect(decoded.section.adjustedPTSTime == PTS(ticks: 90_000))
        #expect(decoded.section.adjustedPTSTime?.mediaTicks == 9_000_000)
        #expect(PTS(ticks: 1_924_989_008).secondsText == "21388.766756")
        #expect(PTS(ticks: 89_999).secondsText == "0.999989")
    }

    @Test func commandLengthThatDisagreesWithTheCommand_isAnError() throws {
        var bytes = sample
        bytes[12] = 21
        let crc = CRC32.checksum(bytes.dropLast(4))
        bytes.replaceSubrange((bytes.count - 4)..., with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) })
        let failure = error { try SpliceInfoDecoder().decode(bytes) }
        #expect(failure?.field == "splice_info_section().splice_command_length")
        #expect(failure?.bitOffset == 92)
    }
}
