/// Reading splice commands (SCTE 35 §9.7, §9.8).
extension BitReader {
    /// Reads `splice_command_type` and the command; `length` is
    /// `splice_command_length`, or nil for the legacy "unknown" 0xFFF.
    mutating func command(length: Int?) throws(SCTE35Error) -> SpliceCommand {
        let type = try byte("splice_command_type")
        let start = position
        let sectionLimit = limit
        if let length {
            guard length * 8 <= remaining else {
                throw error(.lengthOverrun, "splice_command_length",
                            "is \(length), but only \(remaining / 8) bytes remain before CRC_32", at: 92)
            }
            limit = start + length * 8
        } else if type != 0x00, type != 0x04, type != 0x05, type != 0x06, type != 0x07 {
            throw error(.invalidValue, "splice_command_length",
                        "is 0xfff (unknown), and the length of command type 0x\(PayloadText.hex([type])) cannot be found otherwise", at: 92)
        }
        let command = try commandBody(type: type)
        context = "splice_info_section()"
        if let length, position != limit {
            let used = (position - start) / 8
            throw error(.invalidValue, "splice_command_length",
                        "is \(length), but \(SpliceCommand.name(ofType: type))() takes \(used) bytes", at: 92)
        }
        limit = sectionLimit
        return command
    }

    private mutating func commandBody(type: UInt8) throws(SCTE35Error) -> SpliceCommand {
        switch type {
        case 0x00:
            return .spliceNull
        case 0x04:
            context = "splice_schedule()"
            return .spliceSchedule(try spliceSchedule())
        case 0x05:
            context = "splice_insert()"
            return .spliceInsert(try spliceInsert())
        case 0x06:
            context = "time_signal()"
            return .timeSignal(try spliceTime())
        case 0x07:
            return .bandwidthReservation
        case 0xFF:
            context = "private_command()"
            let identifier = UInt32(try bits(32, "identifier"))
            return .privateCommand(PrivateCommand(identifier: identifier, privateBytes: try bytes(remaining / 8, "private_byte")))
        default:
            let start = position
            let body = try bytes(remaining / 8, "splice_command_type")
            warn("splice_command_type", "0x\(PayloadText.hex([type])) is reserved; its \(body.count) bytes are kept undecoded", at: start - 8)
            return .reserved(type: type, bytes: body)
        }
    }

    /// `splice_time()` (Table 14).
    mutating func spliceTime() throws(SCTE35Error) -> SpliceTime {
        if try flag("time_specified_flag") {
            let reserved = try reserved(6, after: "time_specified_flag")
            return SpliceTime(ptsTime: PTS(ticks: try bits(33, "pts_time")), reserved: reserved)
        }
        return SpliceTime(ptsTime: nil, reserved: try reserved(7, after: "time_specified_flag"))
    }

    /// `break_duration()` (Table 15).
    mutating func breakDuration() throws(SCTE35Error) -> BreakDuration {
        let autoReturn = try flag("auto_return")
        let reserved = try reserved(6, after: "auto_return")
        return BreakDuration(autoReturn: autoReturn, duration: PTS(ticks: try bits(33, "duration")), reserved: reserved)
    }

    /// `splice_insert()` (Table 10).
    private mutating func spliceInsert() throws(SCTE35Error) -> SpliceInsert {
        var insert = SpliceInsert(spliceEventID: UInt32(try bits(32, "splice_event_id")), splice: nil)
        let cancelled = try flag("splice_event_cancel_indicator")
        insert.eventIDComplianceFlag = try flag("event_id_compliance_flag")
        insert.reserved = try reserved(6, after: "event_id_compliance_flag")
        guard !cancelled else { return insert }
        let outOfNetwork = try flag("out_of_network_indicator")
        let programSplice = try flag("program_splice_flag")
        let hasDuration = try flag("duration_flag")
        let immediate = try flag("splice_immediate_flag")
        let reservedBits = try reserved(4, after: "splice_immediate_flag")
        let mode: SpliceInsert.Mode
        if programSplice {
            mode = .program(immediate ? nil : try spliceTime())
        } else {
            let countAt = position
            let count = Int(try byte("component_count"))
            if count == 0 { warn("component_count", "is 0 in Component Splice Mode, the standard requires at least 1", at: countAt) }
            var components: [SpliceInsert.Component] = []
            for _ in 0..<count {
                let tag = try byte("component_tag")
                components.append(SpliceInsert.Component(componentTag: tag, spliceTime: immediate ? nil : try spliceTime()))
            }
            mode = .component(components)
        }
        var splice = SpliceInsert.Splice(outOfNetwork: outOfNetwork, spliceImmediate: immediate, mode: mode)
        splice.reserved = reservedBits
        if hasDuration { splice.breakDuration = try breakDuration() }
        splice.uniqueProgramID = UInt16(try bits(16, "unique_program_id"))
        splice.availNum = try byte("avail_num")
        splice.availsExpected = try byte("avails_expected")
        insert.splice = splice
        return insert
    }

    /// `splice_schedule()` (Table 9).
    private mutating func spliceSchedule() throws(SCTE35Error) -> SpliceSchedule {
        let count = Int(try byte("splice_count"))
        var events: [SpliceSchedule.Event] = []
        for _ in 0..<count {
            var event = SpliceSchedule.Event(spliceEventID: UInt32(try bits(32, "splice_event_id")), splice: nil)
            let cancelled = try flag("splice_event_cancel_indicator")
            event.reserved = try reserved(7, after: "splice_event_cancel_indicator")
            if !cancelled { event.splice = try scheduledSplice() }
            events.append(event)
        }
        return SpliceSchedule(events: events)
    }

    private mutating func scheduledSplice() throws(SCTE35Error) -> SpliceSchedule.Splice {
        let outOfNetwork = try flag("out_of_network_indicator")
        let programSplice = try flag("program_splice_flag")
        let hasDuration = try flag("duration_flag")
        let reservedBits = try reserved(5, after: "duration_flag")
        let mode: SpliceSchedule.Mode
        if programSplice {
            mode = .program(utcSpliceTime: UInt32(try bits(32, "utc_splice_time")))
        } else {
            let countAt = position
            let count = Int(try byte("component_count"))
            if count == 0 { warn("component_count", "is 0 in Component Splice Mode, the standard requires at least 1", at: countAt) }
            var components: [SpliceSchedule.Component] = []
            for _ in 0..<count {
                let tag = try byte("component_tag")
                components.append(SpliceSchedule.Component(componentTag: tag, utcSpliceTime: UInt32(try bits(32, "utc_splice_time"))))
            }
            mode = .component(components)
        }
        var splice = SpliceSchedule.Splice(outOfNetwork: outOfNetwork, mode: mode)
        splice.reserved = reservedBits
        if hasDuration { splice.breakDuration = try breakDuration() }
        splice.uniqueProgramID = UInt16(try bits(16, "unique_program_id"))
        splice.availNum = try byte("avail_num")
        splice.availsExpected = try byte("avails_expected")
        return splice
    }
}
