public import AdLive
import HLS
import MediaTime
import SCTE35Text
import StrictJSON

/// A live-following update as one readable line, or as one JSON object
/// with `clock` (seconds since following began) and `event` first.
public enum LiveLines {
    /// An update as one readable line: its clock, what happened, the details.
    public static func text(_ update: LiveSource.Update) -> String {
        let clock = update.clock.decimalSeconds.padding(toWidth: 10)
        switch update.event {
        case .refresh(let sequence, let segments, let changed):
            return "\(clock) refresh       media sequence \(sequence), \(segments) segments\(changed ? "" : ", unchanged")"
        case .opportunityStart(let opportunity):
            return "\(clock) break starts  \(describe(opportunity, at: .start))"
        case .opportunityUpdate(let opportunity):
            return "\(clock) break changes \(describe(opportunity, at: .start))"
        case .opportunityEnd(let opportunity):
            return "\(clock) break ends    \(describe(opportunity, at: .end))"
        case .timedMetadata(let item, let date):
            let value = item.value.map { ":" + $0 } ?? ""
            return "\(clock) metadata      \(item.name)\(value) at \(item.time.decimalSeconds) s\(date.map { " (\($0))" } ?? "")"
        case .originError(let url, let status, let reason, let retry):
            return "\(clock) origin error  \(url): \(status.map { "HTTP \($0): " } ?? "")\(reason); retrying in \(retry.decimalSeconds) s"
        case .stale(let unchanged):
            return "\(clock) stale         unchanged for \(unchanged.decimalSeconds) s"
        case .gap(let missed):
            return "\(clock) gap           \(missed) segments were never seen"
        case .windowReset(let sequence):
            return "\(clock) window reset  the origin restarted at media sequence \(sequence)"
        case .segmentRewritten(let rewritten):
            return "\(clock) rewritten     segment \(rewritten.mediaSequence) is now \(rewritten.laterURI), was \(rewritten.earlierURI)"
        case .blackout(let change):
            return "\(clock) \(BlackoutLines.text(change))"
        case .end:
            return "\(clock) end           the playlist ended (EXT-X-ENDLIST)"
        }
    }

    private enum Edge { case start, end }

    private static func describe(_ opportunity: PlacementOpportunity, at edge: Edge) -> String {
        let (time, date) = place(opportunity, at: edge)
        let length = opportunity.duration.map { "\($0.decimalSeconds) s" } ?? "open"
        let when = date.map { " (\($0))" } ?? ""
        let joined = edge == .start && opportunity.startIsLatestPossible ? " or earlier (began before the window)"
            : edge == .start && opportunity.joinedInProgress ? " (joined in progress)" : ""
        return "\(opportunity.id) at \(time.decimalSeconds) s\(when)\(joined), \(length), marked by \(opportunity.sources.joined(separator: ", "))"
    }

    /// Where an opportunity starts, or (for its end) where it ends, with the date there.
    private static func place(_ opportunity: PlacementOpportunity, at edge: Edge) -> (StreamTime, ProgramDateTime?) {
        guard edge == .end, let end = opportunity.end else { return (opportunity.start, opportunity.programDateTime) }
        let date = opportunity.programDateTime.map { ProgramDateTime(ticksSinceEpoch: $0.ticksSinceEpoch + (end - opportunity.start).ticks) }
        return (end, date)
    }

    /// An update as one JSON line, `clock` and `event` first.
    public static func json(_ update: LiveSource.Update) -> [UInt8] {
        var out = JSONOutput()
        out.openObject()
        out.key("clock")
        out.number(update.clock.decimalSeconds)
        switch update.event {
        case .refresh(let sequence, let segments, let changed):
            out.member("event", "refresh")
            out.member("mediaSequence", sequence)
            out.member("segments", segments)
            out.member("changed", changed)
        case .opportunityStart(let opportunity):
            write(opportunity, "opportunityStart", at: .start, to: &out)
        case .opportunityUpdate(let opportunity):
            write(opportunity, "opportunityUpdate", at: .start, to: &out)
        case .opportunityEnd(let opportunity):
            write(opportunity, "opportunityEnd", at: .end, to: &out)
        case .timedMetadata(let item, let date):
            out.member("event", "timedMetadata")
            out.member("name", item.name)
            out.key("value")
            if let value = item.value { out.value(value) } else { out.null() }
            out.key("stream")
            out.number(item.time.decimalSeconds)
            out.key("date")
            if let date { out.value(date.description) } else { out.null() }
        case .originError(let url, let status, let reason, let retry):
            out.member("event", "originError")
            out.member("url", url)
            out.key("status")
            if let status { out.value(UInt64(status)) } else { out.null() }
            out.member("reason", reason)
            out.key("retryIn")
            out.number(retry.decimalSeconds)
        case .stale(let unchanged):
            out.member("event", "stale")
            out.key("unchangedFor")
            out.number(unchanged.decimalSeconds)
        case .gap(let missed):
            out.member("event", "gap")
            out.member("missed", missed)
        case .windowReset(let sequence):
            out.member("event", "windowReset")
            out.member("mediaSequence", sequence)
        case .segmentRewritten(let rewritten):
            out.member("event", "segmentRewritten")
            out.member("mediaSequence", rewritten.mediaSequence)
            out.member("earlierURI", rewritten.earlierURI)
            out.member("laterURI", rewritten.laterURI)
        case .blackout(let change):
            BlackoutLines.write(change, to: &out)
        case .end:
            out.member("event", "end")
        }
        out.closeObject()
        out.endLine()
        return out.bytes
    }

    private static func write(_ opportunity: PlacementOpportunity, _ name: String, at edge: Edge, to out: inout JSONOutput) {
        let (time, date) = place(opportunity, at: edge)
        out.member("event", name)
        out.member("id", opportunity.id)
        out.key("stream")
        out.number(time.decimalSeconds)
        out.key("date")
        if let date { out.value(date.description) } else { out.null() }
        out.key("duration")
        if let duration = opportunity.duration { out.number(duration.decimalSeconds) } else { out.null() }
        out.member("joinedInProgress", opportunity.joinedInProgress)
        out.member("startIsLatestPossible", opportunity.startIsLatestPossible)
        out.key("tags")
        out.openArray()
        for tag in opportunity.sources { out.value(tag) }
        out.closeArray()
        out.key("scte35")
        if let cue = opportunity.scte35 { SpliceInfoJSON.write(cue, to: &out) } else { out.null() }
    }
}

extension String {
    func padding(toWidth width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
