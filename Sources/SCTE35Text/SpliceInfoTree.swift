public import SCTE35

/// The readable form of a decoded splice_info_section: an indented tree
/// with the standard's field names, times in seconds beside their ticks,
/// and the Table names of types and ids.
///
/// ```
/// splice_info_section()
///   table_id: 0xfc
///   ...
///   time_signal()
///     time_specified_flag: true
///     pts_time: 1924989008 ticks = 21388.766756 s
/// ```
public enum SpliceInfoTree {
    /// The tree, one field a line, ending with the warnings.
    public static func render(_ decoded: DecodedSpliceInfo) -> String {
        var tree = TreeText()
        let section = decoded.section
        tree.node("splice_info_section()", 0)
        header(section, &tree)
        switch section.payload {
        case .encrypted(_, let bytes):
            tree.field("encrypted bytes", PayloadText.hex(bytes), 1)
        case .clear(let command, let descriptors, let stuffing):
            tree.field("splice_command_type", "\(hex(command.type)) (\(command.name))", 1)
            SpliceInfoTree.command(command, section.ptsAdjustment, &tree)
            tree.field("descriptor_loop_length", "\(section.descriptorLoopLength)", 1)
            for descriptor in descriptors { SpliceInfoTree.descriptor(descriptor, &tree) }
            if !stuffing.isEmpty { tree.field("alignment_stuffing", PayloadText.hex(stuffing), 1) }
        }
        tree.field("CRC_32", "0x" + hex32(section.crc32), 1)
        if decoded.warnings.isEmpty {
            tree.node("warnings: none", 0)
        } else {
            tree.node("warnings:", 0)
            for warning in decoded.warnings { tree.node("- \(warning)", 1) }
        }
        return tree.text
    }

    private static func header(_ section: SpliceInfoSection, _ tree: inout TreeText) {
        tree.field("table_id", hex(section.tableID), 1)
        tree.field("section_syntax_indicator", "\(section.sectionSyntaxIndicator)", 1)
        tree.field("private_indicator", "\(section.privateIndicator)", 1)
        let sapNames = ["Type 1", "Type 2", "Type 3", "not specified"]
        tree.field("sap_type", "\(section.sapType) (\(sapNames[Int(section.sapType & 3)]))", 1)
        tree.field("section_length", "\(section.sectionLength)", 1)
        tree.field("protocol_version", "\(section.protocolVersion)", 1)
        tree.field("encrypted_packet", "\(section.isEncrypted)", 1)
        tree.field("encryption_algorithm", "\(section.encryptionAlgorithm) (\(EncryptionAlgorithm.name(of: section.encryptionAlgorithm)))", 1)
        tree.field("pts_adjustment", time(section.ptsAdjustment), 1)
        tree.field("cw_index", hex(section.cwIndex), 1)
        tree.field("tier", "0x" + String(section.tier, radix: 16), 1)
        let legacy = section.legacyCommandLength ? " (legacy: unknown)" : ""
        tree.field("splice_command_length", "\(section.spliceCommandLength)\(legacy)", 1)
    }

    static func time(_ pts: PTS) -> String { "\(pts.ticks) ticks = \(pts.secondsText) s" }

    static func hex(_ byte: UInt8) -> String { "0x" + PayloadText.hex([byte]) }

    static func hex32(_ value: UInt32) -> String {
        PayloadText.hex([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) })
    }
}

/// Lines of `name: value` at an indentation depth.
struct TreeText {
    var text = ""

    mutating func node(_ title: String, _ depth: Int) {
        text += String(repeating: "  ", count: depth) + title + "\n"
    }

    mutating func field(_ name: String, _ value: String, _ depth: Int) {
        node("\(name): \(value)", depth)
    }
}
