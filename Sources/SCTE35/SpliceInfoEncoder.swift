/// Encodes ``SpliceInfoSection`` values to bytes, deriving every length
/// field and the CRC.
///
/// Every section ``SpliceInfoDecoder`` returns encodes back to the bytes it
/// was decoded from (reserved bits and legacy lengths included). Values
/// that do not fit their fields throw ``SCTE35Error/Kind/valueOutOfRange``
/// naming the field.
///
/// ```swift
/// let cue = SpliceInfoSection(command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 900_000))))
/// let base64 = try SpliceInfoEncoder.base64(cue)
/// ```
public enum SpliceInfoEncoder {
    /// The section's bytes, `table_id` through `CRC_32`.
    public static func encode(_ section: SpliceInfoSection) throws(SCTE35Error) -> [UInt8] {
        var writer = BitWriter()
        try writer.header(section)
        let commandLengthAt = 92
        switch section.payload {
        case .encrypted(let commandLength, let bytes):
            try writer.write(UInt64(commandLength), bits: 12, "splice_command_length")
            writer.append(bytes)
        case .clear(let command, let descriptors, let stuffing):
            writer.put12(0)
            let commandStart = writer.position + 8
            try writer.command(command)
            let commandLength = (writer.position - commandStart) / 8
            if section.legacyCommandLength {
                try writer.patch(0xFFF, bits: 12, at: commandLengthAt, "splice_command_length")
            } else {
                guard commandLength < 0xFFF else {
                    throw SCTE35Error(.valueOutOfRange, at: .value, field: "splice_info_section().splice_command_length",
                                      "the command takes \(commandLength) bytes; at most 4094 fit (0xfff means unknown)")
                }
                try writer.patch(UInt64(commandLength), bits: 12, at: commandLengthAt, "splice_command_length")
            }
            try writer.descriptorLoop(descriptors)
            writer.append(stuffing)
        }
        let sectionLength = writer.bytes.count - 3 + 4
        try writer.patch(UInt64(sectionLength), bits: 12, at: 12, "section_length")
        let crc = writer.bytes.withUnsafeBufferPointer { CRC32.checksum($0) }
        writer.byte(UInt8(truncatingIfNeeded: crc >> 24))
        writer.byte(UInt8(truncatingIfNeeded: crc >> 16))
        writer.byte(UInt8(truncatingIfNeeded: crc >> 8))
        writer.byte(UInt8(truncatingIfNeeded: crc))
        return writer.bytes
    }

    /// The section as standard base64, as carried in HLS tags.
    public static func base64(_ section: SpliceInfoSection) throws(SCTE35Error) -> String {
        PayloadText.base64(try encode(section))
    }
}

extension BitWriter {
    mutating func put12(_ value: UInt16) { try? write(UInt64(value), bits: 12, "") }

    mutating func header(_ section: SpliceInfoSection) throws(SCTE35Error) {
        byte(section.tableID)
        flag(section.sectionSyntaxIndicator)
        flag(section.privateIndicator)
        try write(UInt64(section.sapType), bits: 2, "sap_type")
        put12(0)
        byte(section.protocolVersion)
        flag(section.isEncrypted)
        try write(UInt64(section.encryptionAlgorithm), bits: 6, "encryption_algorithm")
        try write(section.ptsAdjustment.ticks, bits: 33, "pts_adjustment")
        byte(section.cwIndex)
        try write(UInt64(section.tier), bits: 12, "tier")
    }

    mutating func descriptorLoop(_ descriptors: [SpliceDescriptor]) throws(SCTE35Error) {
        let lengthAt = position
        try write(0, bits: 16, "descriptor_loop_length")
        for descriptor in descriptors { try self.descriptor(descriptor) }
        let length = (position - lengthAt - 16) / 8
        try patch(UInt64(length), bits: 16, at: lengthAt, "descriptor_loop_length")
        context = "splice_info_section()"
    }
}
