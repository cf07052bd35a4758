import HLSReport
import SCTE35Text
public import AdSignals
import HLS
import MediaTime
public import StrictJSON

/// A blackout change as `live watch` prints it: one readable line, or the
/// members of one JSON object (after `clock`).
public enum BlackoutLines {
    /// A blackout change in words, for a text line.
    public static func text(_ change: BlackoutChange) -> String {
        switch change {
        case .started(let blackout):
            return "blackout starts \(blackout.id) at \(place(blackout.start, blackout)), \(blackout.openedBy.name), "
                + "\(until(blackout)); \(blackout.verdict)" + decoded(blackout.sources.last)
        case .updated(let blackout):
            return "blackout changes \(blackout.id), \(until(blackout)); \(blackout.verdict)"
        case .ended(let blackout):
            return "blackout ends \(blackout.id) at \(place(blackout.end ?? blackout.start, blackout)), by \(blackout.sources.last?.description ?? "")"
                + decoded(blackout.sources.last)
        case .notRestricted(let signal, let verdict):
            return "program signal \(signal.kind.name), event \(signal.eventID), at \(signal.time.decimalSeconds) s: \(verdict)"
        case .ignored(let signal, let why):
            return "program signal \(signal.kind.name), event \(signal.eventID), at \(signal.time.decimalSeconds) s, ignored: \(why)"
        }
    }

    /// A blackout change's members, for a JSON line.
    public static func write(_ change: BlackoutChange, to out: inout JSONOutput) {
        switch change {
        case .started(let blackout): write(blackout, "blackoutStart", at: blackout.start, to: &out)
        case .updated(let blackout): write(blackout, "blackoutUpdate", at: blackout.start, to: &out)
        case .ended(let blackout): write(blackout, "blackoutEnd", at: blackout.end ?? blackout.start, to: &out)
        case .notRestricted(let signal, let verdict):
            write(signal, "programSignal", to: &out)
            BlackoutJSON.write(verdict, to: &out)
        case .ignored(let signal, let why):
            write(signal, "programSignalIgnored", to: &out)
            out.member("why", why)
        }
    }

    private static func write(_ blackout: Blackout, _ name: String, at time: StreamTime, to out: inout JSONOutput) {
        out.member("event", name)
        out.member("id", blackout.id)
        out.key("stream")
        out.number(time.decimalSeconds)
        BlackoutJSON.write(blackout, at: time, to: &out)
        out.key("cue")
        if let cue = blackout.sources.last?.cue { SpliceInfoJSON.write(cue, to: &out) } else { out.null() }
    }

    private static func write(_ signal: ProgramSignal, _ name: String, to out: inout JSONOutput) {
        out.member("event", name)
        out.member("eventID", signal.eventID)
        out.key("stream")
        out.number(signal.time.decimalSeconds)
        out.key("date")
        if let date = signal.date { out.value(date.description) } else { out.null() }
        out.member("segmentationType", signal.kind.name)
        out.member("segmentationTypeID", signal.kind.segmentationTypeID)
        BlackoutJSON.write(signal.restrictions, to: &out)
        out.member("tag", signal.source.tag)
    }

    /// The cue of the signal, decoded, on the lines below (nothing when it carried none).
    private static func decoded(_ source: ProgramSignal.Source?) -> String {
        guard let cue = source?.cue else { return "" }
        return SpliceInfoTree.render(cue).split(separator: "\n").map { "\n" + String(repeating: " ", count: 15) + $0 }.joined()
    }

    private static func place(_ time: StreamTime, _ blackout: Blackout) -> String {
        let date = blackout.date(at: time).map { " (\($0))" } ?? ""
        return "\(time.decimalSeconds) s\(date)"
    }

    private static func until(_ blackout: Blackout) -> String {
        blackout.plannedEnd.map { "planned to end at \($0.decimalSeconds) s" } ?? "no end planned"
    }
}
