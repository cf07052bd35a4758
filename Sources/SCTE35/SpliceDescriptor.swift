/// A splice descriptor (SCTE 35 §10, Table 16).
///
/// Descriptors with identifier "CUEI" and tags 0x00–0x04 are decoded; any
/// other tag or identifier is kept as bytes with both, as §10.1 asks
/// receivers to skip (not reject) them.
public enum SpliceDescriptor: Sendable, Hashable {
    /// `avail_descriptor()` (tag 0x00).
    case avail(AvailDescriptor)
    /// `DTMF_descriptor()` (tag 0x01).
    case dtmf(DTMFDescriptor)
    /// `segmentation_descriptor()` (tag 0x02).
    case segmentation(SegmentationDescriptor)
    /// `time_descriptor()` (tag 0x03).
    case time(TimeDescriptor)
    /// `audio_descriptor()` (tag 0x04).
    case audio(AudioDescriptor)
    /// A descriptor of another owner or an unknown tag, or a CUEI descriptor
    /// whose length does not fit its syntax: its tag, identifier and the
    /// bytes after the identifier.
    case other(tag: UInt8, identifier: UInt32, bytes: [UInt8])

    /// The identifier of descriptors defined by SCTE 35: ASCII "CUEI".
    public static let cueIdentifier: UInt32 = 0x4355_4549

    /// `splice_descriptor_tag`.
    public var tag: UInt8 {
        switch self {
        case .avail: 0x00
        case .dtmf: 0x01
        case .segmentation: 0x02
        case .time: 0x03
        case .audio: 0x04
        case .other(let tag, _, _): tag
        }
    }

    /// `identifier`.
    public var identifier: UInt32 {
        if case .other(_, let identifier, _) = self { identifier } else { Self.cueIdentifier }
    }

    /// The descriptor's name as Table 16 prints it, e.g. `segmentation_descriptor`.
    public var name: String {
        switch self {
        case .avail: "avail_descriptor"
        case .dtmf: "DTMF_descriptor"
        case .segmentation: "segmentation_descriptor"
        case .time: "time_descriptor"
        case .audio: "audio_descriptor"
        case .other(let tag, let identifier, _):
            identifier != Self.cueIdentifier ? "private_descriptor"
                : tag >= 0xF0 ? "DVB_descriptor" : "reserved_descriptor"
        }
    }

    /// The identifier as four characters when printable, e.g. `CUEI`.
    public static func identifierText(_ identifier: UInt32) -> String? {
        var text = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: identifier >> UInt32(shift))
            guard byte >= 0x20, byte < 0x7F else { return nil }
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return text
    }
}

/// `avail_descriptor()` (§10.3.1, Table 18).
public struct AvailDescriptor: Sendable, Hashable {
    /// `provider_avail_id`.
    public var providerAvailID: UInt32

    /// Creates an avail descriptor.
    public init(providerAvailID: UInt32) { self.providerAvailID = providerAvailID }
}

/// `DTMF_descriptor()` (§10.3.2, Table 19).
public struct DTMFDescriptor: Sendable, Hashable {
    /// `preroll` in tenths of a second.
    public var preroll: UInt8
    /// `DTMF_char`s: ASCII '0'–'9', '*', '#'; at most 7.
    public var dtmfChars: [UInt8]
    /// The 5 reserved bits after `dtmf_count`, as read.
    public var reserved: UInt8 = 0x1F

    /// Creates a DTMF descriptor.
    public init(preroll: UInt8, dtmfChars: [UInt8], reserved: UInt8 = 0x1F) {
        self.preroll = preroll
        self.dtmfChars = dtmfChars
        self.reserved = reserved
    }
}

/// `time_descriptor()` (§10.3.4, Table 27): wall-clock time in TAI.
public struct TimeDescriptor: Sendable, Hashable {
    /// `TAI_seconds` (48 bits).
    public var taiSeconds: UInt64
    /// `TAI_ns`.
    public var taiNanoseconds: UInt32
    /// `UTC_offset`: seconds to subtract from TAI to get UTC.
    public var utcOffset: UInt16

    /// Creates a time descriptor.
    public init(taiSeconds: UInt64, taiNanoseconds: UInt32, utcOffset: UInt16) {
        self.taiSeconds = taiSeconds
        self.taiNanoseconds = taiNanoseconds
        self.utcOffset = utcOffset
    }
}

/// `audio_descriptor()` (§10.3.5, Table 28).
public struct AudioDescriptor: Sendable, Hashable {
    /// The audio services, at most 15.
    public var audios: [Audio]
    /// The 4 reserved bits after `audio_count`, as read.
    public var reserved: UInt8 = 0x0F

    /// Creates an audio descriptor.
    public init(audios: [Audio], reserved: UInt8 = 0x0F) {
        self.audios = audios
        self.reserved = reserved
    }

    /// One audio service.
    public struct Audio: Sendable, Hashable {
        /// `component_tag`; 0xFF when unused.
        public var componentTag: UInt8
        /// `ISO_code`: an ISO 639-2 language code in 3 bytes.
        public var isoCode: UInt32
        /// `Bit_Stream_Mode` (3 bits, ATSC A/52).
        public var bitStreamMode: UInt8
        /// `Num_Channels` (4 bits).
        public var numChannels: UInt8
        /// `Full_Srvc_Audio`.
        public var fullServiceAudio: Bool

        /// Creates an audio service.
        public init(componentTag: UInt8, isoCode: UInt32, bitStreamMode: UInt8, numChannels: UInt8, fullServiceAudio: Bool) {
            self.componentTag = componentTag
            self.isoCode = isoCode
            self.bitStreamMode = bitStreamMode
            self.numChannels = numChannels
            self.fullServiceAudio = fullServiceAudio
        }
    }
}
