import AdPlayback
import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

/// Draws a run: stream time up the side with the breaks as bands coloured by
/// outcome and blackouts as grey bands, and the playhead's path over clock
/// time: plays as lines (red in ads, purple on a blackout's alternate
/// content), jumps dashed, pauses flat; idle time between sessions is
/// compressed into a marked gap. The stream axis spans what was played and
/// the breaks near it (the whole stream with `full`). Every label is laid
/// out so none overlaps another or leaves the picture (`SVGLabels`).
public enum SVGTimeline {
    static let width = 960.0
    static let height = 560.0
    static let left = 150.0
    static let right = 30.0
    static let top = 60.0
    static let bottom = 60.0
    static let gapWidth = 48.0

    /// The stretch of stream time the picture shows, in ticks.
    struct StreamWindow {
        var lower: Int64
        var upper: Int64

        /// The y of a stream time.
        func y(_ ticks: Int64) -> Double {
            top + (height - top - bottom) * (1 - Double(ticks - lower) / Double(max(1, upper - lower)))
        }
    }

    /// The SVG document, titled `title` (the scenario's description, or its
    /// file name). With `full`, the stream axis spans the whole stream.
    public static func render(_ run: ScenarioRun, title: String = "adplay simulate", full: Bool = false) -> String {
        let axis = ClockAxis(events: run.events, width: width - left - right, gapWidth: gapWidth)
        let window = streamWindow(run, full: full)
        var labels = SVGLabels(width: width, height: height)
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="#ffffff"/>

        """
        // A long title gets a smaller font before it is cut.
        let fontSize = SVGLabels.textWidth(title, fontSize: 16) <= width - 12 - 12 ? 16.0 : 13.0
        let room = Int((width - 24) / (fontSize * 0.62)) - 1
        let shownTitle = title.count > room ? String(title.prefix(room - 1)) + "…" : title
        svg += labels.place(.init(text: shownTitle, x: 12, y: 24, fontSize: fontSize, bold: true))
        svg += legend(&labels)
        svg += bands(run, window: window, labels: &labels)
        svg += blackoutBands(run, window: window, labels: &labels)
        svg += streamTicks(window, labels: &labels)
        svg += clockTicks(axis, labels: &labels)
        svg += path(run.events, axis: axis, window: window, timeline: run.timeline)
        svg += markers(run.events, axis: axis, window: window, labels: &labels)
        svg += "</svg>\n"
        return svg
    }

    /// What was played and the breaks near it, or the whole stream when
    /// that is most of it anyway or `full` asks for it.
    static func streamWindow(_ run: ScenarioRun, full: Bool) -> StreamWindow {
        let streams = run.events.map(\.stream.ticks)
        let end = max(run.timeline.streamEnd?.ticks ?? 1, streams.max() ?? 1, 1)
        let whole = StreamWindow(lower: 0, upper: end)
        guard !full, let lowest = streams.min(), let highest = streams.max() else { return whole }
        let margin = max((highest - lowest) / 10, 30 * Timescale.ticksPerSecond)
        var lower = max(0, lowest - margin)
        var upper = min(end, highest + margin)
        for adBreak in run.timeline.breaks {
            guard let range = run.timeline.streamRange(ofBreak: adBreak.id),
                  range.lowerBound.ticks <= upper, range.upperBound.ticks >= lower else { continue }
            lower = min(lower, range.lowerBound.ticks)
            upper = max(upper, range.upperBound.ticks)
        }
        return (upper - lower) * 10 >= end * 8 ? whole : StreamWindow(lower: lower, upper: max(upper, lower + 1))
    }

    private static func bands(_ run: ScenarioRun, window: StreamWindow, labels: inout SVGLabels) -> String {
        var svg = ""
        for (adBreak, outcome) in BreakOutcome.outcomes(of: run) {
            guard let range = run.timeline.streamRange(ofBreak: adBreak.id),
                  let rect = band(range, window: window, attributes: "fill=\"\(color(outcome))\" fill-opacity=\"0.35\"")
            else { continue }
            svg += rect
            let upper = window.y(min(range.upperBound.ticks, window.upper))
            svg += labels.place(.init(text: "\(adBreak.id) · \(outcome.label)", x: width - right - 4, y: upper - 3, anchor: .end,
                                      fontSize: 12, bold: true))
        }
        return svg
    }

    /// The blackouts the run met, from their switches and from the
    /// non-seekable ranges the window still holds.
    private static func blackoutBands(_ run: ScenarioRun, window: StreamWindow, labels: inout SVGLabels) -> String {
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
            guard let rect = band(range, window: window, attributes: "class=\"blackout\" fill=\"#555\" fill-opacity=\"0.18\"")
            else { continue }
            svg += rect
            let upper = window.y(min(range.upperBound.ticks, window.upper))
            svg += labels.place(.init(text: "\(label) · blackout", x: left + 4, y: upper + 12, fontSize: 12, bold: true))
        }
        return svg
    }

    /// A band across the plot over the part of a stretch of stream time
    /// the window shows; nil when it shows none of it.
    private static func band(_ range: Range<StreamTime>, window: StreamWindow, attributes: String) -> String? {
        let low = max(range.lowerBound.ticks, window.lower)
        let high = min(range.upperBound.ticks, window.upper)
        guard low <= high else { return nil }
        let upper = window.y(high)
        let bandHeight = max(2, window.y(low) - upper)
        return "<rect x=\"\(left)\" y=\(fmt(upper)) width=\(fmt(width - left - right)) height=\(fmt(bandHeight)) \(attributes)/>\n"
    }

    private static func streamTicks(_ window: StreamWindow, labels: inout SVGLabels) -> String {
        let steps: [Int64] = [5, 10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]
        let seconds = (window.upper - window.lower) / Timescale.ticksPerSecond
        let step = (steps.first { seconds / $0 <= 8 } ?? 14_400) * Timescale.ticksPerSecond
        var svg = "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\(fmt(height - bottom)) stroke=\"#333\"/>\n"
        svg += labels.place(.init(text: "stream time", x: 12, y: top - 6, fontSize: 12))
        var tick = (window.lower + step - 1) / step * step
        while tick <= window.upper {
            svg += "<line x1=\"\(left)\" y1=\(fmt(window.y(tick))) x2=\(fmt(width - right)) y2=\(fmt(window.y(tick)))"
                + " stroke=\"#e6e6e6\"/>\n"
            svg += labels.place(.init(text: TimeText.format(StreamTime(ticks: tick)), x: left - 8, y: window.y(tick) + 3,
                                      anchor: .end, fill: "#777"))
            tick += step
        }
        return svg
    }

    private static func clockTicks(_ axis: ClockAxis, labels: inout SVGLabels) -> String {
        let base = height - bottom
        var svg = "<line x1=\"\(left)\" y1=\(fmt(base)) x2=\(fmt(width - right)) y2=\(fmt(base)) stroke=\"#333\"/>\n"
        svg += labels.place(.init(text: "clock time", x: width - right, y: height - 6, anchor: .end, fontSize: 12))
        // A session's start reads rightwards from its edge and its end
        // leftwards, so the two sides of a gap never meet.
        var drawn: Set<ClockTime> = []
        for span in axis.spans {
            for (clock, anchor) in [(span.start, SVGLabels.Anchor.start), (span.end, .end)] where drawn.insert(clock).inserted {
                svg += labels.place(.init(text: TimeText.format(clock), x: left + axis.x(clock), y: base + 16, anchor: anchor,
                                          fill: "#777"), direction: .down)
            }
        }
        for gap in axis.gaps {
            svg += labels.place(.init(text: "⋯ \(TimeText.format(gap.length)) later", x: left + gap.x + gapWidth / 2, y: base + 30,
                                      anchor: .middle, fill: "#999"), direction: .down)
        }
        return svg
    }

    private static func legend(_ labels: inout SVGLabels) -> String {
        let items = [
            ("#1f4e9c", "content playing"), ("#d62728", "ad playing"), ("#555", "jump (dashed)"),
            ("#aaa", "paused / interrupted"), ("#8e44ad", "alternate (blackout)"),
        ]
        var svg = ""
        var x = left
        for (color, label) in items {
            svg += line(x, 40, x + 22, 40, color: color, extra: " stroke-width=\"2.5\"")
            svg += labels.place(.init(text: label, x: x + 28, y: 44, fontSize: 11, fill: "#000"))
            x += 28 + SVGLabels.textWidth(label, fontSize: 11) + 16
        }
        return svg
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String, extra: String) -> String {
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

    /// A coordinate as a quoted attribute value, to a tenth of a pixel.
    static func fmt(_ value: Double) -> String { "\"" + number(value) + "\"" }

    /// A number to a tenth.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
