/// Writing splice commands (SCTE 35 §9.7, §9.8).
extension BitWriter {
    mutating func command(_ command: SpliceCommand) throws(SCTE35Error) {
        byte(command.type)
        switch command {
        case .spliceNull, .bandwidthReservation:
            break
        case .spliceSchedule(let schedule):
            context = "splice_schedule()"
            try spliceSchedule(schedule)
        case .spliceInsert(let insert):
            context = "splice_insert()"
            try spliceInsert(insert)
        case .timeSignal(let time):
            context = "time_signal()"
            try spliceTime(time)
        case .privateCommand(let command):
            try write(UInt64(command.identifier), bits: 32, "identifier")
            append(command.privateBytes)
        case .reserved(_, let bytes):
            append(bytes)
        }
        context = "splice_info_section()"
    }

    mutating func spliceTime(_ time: SpliceTime) throws(SCTE35Error) {
        if let pts = time.ptsTime {
            flag(true)
            try write(UInt64(time.reserved), bits: 6, "splice_time().reserved")
            try write(pts.ticks, bits: 33, "splice_time().pts_time")
        } else {
            flag(false)
            try write(UInt64(time.reserved), bits: 7, "splice_time().reserved")
        }
    }

    mutating func breakDuration(_ duration: BreakDuration) throws(SCTE35Error) {
        flag(duration.autoReturn)
        try write(UInt64(duration.reserved), bits: 6, "break_duration().reserved")
        try write(duration.duration.ticks, bits: 33, "break_duration().duration")
    }

    private mutating func spliceInsert(_ insert: SpliceInsert) throws(SCTE35Error) {
        try write(UInt64(insert.spliceEventID), bits: 32, "splice_event_id")
        flag(insert.splice == nil)
        flag(insert.eventIDComplianceFlag)
        try write(UInt64(insert.reserved), bits: 6, "reserved")
        guard let splice = insert.splice else { return }
        flag(splice.outOfNetwork)
        if case .program = splice.mode { flag(true) } else { flag(false) }
        flag(splice.breakDuration != nil)
        flag(splice.spliceImmediate)
        try write(UInt64(splice.reserved), bits: 4, "reserved")
        switch splice.mode {
        case .program(let time):
            try checkTime(time, immediate: splice.spliceImmediate, "splice_time()")
            if let time { try spliceTime(time) }
        case .component(let components):
            try write(UInt64(components.count), bits: 8, "component_count")
            for component in components {
                byte(component.componentTag)
                try checkTime(component.spliceTime, immediate: splice.spliceImmediate, "component_tag \(component.componentTag)")
                if let time = component.spliceTime { try spliceTime(time) }
            }
        }
        try trailer(splice.breakDuration, splice.uniqueProgramID, splice.availNum, splice.availsExpected)
    }

    private func checkTime(_ time: SpliceTime?, immediate: Bool, _ what: String) throws(SCTE35Error) {
        guard (time == nil) == immediate else {
            let message = immediate
                ? "has a splice_time() but splice_immediate_flag is set" : "needs a splice_time() unless splice_immediate_flag is set"
            throw SCTE35Error(.valueOutOfRange, at: .value, field: "\(context).\(what)", message)
        }
    }

    private mutating func trailer(_ duration: BreakDuration?, _ program: UInt16, _ availNum: UInt8, _ expected: UInt8) throws(SCTE35Error) {
        if let duration { try breakDuration(duration) }
        try write(UInt64(program), bits: 16, "unique_program_id")
        byte(availNum)
        byte(expected)
    }

    private mutating func spliceSchedule(_ schedule: SpliceSchedule) throws(SCTE35Error) {
        try write(UInt64(schedule.events.count), bits: 8, "splice_count")
        for event in schedule.events {
            try write(UInt64(event.spliceEventID), bits: 32, "splice_event_id")
            flag(event.splice == nil)
            try write(UInt64(event.reserved), bits: 7, "reserved")
            guard let splice = event.splice else { continue }
            flag(splice.outOfNetwork)
            if case .program = splice.mode { flag(true) } else { flag(false) }
            flag(splice.breakDuration != nil)
            try write(UInt64(splice.reserved), bits: 5, "reserved")
            switch splice.mode {
            case .program(let time):
                try write(UInt64(time), bits: 32, "utc_splice_time")
            case .component(let components):
                try write(UInt64(components.count), bits: 8, "component_count")
                for component in components {
                    byte(component.componentTag)
                    try write(UInt64(component.utcSpliceTime), bits: 32, "utc_splice_time")
                }
            }
            try trailer(splice.breakDuration, splice.uniqueProgramID, splice.availNum, splice.availsExpected)
        }
    }
}
