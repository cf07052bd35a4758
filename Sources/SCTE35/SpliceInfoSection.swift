/// A decoded `splice_info_section()` (SCTE 35 §9.6, Table 5).
///
/// Every field of the bit stream is here, so ``SpliceInfoEncoder`` turns a
/// decoded section back into the same bytes. Lengths (`section_length`,
/// `splice_command_length`, `descriptor_loop_length`) and the CRC are derived
/// when encoding; ``crc32`` holds the value that was read.
public struct SpliceInfoSection: Sendable, Hashable {
    /// `table_id`: 0xFC for every splice_info_section.
    public var tableID: UInt8 = 0xFC
    /// `section_syntax_indicator`: 0, MPEG short sections.
    public var sectionSyntaxIndicator = false
    /// `private_indicator`: 0.
    public var privateIndicator = false
    /// `sap_type` (Table 6): 0–2 are SAP types 1–3, 3 means "not specified".
    public var sapType: UInt8 = 3
    /// `protocol_version`: 0 in this version of the standard.
    public var protocolVersion: UInt8 = 0
    /// `encryption_algorithm` (Table 29); present but undefined in clear sections.
    public var encryptionAlgorithm: UInt8 = 0
    /// `pts_adjustment`: added, modulo 2^33, to every `pts_time` in the section.
    public var ptsAdjustment = PTS(ticks: 0)
    /// `cw_index`: the control word (key) of an encrypted section.
    public var cwIndex: UInt8 = 0xFF
    /// `tier`: 12-bit authorization tier; 0xFFF means "ignore".
    public var tier: UInt16 = 0xFFF
    /// True when `splice_command_length` was the legacy 0xFFF ("unknown")
    /// rather than the command's length; the encoder writes 0xFFF back.
    public var legacyCommandLength = false
    /// What follows the clear header: the command and descriptors, or the
    /// encrypted bytes.
    public var payload: Payload
    /// `CRC_32` as read. The encoder computes it afresh.
    public var crc32: UInt32 = 0

    /// The part of the section after `splice_command_length`.
    public enum Payload: Sendable, Hashable {
        /// A clear section: its command, descriptors and `alignment_stuffing`.
        case clear(command: SpliceCommand, descriptors: [SpliceDescriptor], alignmentStuffing: [UInt8])
        /// An encrypted section (`encrypted_packet` = 1): `splice_command_length`
        /// as sent, and the bytes from `splice_command_type` through `E_CRC_32`,
        /// which cannot be read without the key.
        case encrypted(commandLength: UInt16, bytes: [UInt8])
    }

    /// Creates a clear section with default header fields.
    public init(command: SpliceCommand, descriptors: [SpliceDescriptor] = [], ptsAdjustment: PTS = PTS(ticks: 0)) {
        self.payload = .clear(command: command, descriptors: descriptors, alignmentStuffing: [])
        self.ptsAdjustment = ptsAdjustment
    }

    /// Creates a section with the given payload.
    public init(payload: Payload) { self.payload = payload }

    /// `encrypted_packet`.
    public var isEncrypted: Bool {
        if case .encrypted = payload { true } else { false }
    }

    /// The command, or nil when the section is encrypted.
    public var command: SpliceCommand? {
        if case .clear(let command, _, _) = payload { command } else { nil }
    }

    /// The descriptors; empty when the section is encrypted.
    public var descriptors: [SpliceDescriptor] {
        if case .clear(_, let descriptors, _) = payload { descriptors } else { [] }
    }

    /// The splice time of the command plus `pts_adjustment`, modulo 2^33:
    /// the intended splice point. Nil for commands without a time, immediate
    /// splices and encrypted sections.
    public var adjustedPTSTime: PTS? {
        command?.ptsTime.map { $0.adding(ptsAdjustment) }
    }
}

/// A splice_info_section as decoded, with what decoding tolerated.
public struct DecodedSpliceInfo: Sendable, Hashable {
    /// The section.
    public var section: SpliceInfoSection
    /// Departures from the standard that did not stop decoding, in bit order.
    public var warnings: [SCTE35Warning]
}
