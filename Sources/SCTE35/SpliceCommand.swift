/// A splice command (SCTE 35 §9.7, Table 7).
public enum SpliceCommand: Sendable, Hashable {
    /// `splice_null()` (0x00): a heartbeat, or a carrier for descriptors.
    case spliceNull
    /// `splice_schedule()` (0x04): splice events in advance, in UTC.
    case spliceSchedule(SpliceSchedule)
    /// `splice_insert()` (0x05): a splice out of or back into the network.
    case spliceInsert(SpliceInsert)
    /// `time_signal()` (0x06): a time for the descriptors to refer to.
    case timeSignal(SpliceTime)
    /// `bandwidth_reservation()` (0x07).
    case bandwidthReservation
    /// `private_command()` (0xFF).
    case privateCommand(PrivateCommand)
    /// A reserved command type (0x01–0x03, 0x08–0xFE), kept as bytes.
    case reserved(type: UInt8, bytes: [UInt8])

    /// `splice_command_type`.
    public var type: UInt8 {
        switch self {
        case .spliceNull: 0x00
        case .spliceSchedule: 0x04
        case .spliceInsert: 0x05
        case .timeSignal: 0x06
        case .bandwidthReservation: 0x07
        case .privateCommand: 0xFF
        case .reserved(let type, _): type
        }
    }

    /// The command's name as Table 7 prints it, e.g. `splice_insert`.
    public var name: String { Self.name(ofType: type) }

    /// The Table 7 name of a `splice_command_type` value.
    public static func name(ofType type: UInt8) -> String {
        switch type {
        case 0x00: "splice_null"
        case 0x04: "splice_schedule"
        case 0x05: "splice_insert"
        case 0x06: "time_signal"
        case 0x07: "bandwidth_reservation"
        case 0xFF: "private_command"
        default: "reserved"
        }
    }

    /// The command's `pts_time` before adjustment: a time signal's, or a
    /// program-mode splice insert's, or the first component's (the default
    /// `pts_time`, §9.9.2.1).
    public var ptsTime: PTS? {
        switch self {
        case .timeSignal(let time): time.ptsTime
        case .spliceInsert(let insert): insert.ptsTime
        default: nil
        }
    }
}

/// `splice_time()` (§9.8.1, Table 14): a PTS, or none for "immediate".
public struct SpliceTime: Sendable, Hashable {
    /// `pts_time`, present when `time_specified_flag` is 1.
    public var ptsTime: PTS?
    /// The reserved bits as read (6 with a time, 7 without); the standard sets them to 1.
    public var reserved: UInt8

    /// Creates a splice time, with reserved bits set to 1.
    public init(ptsTime: PTS?) {
        self.ptsTime = ptsTime
        self.reserved = ptsTime == nil ? 0x7F : 0x3F
    }

    /// Creates a splice time with the reserved bits as read.
    public init(ptsTime: PTS?, reserved: UInt8) {
        self.ptsTime = ptsTime
        self.reserved = reserved
    }
}

/// `break_duration()` (§9.8.2, Table 15).
public struct BreakDuration: Sendable, Hashable {
    /// `auto_return`: the splicer returns to the network when the duration ends.
    public var autoReturn: Bool
    /// `duration` in 90 kHz ticks (33 bits).
    public var duration: PTS
    /// The 6 reserved bits as read; the standard sets them to 1.
    public var reserved: UInt8 = 0x3F

    /// Creates a break duration.
    public init(autoReturn: Bool, duration: PTS, reserved: UInt8 = 0x3F) {
        self.autoReturn = autoReturn
        self.duration = duration
        self.reserved = reserved
    }
}

/// `private_command()` (§9.7.6, Table 13).
public struct PrivateCommand: Sendable, Hashable {
    /// `identifier`: the owner, a SMPTE-registered format identifier.
    public var identifier: UInt32
    /// `private_byte`s.
    public var privateBytes: [UInt8]

    /// Creates a private command.
    public init(identifier: UInt32, privateBytes: [UInt8]) {
        self.identifier = identifier
        self.privateBytes = privateBytes
    }
}
