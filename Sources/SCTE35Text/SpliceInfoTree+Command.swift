import SCTE35

extension SpliceInfoTree {
    static func command(_ command: SpliceCommand, _ adjustment: PTS, _ tree: inout TreeText) {
        tree.node("\(command.name)()", 1)
        switch command {
        case .spliceNull, .bandwidthReservation:
            break
        case .timeSignal(let time):
            spliceTime(time, adjustment, 2, &tree)
        case .spliceInsert(let insert):
            spliceInsert(insert, adjustment, &tree)
        case .spliceSchedule(let schedule):
            tree.field("splice_count", "\(schedule.events.count)", 2)
            for event in schedule.events { scheduled(event, &tree) }
        case .privateCommand(let command):
            tree.field("identifier", SpliceInfoJSON.identifier(command.identifier), 2)
            tree.field("private_byte", PayloadText.hex(command.privateBytes), 2)
        case .reserved(_, let bytes):
            tree.field("command bytes", PayloadText.hex(bytes), 2)
        }
    }

    static func spliceTime(_ time: SpliceTime, _ adjustment: PTS, _ depth: Int, _ tree: inout TreeText) {
        tree.field("time_specified_flag", "\(time.ptsTime != nil)", depth)
        guard let pts = time.ptsTime else { return }
        tree.field("pts_time", self.time(pts), depth)
        if adjustment.ticks != 0 { tree.field("pts_time + pts_adjustment", self.time(pts.adding(adjustment)), depth) }
    }

    private static func spliceInsert(_ insert: SpliceInsert, _ adjustment: PTS, _ tree: inout TreeText) {
        tree.field("splice_event_id", "\(insert.spliceEventID) (0x\(hex32(insert.spliceEventID)))", 2)
        tree.field("splice_event_cancel_indicator", "\(insert.splice == nil)", 2)
        tree.field("event_id_compliance_flag", "\(insert.eventIDComplianceFlag)", 2)
        guard let splice = insert.splice else { return }
        tree.field("out_of_network_indicator", "\(splice.outOfNetwork)", 2)
        tree.field("splice_immediate_flag", "\(splice.spliceImmediate)", 2)
        switch splice.mode {
        case .program(let time):
            tree.field("program_splice_flag", "true", 2)
            if let time { spliceTime(time, adjustment, 2, &tree) }
        case .component(let components):
            tree.field("program_splice_flag", "false", 2)
            tree.field("component_count", "\(components.count)", 2)
            for component in components {
                tree.node("component", 2)
                tree.field("component_tag", "\(component.componentTag)", 3)
                if let time = component.spliceTime { spliceTime(time, adjustment, 3, &tree) }
            }
        }
        trailer(splice.breakDuration, splice.uniqueProgramID, splice.availNum, splice.availsExpected, 2, &tree)
    }

    private static func trailer(
        _ duration: BreakDuration?, _ program: UInt16, _ availNum: UInt8, _ expected: UInt8, _ depth: Int, _ tree: inout TreeText
    ) {
        tree.field("duration_flag", "\(duration != nil)", depth)
        if let duration {
            tree.node("break_duration()", depth)
            tree.field("auto_return", "\(duration.autoReturn)", depth + 1)
            tree.field("duration", time(duration.duration), depth + 1)
        }
        tree.field("unique_program_id", "\(program)", depth)
        tree.field("avail_num", "\(availNum)", depth)
        tree.field("avails_expected", "\(expected)", depth)
    }

    private static func scheduled(_ event: SpliceSchedule.Event, _ tree: inout TreeText) {
        tree.node("event", 2)
        tree.field("splice_event_id", "\(event.spliceEventID) (0x\(hex32(event.spliceEventID)))", 3)
        tree.field("splice_event_cancel_indicator", "\(event.splice == nil)", 3)
        guard let splice = event.splice else { return }
        tree.field("out_of_network_indicator", "\(splice.outOfNetwork)", 3)
        switch splice.mode {
        case .program(let time):
            tree.field("program_splice_flag", "true", 3)
            tree.field("utc_splice_time", utc(time), 3)
        case .component(let components):
            tree.field("program_splice_flag", "false", 3)
            for component in components {
                tree.field("component \(component.componentTag) utc_splice_time", utc(component.utcSpliceTime), 3)
            }
        }
        trailer(splice.breakDuration, splice.uniqueProgramID, splice.availNum, splice.availsExpected, 3, &tree)
    }

    /// GPS seconds (since 1980-01-06, leap seconds counted) as written.
    private static func utc(_ seconds: UInt32) -> String { "\(seconds) s since 1980-01-06T00:00:00Z (GPS)" }
}
