import SCTE35

extension SpliceInfoJSON {
    static let commandKeys = [
        "splice_command_type", "name", "time_specified_flag", "pts_time", "splice_event_id", "splice_event_cancel_indicator",
        "event_id_compliance_flag", "out_of_network_indicator", "program_splice_flag", "duration_flag", "splice_immediate_flag",
        "component_count", "components", "auto_return", "break_duration", "unique_program_id", "avail_num", "avails_expected",
        "splice_count", "events", "identifier", "private_byte", "command_bytes",
    ]

    static func command(_ fields: JSONFields) throws(SpliceInfoJSONError) -> SpliceCommand {
        let type = UInt8(try fields.int("splice_command_type", bits: 8))
        switch type {
        case 0x00: return .spliceNull
        case 0x04: return .spliceSchedule(try spliceSchedule(fields))
        case 0x05: return .spliceInsert(try spliceInsert(fields))
        case 0x06: return .timeSignal(try spliceTime(fields))
        case 0x07: return .bandwidthReservation
        case 0xFF:
            return .privateCommand(PrivateCommand(identifier: try fields.identifier("identifier"), privateBytes: try fields.hex("private_byte")))
        default: return .reserved(type: type, bytes: try fields.hex("command_bytes"))
        }
    }

    private static func spliceInsert(_ fields: JSONFields) throws(SpliceInfoJSONError) -> SpliceInsert {
        var insert = SpliceInsert(spliceEventID: UInt32(try fields.int("splice_event_id", bits: 32)), splice: nil)
        insert.eventIDComplianceFlag = try fields.bool("event_id_compliance_flag", default: true)
        guard !(try fields.bool("splice_event_cancel_indicator", default: false)) else { return insert }
        let immediate = try fields.bool("splice_immediate_flag", default: false)
        let mode: SpliceInsert.Mode
        if try fields.bool("program_splice_flag", default: !fields.has("components")) {
            mode = .program(immediate ? nil : try spliceTime(fields))
        } else {
            var components: [SpliceInsert.Component] = []
            for component in try fields.objects("components", allowed: ["component_tag", "time_specified_flag", "pts_time"]) {
                components.append(SpliceInsert.Component(
                    componentTag: UInt8(try component.int("component_tag", bits: 8)),
                    spliceTime: immediate ? nil : try spliceTime(component)
                ))
            }
            mode = .component(components)
        }
        insert.splice = SpliceInsert.Splice(
            outOfNetwork: try fields.bool("out_of_network_indicator"), spliceImmediate: immediate, mode: mode,
            breakDuration: try breakDuration(fields),
            uniqueProgramID: UInt16(try fields.int("unique_program_id", bits: 16, default: 0)),
            availNum: UInt8(try fields.int("avail_num", bits: 8, default: 0)),
            availsExpected: UInt8(try fields.int("avails_expected", bits: 8, default: 0))
        )
        return insert
    }

    private static func spliceSchedule(_ fields: JSONFields) throws(SpliceInfoJSONError) -> SpliceSchedule {
        let keys = [
            "splice_event_id", "splice_event_cancel_indicator", "out_of_network_indicator", "program_splice_flag", "duration_flag",
            "utc_splice_time", "component_count", "components", "auto_return", "break_duration", "unique_program_id", "avail_num",
            "avails_expected",
        ]
        var events: [SpliceSchedule.Event] = []
        for event in try fields.objects("events", allowed: keys) {
            var scheduled = SpliceSchedule.Event(spliceEventID: UInt32(try event.int("splice_event_id", bits: 32)), splice: nil)
            if !(try event.bool("splice_event_cancel_indicator", default: false)) {
                let mode: SpliceSchedule.Mode
                if try event.bool("program_splice_flag", default: !event.has("components")) {
                    mode = .program(utcSpliceTime: UInt32(try event.int("utc_splice_time", bits: 32)))
                } else {
                    var components: [SpliceSchedule.Component] = []
                    for component in try event.objects("components", allowed: ["component_tag", "utc_splice_time"]) {
                        components.append(SpliceSchedule.Component(
                            componentTag: UInt8(try component.int("component_tag", bits: 8)),
                            utcSpliceTime: UInt32(try component.int("utc_splice_time", bits: 32))
                        ))
                    }
                    mode = .component(components)
                }
                scheduled.splice = SpliceSchedule.Splice(
                    outOfNetwork: try event.bool("out_of_network_indicator"), mode: mode, breakDuration: try breakDuration(event),
                    uniqueProgramID: UInt16(try event.int("unique_program_id", bits: 16, default: 0)),
                    availNum: UInt8(try event.int("avail_num", bits: 8, default: 0)),
                    availsExpected: UInt8(try event.int("avails_expected", bits: 8, default: 0))
                )
            }
            events.append(scheduled)
        }
        return SpliceSchedule(events: events)
    }
}
