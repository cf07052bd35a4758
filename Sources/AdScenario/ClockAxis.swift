import AdPlayback
import MediaTime

/// Maps clock time to x: sessions share the width in proportion to their
/// length; idle time between sessions gets a fixed narrow gap, and
/// sessions back to back (a fail-over) none.
struct ClockAxis {
    struct Span {
        var start: ClockTime
        var end: ClockTime
        var x: Double
        var width: Double
    }

    struct Gap {
        var x: Double
        var length: MediaDuration
    }

    private(set) var spans: [Span] = []
    private(set) var gaps: [Gap] = []

    init(events: [SessionEvent], width: Double, gapWidth: Double) {
        var intervals: [(ClockTime, ClockTime)] = []
        var openedAt: ClockTime?
        for event in events {
            if case .sessionStart = event.kind, openedAt == nil { openedAt = event.clock }
            if case .sessionEnd = event.kind, let start = openedAt {
                intervals.append((start, event.clock))
                openedAt = nil
            }
        }
        if let start = openedAt { intervals.append((start, events.last?.clock ?? start)) }
        guard !intervals.isEmpty else { return }
        let gapCount = Double(zip(intervals, intervals.dropFirst()).count { previous, next in next.0 > previous.1 })
        let active = intervals.reduce(Int64(0)) { $0 + max(1, ($1.1 - $1.0).ticks) }
        let scale = max(0, width - gapCount * gapWidth) / Double(active)
        var x = 0.0
        for (index, (start, end)) in intervals.enumerated() {
            // Only wall time that passed without playing is a gap.
            if index > 0, start > intervals[index - 1].1 {
                gaps.append(Gap(x: x, length: start - intervals[index - 1].1))
                x += gapWidth
            }
            let spanWidth = Double(max(1, (end - start).ticks)) * scale
            spans.append(Span(start: start, end: end, x: x, width: spanWidth))
            x += spanWidth
        }
    }

    /// The x offset of a clock reading.
    /// - Complexity: O(log s) for s sessions.
    func x(_ clock: ClockTime) -> Double {
        guard !spans.isEmpty else { return 0 }
        // The last span starting at or before `clock`: spans are in clock order.
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].start <= clock { low = middle + 1 } else { high = middle }
        }
        let span = spans[max(0, low - 1)]
        let length = Double(max(1, (span.end - span.start).ticks))
        let fraction = min(1, max(0, Double((clock - span.start).ticks) / length))
        return span.x + fraction * span.width
    }
}
