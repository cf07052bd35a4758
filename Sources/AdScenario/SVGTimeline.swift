import AdPlayback
import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

/// Draws a run: stream time up the side with the breaks as bands coloured by
/// outcome and blackouts as grey bands, and the playhead's path over clock
/// time: plays as lines (red in ads, purple on a blackout's alternate
/// content), jumps dashed, pauses flat; time between sessions is compressed.
public enum SVGTimeline {
    static let width = 960.0
    static let height = 560.0
    static let left = 150.0
    static let right = 30.0
    static let top = 50.0
    static let bottom = 60.0
    static let gapWidth = 48.0

    /// The SVG document.
    public static func render(_ run: ScenarioRun, title: String = "adplay simulate") -> String {
        let axis = ClockAxis(events: run.events, width: width - left - right, gapWidth: gapWidth)
        let streamEnd = max(run.timeline.streamEnd?.ticks ?? 1, run.events.map(\.stream.ticks).max() ?? 1, 1)
        func y(_ ticks: Int64) -> Double { top + (height - top - bottom) * (1 - Double(ticks) / Double(streamEnd)) }
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(left)" y="24" font-size="16" font-weight="bold">\(escape(title))</text>

        """
        svg += bands(run, y: y)
        svg += blackoutBands(run, y: y)
        svg += streamTicks(streamEnd: streamEnd, y: y)
        svg += clockTicks(axis)
        svg += path(run.events, axis: axis, y: y, timeline: run.timeline)
        svg += markers(run.events, axis: axis, y: y)
        svg += legend()
        svg += "</svg>\n"
        return svg
    }

    private static func bands(_ run: ScenarioRun, y: (Int64) -> Double) -> String {
        var svg = ""
        for (adBreak, outcome) in BreakOutcome.outcomes(of: run) {
            guard let range = run.timeline.streamRange(ofBreak: adBreak.id) else { continue }
            let upper = y(range.upperBound.ticks)
            svg += band(range, y: y, attributes: "fill=\"\(color(outcome))\" fill-opacity=\"0.35\"")
            svg += "<text x=\(fmt(width - right - 4)) y=\(fmt(upper - 3)) text-anchor=\"end\" font-weight=\"bold\""
                + " fill=\"#333\">\(escape(adBreak.id)) · \(outcome.label)</text>\n"
        }
        return svg
    }

    /// The blackouts the run met, from their switches and from the
    /// non-seekable ranges the window still holds.
    private static func blackoutBands(_ run: ScenarioRun, y: (Int64) -> Double) -> String {
        var ranges: [(label: String, range: Range<StreamTime>)] = []
        let lastStream = run.events.map(\.stream).max() ?? .zero
        for event in run.events {
            switch event.kind {
            case .blackoutStart(let blackout, _) where !ranges.contains(where: { $0.label == blackout.id }):
                ranges.append((blackout.id, blackout.start..<max(blackout.end ?? lastStream, blackout.start)))
            case .blackoutEnd(let blackout):
                guard let end = blackout.end, let index = ranges.firstIndex(where: { $0.label == blackout.id }) else { break }
                ranges[index].range = ranges[index].range.lowerBound..<end
            default:
                break
            }
        }
        for range in run.timeline.nonSeekableRanges where range.reason == "blackout" {
            let stream = run.timeline.streamTime(forContentTime: range.range.lowerBound)
                ..< run.timeline.streamTime(forContentTime: range.range.upperBound)
            if !ranges.contains(where: { $0.range.overlaps(stream) }) { ranges.append(("blackout", stream)) }
        }
        var svg = ""
        for (label, range) in ranges {
            let upper = y(range.upperBound.ticks)
            svg += band(range, y: y, attributes: "class=\"blackout\" fill=\"#555\" fill-opacity=\"0.18\"")
            svg += "<text x=\(fmt(left + 4)) y=\(fmt(upper + 12)) fill=\"#333\" font-weight=\"bold\">"
                + "\(escape(label)) · blackout</text>\n"
        }
        return svg
    }

    /// A band across the plot over a stretch of stream time.
    private static func band(_ range: Range<StreamTime>, y: (Int64) -> Double, attributes: String) -> String {
        let upper = y(range.upperBound.ticks)
        let bandHeight = max(2, y(range.lowerBound.ticks) - upper)
        return "<rect x=\"\(left)\" y=\(fmt(upper)) width=\(fmt(width - left - right)) height=\(fmt(bandHeight)) \(attributes)/>\n"
    }

    private static func streamTicks(streamEnd: Int64, y: (Int64) -> Double) -> String {
        let steps: [Int64] = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]
        let seconds = streamEnd / Timescale.ticksPerSecond
        let step = (steps.first { seconds / $0 <= 8 } ?? 14_400) * Timescale.ticksPerSecond
        var svg = "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\(fmt(height - bottom)) stroke=\"#333\"/>\n"
        svg += "<text x=\"12\" y=\"\(top - 10)\" fill=\"#333\">stream time</text>\n"
        var tick: Int64 = 0
        while tick <= streamEnd {
            svg += "<line x1=\"\(left)\" y1=\(fmt(y(tick))) x2=\(fmt(width - right)) y2=\(fmt(y(tick)))"
                + " stroke=\"#e6e6e6\"/>\n"
            svg += "<text x=\"\(left - 8)\" y=\(fmt(y(tick) - 2)) text-anchor=\"end\" fill=\"#777\" font-size=\"10\">"
                + "\(TimeText.format(StreamTime(ticks: tick)))</text>\n"
            tick += step
        }
        return svg
    }

    private static func clockTicks(_ axis: ClockAxis) -> String {
        let base = height - bottom
        var svg = "<line x1=\"\(left)\" y1=\(fmt(base)) x2=\(fmt(width - right)) y2=\(fmt(base)) stroke=\"#333\"/>\n"
        svg += "<text x=\(fmt(width - right)) y=\(fmt(base + 40)) text-anchor=\"end\" fill=\"#333\">clock time</text>\n"
        for span in axis.spans {
            for clock in [span.start, span.end] {
                svg += "<text x=\(fmt(left + axis.x(clock))) y=\(fmt(base + 16)) text-anchor=\"middle\""
                    + " fill=\"#777\" font-size=\"10\">\(TimeText.format(clock))</text>\n"
            }
        }
        for gap in axis.gaps {
            svg += "<text x=\(fmt(left + gap.x + gapWidth / 2)) y=\(fmt(base + 30)) text-anchor=\"middle\""
                + " fill=\"#999\" font-size=\"10\">⋯ \(TimeText.format(gap.length)) later</text>\n"
        }
        return svg
    }

    private static func path(
        _ events: [SessionEvent], axis: ClockAxis, y: (Int64) -> Double, timeline: AdTimeline
    ) -> String {
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
            let (y1, y2) = (y(previous.stream.ticks), y(next.stream.ticks))
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

    private static func markers(_ events: [SessionEvent], axis: ClockAxis, y: (Int64) -> Double) -> String {
        var svg = ""
        for event in events {
            let x = left + axis.x(event.clock)
            let y = y(event.stream.ticks)
            switch event.kind {
            case .adBreakSkip(let id, let reason):
                svg += "<text x=\(fmt(x + 4)) y=\(fmt(y - 4)) fill=\"#c05000\" font-size=\"10\">"
                    + "× \(escape(id)) skipped (\(reason.rawValue))</text>\n"
            case .seek(let kind, _), .seekDenied(let kind, _):
                svg += "<circle cx=\(fmt(x)) cy=\(fmt(y)) r=\"3\" fill=\"#555\"/>"
                svg += "<text x=\(fmt(x + 4)) y=\(fmt(y + 12)) fill=\"#555\" font-size=\"10\">\(kind.rawValue)</text>\n"
            case .interrupt:
                svg += "<text x=\(fmt(x)) y=\(fmt(y - 6)) fill=\"#7a3\" font-size=\"10\">☎ interrupted</text>\n"
            case .bookmark:
                svg += "<text x=\(fmt(x)) y=\(fmt(y - 6)) fill=\"#333\" font-size=\"10\">■ bookmark</text>\n"
            case .failover:
                svg += "<text x=\(fmt(x)) y=\(fmt(y - 6)) fill=\"#a00\" font-size=\"10\">⚡ fail-over</text>\n"
            default:
                break
            }
        }
        return svg
    }

    private static func legend() -> String {
        let items = [
            ("#1f4e9c", "content playing"), ("#d62728", "ad playing"), ("#555", "jump (dashed)"),
            ("#aaa", "paused / interrupted"), ("#8e44ad", "alternate (blackout)"),
        ]
        var svg = ""
        var x = left
        for (color, label) in items {
            svg += line(x, 40, x + 22, 40, color: color, extra: " stroke-width=\"2.5\"")
            svg += "<text x=\(fmt(x + 28)) y=\"44\">\(label)</text>\n"
            x += 155
        }
        return svg
    }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String, extra: String)
        -> String
    {
        "<line x1=\(fmt(x1)) y1=\(fmt(y1)) x2=\(fmt(x2)) y2=\(fmt(y2)) stroke=\"\(color)\"\(extra)/>\n"
    }

    private static func color(_ outcome: BreakOutcome) -> String {
        switch outcome {
        case .watched: "#2ca02c"
        case .played: "#1f77b4"
        case .skipped: "#ff7f0e"
        case .unplayed: "#9e9e9e"
        }
    }

    static func fmt(_ value: Double) -> String {
        "\"" + String((value * 10).rounded() / 10) + "\""
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences("&", "&amp;").replacingOccurrences("<", "&lt;").replacingOccurrences(">", "&gt;")
            .replacingOccurrences("\"", "&quot;")
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
