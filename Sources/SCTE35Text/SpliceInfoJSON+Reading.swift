public import SCTE35
package import StrictJSON

/// Reading the JSON form back into a section, for `adplay scte35 encode`.
///
/// The JSON that ``SpliceInfoJSON/write(_:to:)`` prints reads back to the
/// same section. Derived members — lengths, counts, names, `CRC_32`,
/// `warnings` — are accepted and ignored, because the encoder computes
/// them; flags decide the structure (a `duration_flag` of true needs a
/// `break_duration`). Missing header fields take the standard's defaults,
/// unknown keys are an error naming their JSON path.
extension SpliceInfoJSON {
    /// Reads one JSON document holding a section.
    public static func section(fromJSON bytes: [UInt8]) throws(SpliceInfoJSONError) -> SpliceInfoSection {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw SpliceInfoJSONError(path: "$", line: error.line, column: error.column, message: error.message)
        }
        return try section(from: root)
    }

    /// Reads a parsed JSON value holding a section.
    package static func section(from root: JSONNode) throws(SpliceInfoJSONError) -> SpliceInfoSection {
        let top = try JSONFields(root, path: "$", allowed: ["info_section", "command", "descriptors", "warnings"])
        let info = try top.object("info_section", allowed: [
            "table_id", "section_syntax_indicator", "private_indicator", "sap_type", "section_length", "protocol_version",
            "encrypted_packet", "encryption_algorithm", "pts_adjustment", "cw_index", "tier", "splice_command_length",
            "splice_command_type", "descriptor_loop_length", "alignment_stuffing", "CRC_32",
        ])
        var section = SpliceInfoSection(payload: .clear(command: .spliceNull, descriptors: [], alignmentStuffing: []))
        section.tableID = UInt8(try info.int("table_id", bits: 8, default: 0xFC))
        section.sectionSyntaxIndicator = try info.bool("section_syntax_indicator", default: false)
        section.privateIndicator = try info.bool("private_indicator", default: false)
        section.sapType = UInt8(try info.int("sap_type", bits: 2, default: 3))
        section.protocolVersion = UInt8(try info.int("protocol_version", bits: 8, default: 0))
        section.encryptionAlgorithm = UInt8(try info.int("encryption_algorithm", bits: 6, default: 0))
        section.ptsAdjustment = PTS(ticks: try info.int("pts_adjustment", bits: 33, default: 0))
        section.cwIndex = UInt8(try info.int("cw_index", bits: 8, default: 0xFF))
        section.tier = UInt16(try info.int("tier", bits: 12, default: 0xFFF))
        let commandLength = UInt16(try info.int("splice_command_length", bits: 12, default: 0))
        if try info.bool("encrypted_packet", default: false) {
            let command = try top.object("command", allowed: ["name", "encrypted_bytes"])
            section.payload = .encrypted(commandLength: commandLength, bytes: try command.hex("encrypted_bytes"))
            return section
        }
        section.legacyCommandLength = commandLength == 0xFFF
        let command = try self.command(try top.object("command", allowed: commandKeys))
        var descriptors: [SpliceDescriptor] = []
        for fields in try top.objects("descriptors", allowed: descriptorKeys) { descriptors.append(try descriptor(fields)) }
        section.payload = .clear(command: command, descriptors: descriptors, alignmentStuffing: try info.hex("alignment_stuffing"))
        return section
    }

    static func spliceTime(_ fields: JSONFields) throws(SpliceInfoJSONError) -> SpliceTime {
        let specified = try fields.bool("time_specified_flag", default: fields.has("pts_time"))
        guard specified else { return SpliceTime(ptsTime: nil) }
        return SpliceTime(ptsTime: PTS(ticks: try fields.int("pts_time", bits: 33)))
    }

    static func breakDuration(_ fields: JSONFields) throws(SpliceInfoJSONError) -> BreakDuration? {
        guard try fields.bool("duration_flag", default: fields.has("break_duration")) else { return nil }
        return BreakDuration(autoReturn: try fields.bool("auto_return", default: true),
                             duration: PTS(ticks: try fields.int("break_duration", bits: 33)))
    }
}
