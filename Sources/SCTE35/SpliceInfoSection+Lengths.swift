/// The length fields of the bit stream, derived from the values.
extension SpliceInfoSection {
    /// `section_length`: bytes after it through `CRC_32`.
    public var sectionLength: Int {
        switch payload {
        case .encrypted(_, let bytes):
            return 10 + bytes.count + 4
        case .clear(let command, _, let stuffing):
            return 10 + 1 + command.encodedLength + 2 + descriptorLoopLength + stuffing.count + 4
        }
    }

    /// `splice_command_length` as it is written: 0xFFF when
    /// ``legacyCommandLength`` is set, as sent when encrypted.
    public var spliceCommandLength: Int {
        switch payload {
        case .encrypted(let length, _): Int(length)
        case .clear(let command, _, _): legacyCommandLength ? 0xFFF : command.encodedLength
        }
    }

    /// `descriptor_loop_length`; 0 when encrypted (it cannot be read).
    public var descriptorLoopLength: Int {
        descriptors.reduce(0) { $0 + 2 + $1.descriptorLength }
    }
}

extension SpliceCommand {
    /// Bytes after `splice_command_type`.
    public var encodedLength: Int {
        switch self {
        case .spliceNull, .bandwidthReservation: 0
        case .spliceSchedule(let schedule): 1 + schedule.events.reduce(0) { $0 + $1.encodedLength }
        case .spliceInsert(let insert): insert.encodedLength
        case .timeSignal(let time): time.encodedLength
        case .privateCommand(let command): 4 + command.privateBytes.count
        case .reserved(_, let bytes): bytes.count
        }
    }
}

extension SpliceTime {
    /// 5 bytes with a `pts_time`, 1 without.
    var encodedLength: Int { ptsTime == nil ? 1 : 5 }
}

extension SpliceInsert {
    var encodedLength: Int {
        guard let splice else { return 5 }
        var length = 5 + 1 + 4 + (splice.breakDuration == nil ? 0 : 5)
        switch splice.mode {
        case .program(let time): length += time?.encodedLength ?? 0
        case .component(let components): length += 1 + components.reduce(0) { $0 + 1 + ($1.spliceTime?.encodedLength ?? 0) }
        }
        return length
    }
}

extension SpliceSchedule.Event {
    var encodedLength: Int {
        guard let splice else { return 5 }
        var length = 5 + 1 + 4 + (splice.breakDuration == nil ? 0 : 5)
        switch splice.mode {
        case .program: length += 4
        case .component(let components): length += 1 + 5 * components.count
        }
        return length
    }
}

extension SpliceDescriptor {
    /// `descriptor_length`: bytes after it, the identifier included.
    public var descriptorLength: Int {
        switch self {
        case .avail: 8
        case .dtmf(let dtmf): 6 + dtmf.dtmfChars.count
        case .segmentation(let segmentation): 4 + segmentation.encodedLength
        case .time: 16
        case .audio(let audio): 5 + 5 * audio.audios.count
        case .other(_, _, let bytes): 4 + bytes.count
        }
    }
}

extension SegmentationDescriptor {
    var encodedLength: Int {
        guard let segmentation else { return 5 }
        var length = 5 + 1
        if let components = segmentation.components { length += 1 + 6 * components.count }
        if segmentation.segmentationDuration != nil { length += 5 }
        length += 2 + segmentation.upid.bytes.count + 3
        if segmentation.subSegment != nil { length += 2 }
        return length
    }
}
