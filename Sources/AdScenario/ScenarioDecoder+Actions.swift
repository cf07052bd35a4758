internal import TextEcho
import StrictJSON
import AdPlayback
import AdPolicy
import AdTimeline
import MediaTime
import HLS

extension Scenario {
    /// The action names a scenario may use.
    static let actionNames = [
        "start", "play", "pause", "wait", "seek", "fastForward", "rewind", "interrupt", "skip", "stop", "failover",
        "playToEnd",
    ]

    static func decodeStep(_ field: JSONField, timeline: AdTimeline, isLive: Bool = false) throws(ScenarioError) -> Step {
        guard case .object(let members) = field.node.value else {
            throw field.failure("expected an action object such as {\"do\": \"play\", \"for\": 30}, got \(field.node.typeName)")
        }
        let doField = try JSONObjectFields(field: field, members: members).required("do")
        let name = try doField.string()
        guard actionNames.contains(name) else {
            throw doField.failure("unknown action \(Echo.quoted(name)); allowed: \(actionNames.joined(separator: ", "))")
        }
        let action: Action
        switch name {
        case "start":
            let object = try field.object(allowing: ["do", "at", "from"])
            action = .start(try decodeStart(object, timeline: timeline, isLive: isLive))
        case "play", "pause", "wait", "interrupt":
            let duration = try field.object(allowing: ["do", "for"]).required("for").seconds()
            action = switch name {
            case "play": .play(duration)
            case "pause": .pause(duration)
            case "wait": .wait(duration)
            default: .interrupt(duration)
            }
        case "seek", "fastForward", "rewind":
            let to = try field.object(allowing: ["do", "to"]).required("to")
            let kind = JumpKind(rawValue: name) ?? .seek
            if isLive, let date = try decodeDate(to) {
                action = .jumpToDate(kind, date)
            } else {
                action = .jump(kind, try decodeTarget(to, timeline: timeline, isLive: isLive))
            }
        default:
            _ = try field.object(allowing: ["do"])
            action = switch name {
            case "stop": .stop
            case "skip": .skip
            case "failover": .failover
            default: .playToEnd
            }
        }
        return Step(action: action, path: field.path, line: field.node.line, column: field.node.column)
    }

    private static func decodeStart(_ object: JSONObjectFields, timeline: AdTimeline, isLive: Bool) throws(ScenarioError) -> StartSpec {
        if let from = object["from"] {
            if object["at"] != nil { throw from.failure("give either \"at\" or \"from\", not both") }
            guard try from.string() == "bookmark" else { throw from.failure("allowed: \"bookmark\"") }
            return .bookmark
        }
        guard let at = object["at"] else { return isLive ? .liveEdge : .at(.content(.zero)) }
        if isLive, let date = try decodeDate(at) { return .date(date) }
        return .at(try decodeTarget(at, timeline: timeline, isLive: isLive))
    }

    /// `{"date": "ISO 8601"}`, for a live stream; nil for other targets.
    private static func decodeDate(_ field: JSONField) throws(ScenarioError) -> ProgramDateTime? {
        guard case .object(let members) = field.node.value, let member = members.first(where: { $0.key == "date" }) else { return nil }
        let dateField = JSONField(node: member.value, path: field.path + ".date")
        guard members.count == 1 else { throw field.failure("give exactly one of \"stream\" (seconds) or \"date\"") }
        let text = try dateField.nonEmptyString()
        guard let date = ProgramDateTime(text) else {
            throw dateField.failure("expected an ISO 8601 date such as \"2026-01-01T00:00:10.000Z\", got \(Echo.quoted(text))")
        }
        return date
    }

    private static func decodeTarget(_ field: JSONField, timeline: AdTimeline, isLive: Bool) throws(ScenarioError) -> JumpTarget {
        if isLive {
            let object = try field.object(allowing: ["stream", "date"])
            return .stream(StreamTime(ticks: try object.required("stream").seconds().ticks))
        }
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
