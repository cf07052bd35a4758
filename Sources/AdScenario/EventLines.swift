public import AdPlayback
import AdPolicy
import MediaTime

/// Writes events as JSON lines: `clock`, `event`, `stream`, `content`, then
/// the event's own fields. Seconds are printed exactly, with at most six
/// decimals.
public enum EventLines {
    /// One JSON object for `event`, without a newline.
    public static func line(for event: SessionEvent) -> String {
        var fields: [(String, String)] = [
            ("clock", event.clock.decimalSeconds),
            ("event", quoted(event.name)),
            ("stream", event.stream.decimalSeconds),
            ("content", event.content.decimalSeconds),
        ]
        switch event.kind {
        case .seek(let kind, let target), .seekDenied(let kind, let target):
            fields += [
                ("kind", quoted(kind.rawValue)),
                ("toStream", target.stream.decimalSeconds),
                ("toContent", target.content.decimalSeconds),
            ]
        case .adBreakStart(let id), .adBreakEnd(let id):
            fields.append(("break", quoted(id)))
        case .adStart(let id, let ad), .adEnd(let id, let ad):
            fields += [("break", quoted(id)), ("ad", quoted(ad))]
        case .adBreakSkip(let id, let reason):
            fields += [("break", quoted(id)), ("reason", quoted(reason.rawValue))]
        case .bookmark(let bookmark):
            fields[3] = ("content", bookmark.content.decimalSeconds)
            fields.append(("watched", "[" + bookmark.watched.map(quoted).joined(separator: ",") + "]"))
        case .error(let message):
            fields.append(("message", quoted(message)))
        case .sessionStart, .contentStart, .pause, .resume, .interrupt, .interruptEnd, .failover, .sessionEnd:
            break
        }
        return "{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// All events, one line each, newline-terminated.
    public static func render(_ events: [SessionEvent]) -> String {
        var output = ""
        for event in events {
            output += line(for: event)
            output += "\n"
        }
        return output
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
