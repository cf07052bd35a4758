import AdPlayback
import AdPolicy
import AdTimeline
import MediaTime

extension SVGTimeline {
    /// The playhead's path: a line per stretch between two events.
    static func path(_ events: [SessionEvent], axis: ClockAxis, window: StreamWindow, timeline: AdTimeline) -> String {
        var svg = ""
        var running = false
        var onAlternate = false
        let track = events.filter { event in
            if case .adBreakSkip = event.kind { return false }
            return true
        }
        for (previous, next) in zip(track, track.dropFirst()) {
            if case .sessionStart = previous.kind { running = true }
            if case .sessionEnd = previous.kind { running = false }
            if case .blackoutStart = previous.kind { onAlternate = true }
            if case .blackoutEnd = previous.kind { onAlternate = false }
            guard running else { continue }
            let x1 = left + axis.x(previous.clock)
            let x2 = left + axis.x(next.clock)
            let (y1, y2) = (window.y(previous.stream.ticks), window.y(next.stream.ticks))
            if previous.clock == next.clock {
                guard previous.stream != next.stream else { continue }
                svg += line(x1, y1, x2, y2, color: "#555", extra: " stroke-dasharray=\"4 3\"")
            } else if previous.stream == next.stream {
                svg += line(x1, y1, x2, y2, color: "#aaa", extra: " stroke-dasharray=\"2 2\"")
            } else if onAlternate {
                svg += "<line class=\"alternate\" x1=\(fmt(x1)) y1=\(fmt(y1)) x2=\(fmt(x2)) y2=\(fmt(y2))"
                    + " stroke=\"#8e44ad\" stroke-width=\"2.5\"/>\n"
            } else {
                let inAd = if case .content = timeline.location(ofStreamTime: previous.stream) { false } else { true }
                let adNow = inAd && !isContentStart(previous)
                svg += line(x1, y1, x2, y2, color: adNow ? "#d62728" : "#1f4e9c", extra: " stroke-width=\"2.5\"")
            }
        }
        return svg
    }

    private static func isContentStart(_ event: SessionEvent) -> Bool {
        if case .contentStart = event.kind { return true }
        return false
    }

    /// Skips, jumps, interruptions, bookmarks and fail-overs where they
    /// happened, their labels laid out clear of every other.
    static func markers(_ events: [SessionEvent], axis: ClockAxis, window: StreamWindow, labels: inout SVGLabels) -> String {
        var svg = ""
        for event in events {
            let x = left + axis.x(event.clock)
            let y = window.y(event.stream.ticks)
            switch event.kind {
            case .adBreakSkip(let id, let reason):
                svg += labels.place(.init(text: "× \(id) skipped (\(reason.words))", x: x + 4, y: y - 4,
                                          fill: "#c05000"))
            case .seek(let kind, _), .seekDenied(let kind, _):
                svg += "<circle cx=\(fmt(x)) cy=\(fmt(y)) r=\"3\" fill=\"#555\"/>"
                svg += labels.place(.init(text: kind.rawValue, x: x + 4, y: y + 12, fill: "#555"))
            case .interrupt:
                svg += labels.place(.init(text: "☎ interrupted", x: x, y: y - 6, fill: "#7a3"))
            case .bookmark:
                svg += labels.place(.init(text: "■ bookmark", x: x, y: y - 6))
            case .failover:
                svg += labels.place(.init(text: "⚡ fail-over", x: x, y: y - 6, fill: "#a00"))
            case .adSkip(_, let ad):
                svg += labels.place(.init(text: "⏭ \(ad) skipped", x: x + 4, y: y - 4, fill: "#c05000"))
            default:
                break
            }
        }
        return svg
    }
}
