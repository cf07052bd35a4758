import AdPlayback
import AdTimeline
import MediaTime

extension TextReport {
    /// The content as a bar per viewing session, each break marked by what
    /// became of it in that session, and a table of the breaks under it.
    public static func renderTimeline(_ run: ScenarioRun, width: Int) -> String {
        let timeline = run.timeline
        let end = timeline.contentDuration ?? .zero
        let count = timeline.breaks.count
        let sessions = SessionSummary.sessions(of: run)
        var output = "Timeline: content \(TimeText.format(end)), \(count) break\(count == 1 ? "" : "s"), "
            + "\(sessions.count) session\(sessions.count == 1 ? "" : "s")"
            + "  (W watched, L left during it, x skipped, o not reached)\n"
        for session in sessions {
            output += "\n" + render(session, end: end, timeline: timeline, width: width)
        }
        return output
    }

    private static func render(_ session: SessionSummary, end: MediaDuration, timeline: AdTimeline, width: Int) -> String {
        let columns = max(width, 10)
        var bar = Array(repeating: Character("-"), count: columns)
        for entry in session.breaks {
            let position = timeline.contentPosition(of: entry.adBreak)
            let column = end.ticks > 0 ? Int(Int64(columns - 1) * min(position.ticks, end.ticks) / end.ticks) : 0
            bar[column] = entry.outcome.symbol
        }
        var output = "Session \(session.number): clock \(TimeText.format(session.clock.lowerBound)) to "
            + "\(TimeText.format(session.clock.upperBound)), from content \(TimeText.format(session.startContent))\n"
        let endLabel = TimeText.format(end)
        output += "0:00:00" + String(repeating: " ", count: max(1, columns - 7 - endLabel.count)) + endLabel + "\n"
        output += String(bar) + "\n"
        guard !session.breaks.isEmpty else { return output }
        output += "    " + pad("break", 10) + pad("at", 10) + pad("length", 9) + "outcome\n"
        for entry in session.breaks {
            let position = timeline.contentPosition(of: entry.adBreak)
            output += "  \(entry.outcome.symbol) " + pad(entry.adBreak.id, 10) + pad(TimeText.format(position), 10)
                + pad(TimeText.format(entry.adBreak.duration), 9) + entry.outcome.label + "\n"
        }
        return output
    }
}
