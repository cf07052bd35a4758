import AdPlaybackKit

/// One step of a live stream's life as the timeline sees it.
enum ChurnStep {
    case change(TimelineChange)
    case watched(String)
}

/// A live stream of `seconds`, 6-second segments, a 60 s break every 5
/// minutes and a 2-hour window, as the timeline receives it: each break
/// enters as an open placeholder, grows with every segment of its cue-out,
/// closes on its cue-in, is resolved into its two ads and watched; every
/// segment the window's start moves on and what left it is dropped.
func liveChurn(seconds: Int64) -> [ChurnStep] {
    var steps: [ChurnStep] = []
    let segment: Int64 = 6
    for time in stride(from: Int64(0), to: seconds, by: Int(segment)) {
        let phase = time % 300
        let start = time - phase
        let id = "cue-\(start)"
        let position = BreakPosition.midroll(ContentTime(seconds: start))
        if phase == 0 {
            var placeholder = AdBreak.placeholder(
                id: id, position: position, plannedDuration: MediaDuration(seconds: segment), occupancy: .replacesContent)
            placeholder.isOpen = true
            steps.append(.change(.insert(placeholder)))
        } else if phase < 60 {
            steps.append(.change(.extend(breakID: id, to: MediaDuration(seconds: phase + segment))))
        } else if phase == 60 {
            steps.append(.change(.close(breakID: id, duration: MediaDuration(seconds: 60))))
            let resolved = AdBreak(
                id: id, position: position,
                ads: [Ad(id: "\(id)-1", duration: MediaDuration(seconds: 30)), Ad(id: "\(id)-2", duration: MediaDuration(seconds: 30))],
                occupancy: .replacesContent)
            steps.append(.change(.replace(resolved)))
            steps.append(.watched(id))
        }
        steps.append(.change(.drop(before: ContentTime(seconds: time - 7_200))))
    }
    return steps
}

/// Applies the steps to an empty live timeline.
func apply(_ steps: [ChurnStep]) throws -> AdTimeline {
    var timeline = try AdTimeline(contentDuration: nil, breaks: [])
    for step in steps {
        switch step {
        case .change(let change): try timeline.apply(change)
        case .watched(let id): timeline.markWatched(id)
        }
    }
    return timeline
}
