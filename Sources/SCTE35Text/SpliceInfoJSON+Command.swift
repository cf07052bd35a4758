import SCTE35
import StrictJSON

extension SpliceInfoJSON {
    static func command(_ command: SpliceCommand, _ output: inout JSONOutput) {
        output.openObject()
        output.member("splice_command_type", command.type)
        output.member("name", command.name)
        switch command {
        case .spliceNull, .bandwidthReservation:
            break
        case .timeSignal(let time):
            spliceTime(time, &output)
        case .spliceInsert(let insert):
            spliceInsert(insert, &output)
        case .spliceSchedule(let schedule):
            output.member("splice_count", schedule.events.count)
            output.key("events")
            output.openArray()
            for event in schedule.events { scheduledEvent(event, &output) }
            output.closeArray()
        case .privateCommand(let command):
            output.member("identifier", identifier(command.identifier))
            output.key("private_byte")
            output.hex(command.privateBytes)
        case .reserved(_, let bytes):
            output.key("command_bytes")
            output.hex(bytes)
        }
        output.closeObject()
    }

    private static func spliceInsert(_ insert: SpliceInsert, _ output: inout JSONOutput) {
        output.member("splice_event_id", insert.spliceEventID)
        output.member("splice_event_cancel_indicator", insert.splice == nil)
        output.member("event_id_compliance_flag", insert.eventIDComplianceFlag)
        guard let splice = insert.splice else { return }
        output.member("out_of_network_indicator", splice.outOfNetwork)
        switch splice.mode {
        case .program(let time):
            output.member("program_splice_flag", true)
            output.member("duration_flag", splice.breakDuration != nil)
            output.member("splice_immediate_flag", splice.spliceImmediate)
            if let time { spliceTime(time, &output) }
        case .component(let components):
            output.member("program_splice_flag", false)
            output.member("duration_flag", splice.breakDuration != nil)
            output.member("splice_immediate_flag", splice.spliceImmediate)
            output.member("component_count", components.count)
            output.key("components")
            output.openArray()
            for component in components {
                output.openObject()
                output.member("component_tag", component.componentTag)
                if let time = component.spliceTime { spliceTime(time, &output) }
                output.closeObject()
            }
            output.closeArray()
        }
        breakDuration(splice.breakDuration, &output)
        output.member("unique_program_id", splice.uniqueProgramID)
        output.member("avail_num", splice.availNum)
        output.member("avails_expected", splice.availsExpected)
    }

    private static func scheduledEvent(_ event: SpliceSchedule.Event, _ output: inout JSONOutput) {
        output.openObject()
        output.member("splice_event_id", event.spliceEventID)
        output.member("splice_event_cancel_indicator", event.splice == nil)
        if let splice = event.splice {
            output.member("out_of_network_indicator", splice.outOfNetwork)
            switch splice.mode {
            case .program(let time):
                output.member("program_splice_flag", true)
                output.member("duration_flag", splice.breakDuration != nil)
                output.member("utc_splice_time", time)
            case .component(let components):
                output.member("program_splice_flag", false)
                output.member("duration_flag", splice.breakDuration != nil)
                output.member("component_count", components.count)
                output.key("components")
                output.openArray()
                for component in components {
                    output.openObject()
                    output.member("component_tag", component.componentTag)
                    output.member("utc_splice_time", component.utcSpliceTime)
                    output.closeObject()
                }
                output.closeArray()
            }
            breakDuration(splice.breakDuration, &output)
            output.member("unique_program_id", splice.uniqueProgramID)
            output.member("avail_num", splice.availNum)
            output.member("avails_expected", splice.availsExpected)
        }
        output.closeObject()
    }
}
