import StrictJSON
import AdPlayback
import AdPolicy
import AdTimeline
import MediaTime

extension Scenario {
    /// The action names a scenario may use.
    static let actionNames = [
        "start", "play", "pause", "wait", "seek", "fastForward", "rewind", "interrupt", "stop", "failover",
        "playToEnd",
    ]

    static func decodeStep(_ field: JSONField, timeline: AdTimeline) throws(ScenarioError) -> Step {
        guard case .object(let members) = field.node.value else {
            throw field.failure("expected an action object such as {\"do\": \"play\", \"for\": 30}, got \(field.node.typeName)")
        }
        let doField = try JSONObjectFields(field: field, members: members).required("do")
        let name = try doField.string()
        guard actionNames.contains(name) else {
            throw doField.failure("unknown action \"\(name)\"; allowed: \(actionNames.joined(separator: ", "))")
        }
        let action: Action
        switch name {
        case "start":
            let object = try field.object(allowing: ["do", "at", "from"])
            action = .start(try decodeStart(object, timeline: timeline))
        case "play", "pause", "wait", "interrupt":
            let duration = try field.object(allowing: ["do", "for"]).required("for").seconds()
            action = switch name {
            case "play": .play(duration)
            case "pause": .pause(duration)
            case "wait": .wait(duration)
            default: .interrupt(duration)
            }
        case "seek", "fastForward", "rewind":
            let target = try decodeTarget(try field.object(allowing: ["do", "to"]).required("to"), timeline: timeline)
            action = .jump(JumpKind(rawValue: name) ?? .seek, target)
        default:
            _ = try field.object(allowing: ["do"])
            action = switch name {
            case "stop": .stop
            case "failover": .failover
            default: .playToEnd
            }
        }
        return Step(action: action, path: field.path, line: field.node.line, column: field.node.column)
    }

    private static func decodeStart(_ object: JSONObjectFields, timeline: AdTimeline) throws(ScenarioError) -> StartSpec {
        if let from = object["from"] {
            if object["at"] != nil { throw from.failure("give either \"at\" or \"from\", not both") }
            guard try from.string() == "bookmark" else { throw from.failure("allowed: \"bookmark\"") }
            return .bookmark
        }
        guard let at = object["at"] else { return .at(.content(.zero)) }
        return .at(try decodeTarget(at, timeline: timeline))
    }

    private static func decodeTarget(_ field: JSONField, timeline: AdTimeline) throws(ScenarioError) -> JumpTarget {
        let object = try field.object(allowing: ["content", "stream"])
        guard object.keys.count == 1 else {
            throw field.failure("give exactly one of \"content\" or \"stream\" (seconds)")
        }
        if let content = object["content"] {
            let seconds = try content.seconds()
            if let end = timeline.contentDuration, seconds > end {
                throw content.failure("must be within 0…\(end) (the content duration), got \(seconds)")
            }
            return .content(ContentTime(ticks: seconds.ticks))
        }
        let stream = try object.required("stream")
        let seconds = try stream.seconds()
        if let end = timeline.streamEnd, seconds.ticks > end.ticks {
            throw stream.failure("must be within 0…\(end) (the stream's length with ads), got \(seconds)")
        }
        return .stream(StreamTime(ticks: seconds.ticks))
    }
}
