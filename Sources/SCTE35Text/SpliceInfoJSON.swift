public import SCTE35
package import StrictJSON

/// The JSON form of a decoded splice_info_section: the contract of
/// `adplay scte35 decode --json` and of the `scte35` members of other
/// outputs.
///
/// Top-level keys are `info_section`, `command`, `descriptors` and
/// `warnings`. Keys are the standard's syntax field names; times and
/// durations are integers in 90 kHz ticks, flags Booleans, ids and counts
/// integers, bytes lowercase hex. See `Docs/SCTE35.md` for every key.
public enum SpliceInfoJSON {
    /// Appends the JSON object for `decoded` to `bytes`, as UTF-8, with no line end: the way to
    /// write many into one reused buffer.
    public static func write(_ decoded: DecodedSpliceInfo, appendingTo bytes: inout [UInt8]) {
        var output = JSONOutput()
        swap(&output.bytes, &bytes)
        write(decoded, to: &output)
        swap(&output.bytes, &bytes)
    }

    /// Appends the JSON object for `decoded` to `output`.
    package static func write(_ decoded: DecodedSpliceInfo, to output: inout JSONOutput) {
        let section = decoded.section
        output.openObject()
        output.key("info_section")
        infoSection(section, &output)
        output.key("command")
        switch section.payload {
        case .clear(let command, _, _):
            self.command(command, &output)
        case .encrypted(_, let bytes):
            output.openObject()
            output.member("name", "encrypted")
            output.key("encrypted_bytes")
            output.hex(bytes)
            output.closeObject()
        }
        output.key("descriptors")
        output.openArray()
        for descriptor in section.descriptors { self.descriptor(descriptor, &output) }
        output.closeArray()
        output.key("warnings")
        output.openArray()
        for warning in decoded.warnings { output.value(warning.description) }
        output.closeArray()
        output.closeObject()
    }

    /// The JSON text for `decoded`.
    public static func string(_ decoded: DecodedSpliceInfo) -> String {
        var output = JSONOutput()
        write(decoded, to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private static func infoSection(_ section: SpliceInfoSection, _ output: inout JSONOutput) {
        output.openObject()
        output.member("table_id", section.tableID)
        output.member("section_syntax_indicator", section.sectionSyntaxIndicator)
        output.member("private_indicator", section.privateIndicator)
        output.member("sap_type", section.sapType)
        output.member("section_length", section.sectionLength)
        output.member("protocol_version", section.protocolVersion)
        output.member("encrypted_packet", section.isEncrypted)
        output.member("encryption_algorithm", section.encryptionAlgorithm)
        output.member("pts_adjustment", section.ptsAdjustment.ticks)
        output.member("cw_index", section.cwIndex)
        output.member("tier", section.tier)
        output.member("splice_command_length", section.spliceCommandLength)
        if let command = section.command {
            output.member("splice_command_type", command.type)
            output.member("descriptor_loop_length", section.descriptorLoopLength)
        }
        if case .clear(_, _, let stuffing) = section.payload, !stuffing.isEmpty {
            output.key("alignment_stuffing")
            output.hex(stuffing)
        }
        output.member("CRC_32", section.crc32)
        output.closeObject()
    }

    static func spliceTime(_ time: SpliceTime, _ output: inout JSONOutput) {
        output.member("time_specified_flag", time.ptsTime != nil)
        if let pts = time.ptsTime { output.member("pts_time", pts.ticks) }
    }

    static func breakDuration(_ duration: BreakDuration?, _ output: inout JSONOutput) {
        guard let duration else { return }
        output.member("auto_return", duration.autoReturn)
        output.member("break_duration", duration.duration.ticks)
    }

    /// `identifier` as four characters when printable, else `0x` and 8 hex digits.
    static func identifier(_ value: UInt32) -> String {
        SpliceDescriptor.identifierText(value) ?? "0x" + PayloadText.hex([
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ])
    }

    /// Bytes as a string of the characters U+0000–U+00FF, one per byte.
    static func latin1(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes { text.unicodeScalars.append(Unicode.Scalar(byte)) }
        return text
    }
}
