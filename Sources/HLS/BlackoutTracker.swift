internal import MediaTime
internal import SCTE35

/// Turns SCTE-35 segmentation descriptors, fed in stream-time order, into
/// blackout windows.
///
/// A window opens on a program start (or resumption, overlap start, join,
/// unscheduled event, alternate content) whose delivery is restricted with
/// `no_regional_blackout_flag` clear; it closes on the matching end type with
/// the same event id, or on a Program Blackout Override. The same descriptor
/// repeated in several dialects joins the window it already opened.
struct BlackoutTracker: Sendable, Hashable {
    private(set) var windows: [BlackoutWindow] = []
    /// Ids of windows that closed since the last ``takeClosed()``.
    private var closedIDs: [String] = []

    mutating func takeClosed() -> [String] {
        defer { closedIDs = [] }
        return closedIDs
    }

    /// Forgets the oldest windows while they are closed, ended at or before
    /// `windowStart`, and not among the latest 16 (a repeated end may still
    /// join one of those). Returns whether any was forgotten.
    mutating func forget(endedBefore windowStart: StreamTime) -> Bool {
        var count = 0
        let limit = windows.count - OpportunityBuilder.recentKept
        while count < limit, let end = windows[count].end, end <= windowStart { count += 1 }
        windows.removeFirst(count)
        return count > 0
    }

    /// Feeds the cue of one signal, `source` saying where it was.
    mutating func handle(_ cue: DecodedCue, from source: SignalSource, at date: ProgramDateTime?, tolerance: MediaDuration,
                         warnings: inout [HLSWarning]) {
        guard !cue.segmentations.isEmpty else { return }
        for segmentation in cue.segmentations {
            let type = segmentation.typeID
            let id = segmentation.eventID
            let restricted = segmentation.regionalBlackout
            if SignalRoles.blackoutStartTypes.contains(type), restricted {
                open(id: id, type: type, source: source, date: date)
            } else if SignalRoles.blackoutEndTypes.contains(type) {
                close(id: id, source: source, tolerance: tolerance, warn: restricted, warnings: &warnings)
            } else if type == SignalRoles.blackoutOverrideType {
                guard let index = windows.indices.last(where: { windows[$0].isOpen }) else {
                    warnings.append(HLSWarning(line: source.line, tag: source.tag, "a blackout override with no blackout in force"))
                    continue
                }
                finish(index, at: source)
            }
        }
    }

    private mutating func open(id: UInt32, type: UInt8, source: SignalSource, date: ProgramDateTime?) {
        if let index = windows.indices.last(where: { windows[$0].isOpen && windows[$0].eventID == id }) {
            if !windows[index].openedBy.contains(where: { $0.tag == source.tag }) { windows[index].openedBy.append(source) }
            return
        }
        windows.append(BlackoutWindow(id: "event-\(id)", eventID: id, segmentationTypeID: type, start: source.time,
                                      end: nil, programDateTime: date, openedBy: [source], closedBy: []))
    }

    private mutating func close(id: UInt32, source: SignalSource, tolerance: MediaDuration, warn: Bool,
                                warnings: inout [HLSWarning]) {
        if let index = windows.indices.last(where: { windows[$0].isOpen && windows[$0].eventID == id }) {
            guard source.time > windows[index].start else {
                // Placed at or before its start (a stream's mistake): no blackout silently has no length.
                warnings.append(HLSWarning(line: source.line, tag: source.tag,
                                           "a blackout end (event \(id)) at \(source.time.decimalSeconds) s, at or before its start "
                                               + "(\(windows[index].start.decimalSeconds) s); the blackout goes on"))
                return
            }
            finish(index, at: source)
            return
        }
        if let index = windows.indices.last(where: { windows[$0].eventID == id }), let end = windows[index].end,
           abs((end - source.time).ticks) <= tolerance.ticks {
            if !windows[index].closedBy.contains(where: { $0.tag == source.tag }) { windows[index].closedBy.append(source) }
            return
        }
        if warn {
            warnings.append(HLSWarning(line: source.line, tag: source.tag, "a blackout end (event \(id)) with no blackout open"))
        }
    }

    private mutating func finish(_ index: Int, at source: SignalSource) {
        windows[index].end = max(source.time, windows[index].start)
        windows[index].closedBy.append(source)
        closedIDs.append(windows[index].id)
    }
}
