/// Decodes `splice_info_section()`s from bytes or from base64/hex text.
///
/// ```swift
/// let decoded = try SpliceInfoDecoder().decode(text: "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=")
/// if case .spliceInsert(let insert) = decoded.section.command { print(insert.spliceEventID) }  // 1207959695
/// ```
///
/// Decoding is pure and bounded: nothing is allocated beyond what the input
/// bytes back, whatever a length field claims. Problems that stop decoding
/// throw ``SCTE35Error`` with the bit offset and field; tolerated departures
/// from the standard are returned as warnings.
///
/// - Complexity: O(n) in the section's length.
public struct SpliceInfoDecoder: Sendable {
    /// What to do when `CRC_32` does not match the bytes.
    public enum CRCMismatch: Sendable, Hashable {
        /// Throw ``SCTE35Error/Kind/crcMismatch`` (the default).
        case reject
        /// Decode anyway and add a warning.
        case warn
    }

    /// What to do when `CRC_32` does not match.
    public var crcMismatch: CRCMismatch

    /// Creates a decoder.
    public init(crcMismatch: CRCMismatch = .reject) {
        self.crcMismatch = crcMismatch
    }

    /// Decodes a section given as base64 or hex text (see ``PayloadText``).
    public func decode(text: some StringProtocol) throws(SCTE35Error) -> DecodedSpliceInfo {
        try decode(PayloadText.decode(text))
    }

    /// Decodes a section from its bytes, which must hold exactly one section.
    public func decode(_ bytes: [UInt8]) throws(SCTE35Error) -> DecodedSpliceInfo {
        try bytes.withUnsafeBufferPointer { buffer throws(SCTE35Error) in try decode(buffer) }
    }

    /// Decodes a section from its bytes, which must hold exactly one section.
    public func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(SCTE35Error) -> DecodedSpliceInfo {
        guard !bytes.isEmpty else { throw SCTE35Error(.emptyInput, at: .bit(0), field: "splice_info_section()", "no bytes") }
        var reader = BitReader(bytes, limitBytes: bytes.count)
        let tableID = try reader.byte("table_id")
        guard tableID == 0xFC else {
            throw reader.error(.invalidValue, "table_id", "is 0x\(PayloadText.hex([tableID])), a splice_info_section has 0xfc", at: 0)
        }
        var section = SpliceInfoSection(payload: .clear(command: .spliceNull, descriptors: [], alignmentStuffing: []))
        section.sectionSyntaxIndicator = try reader.flag("section_syntax_indicator")
        if section.sectionSyntaxIndicator {
            reader.warn("section_syntax_indicator", "is 1, the standard requires 0 (MPEG short sections)", at: 8)
        }
        section.privateIndicator = try reader.flag("private_indicator")
        if section.privateIndicator { reader.warn("private_indicator", "is 1, the standard requires 0", at: 9) }
        section.sapType = UInt8(try reader.bits(2, "sap_type"))
        let sectionLength = Int(try reader.bits(12, "section_length"))
        try checkSectionLength(sectionLength, in: &reader, byteCount: bytes.count)
        let crcStart = (3 + sectionLength - 4) * 8
        try checkCRC(bytes, sectionEnd: 3 + sectionLength, in: &reader, section: &section)
        reader.limit = crcStart
        try decodeHeader(into: &section, reader: &reader)
        return DecodedSpliceInfo(section: section, warnings: reader.warnings)
    }

    private func checkSectionLength(_ length: Int, in reader: inout BitReader, byteCount: Int) throws(SCTE35Error) {
        // protocol_version through descriptor_loop_length is 11 bytes, CRC_32 four more.
        guard length >= 15 else {
            throw reader.error(.invalidValue, "section_length", "is \(length), the fixed fields and CRC_32 alone take 15 bytes", at: 12)
        }
        guard 3 + length <= byteCount else {
            throw reader.error(.lengthOverrun, "section_length",
                               "is \(length), so the section needs \(3 + length) bytes, but the payload has \(byteCount)", at: 12)
        }
        guard 3 + length == byteCount else {
            throw SCTE35Error(.trailingBytes, at: .bit((3 + length) * 8), field: "splice_info_section()",
                              "\(byteCount - 3 - length) bytes follow the end of the section (section_length \(length))")
        }
        if length > 4093 { reader.warn("section_length", "is \(length), the standard allows at most 4093", at: 12) }
    }

    private func checkCRC(
        _ bytes: UnsafeBufferPointer<UInt8>, sectionEnd: Int, in reader: inout BitReader, section: inout SpliceInfoSection
    ) throws(SCTE35Error) {
        let crcOffset = sectionEnd - 4
        var stored: UInt32 = 0
        for index in crcOffset..<sectionEnd { stored = stored << 8 | UInt32(bytes[index]) }
        section.crc32 = stored
        let computed = CRC32.checksum(UnsafeBufferPointer(rebasing: bytes[0..<crcOffset]))
        guard computed != stored else { return }
        let message = "is 0x\(hex32(stored)), the bytes give 0x\(hex32(computed))"
        switch crcMismatch {
        case .reject:
            throw SCTE35Error(.crcMismatch, at: .bit(crcOffset * 8), field: "splice_info_section().CRC_32", message)
        case .warn:
            reader.warn("CRC_32", message + "; accepted on request", at: crcOffset * 8)
        }
    }

    private func decodeHeader(into section: inout SpliceInfoSection, reader: inout BitReader) throws(SCTE35Error) {
        section.protocolVersion = try reader.byte("protocol_version")
        if section.protocolVersion != 0 {
            reader.warn("protocol_version", "is \(section.protocolVersion); only 0 is defined, later fields may mean something else", at: 24)
        }
        let encrypted = try reader.flag("encrypted_packet")
        section.encryptionAlgorithm = UInt8(try reader.bits(6, "encryption_algorithm"))
        section.ptsAdjustment = PTS(ticks: try reader.bits(33, "pts_adjustment"))
        section.cwIndex = try reader.byte("cw_index")
        section.tier = UInt16(try reader.bits(12, "tier"))
        let commandLength = UInt16(try reader.bits(12, "splice_command_length"))
        section.legacyCommandLength = commandLength == 0xFFF
        if encrypted {
            let start = reader.position
            let bytes = try reader.bytes(reader.remaining / 8, "splice_command_type")
            let algorithm = EncryptionAlgorithm.name(of: section.encryptionAlgorithm)
            reader.warn("encrypted_packet",
                        "the section is encrypted (\(algorithm), cw_index \(section.cwIndex)); the splice command, descriptors"
                            + " and E_CRC_32 are kept as \(bytes.count) undecoded bytes", at: start)
            section.payload = .encrypted(commandLength: commandLength, bytes: bytes)
            return
        }
        let command = try reader.command(length: section.legacyCommandLength ? nil : Int(commandLength))
        let descriptors = try reader.descriptorLoop()
        let stuffing = try reader.bytes(reader.remaining / 8, "alignment_stuffing")
        section.payload = .clear(command: command, descriptors: descriptors, alignmentStuffing: stuffing)
    }
}

func hex32(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
}

/// Names of `encryption_algorithm` values (SCTE 35 §11.3, Table 29).
public enum EncryptionAlgorithm {
    /// The Table 29 name of an `encryption_algorithm` value.
    public static func name(of value: UInt8) -> String {
        switch value {
        case 0: "No encryption"
        case 1: "DES – ECB mode"
        case 2: "DES – CBC mode"
        case 3: "Triple DES EDE3 – ECB mode"
        case 4...31: "Reserved"
        default: "User private"
        }
    }
}
