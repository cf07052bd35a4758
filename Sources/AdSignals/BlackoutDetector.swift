public import MediaTime
internal import HLS

/// Decides blackouts from programme signals for one device (SCTE 35
/// §10.3.3.6 and §10.3.3.9, summed up in DESIGN: Blackout). A pure state
/// machine: feed it the signals in stream order, and the stream time as it
/// passes, and it says which blackouts start and end.
///
/// - A Program Start, Join, Overlap Start or Resumption, or an Unscheduled
///   Event Start, whose restrictions restrict the device opens one.
/// - Program End, Early Termination, Unscheduled Event End, a cancel, or the
///   segmentation_duration running out ends it; a Runover moves that end.
///   A Breakaway takes the programme off the air until its Resumption.
/// - A Blackout Override gives the running programme new restrictions, so
///   a blackout may start or end mid-programme. The most recent message
///   wins; restrictions in end messages are ignored.
/// - Network End blacks out whatever its flags, until Network Start.
/// - Signals pair by segmentation_event_id.
///
/// ```swift
/// var detector = BlackoutDetector(policy: DevicePolicy(delivery: .web))
/// for change in detector.take(signal) { if case .started(let blackout) = change { print(blackout.id) } }
/// let ended = detector.advance(to: playhead)
/// ```
public struct BlackoutDetector: Sendable {
    /// The device the blackouts are for.
    public let policy: DevicePolicy
    /// How many programmes and events may run at once; beyond it the oldest is forgotten.
    public static let runningLimit = 256

    /// A running programme or event, by segmentation_event_id.
    private struct Running: Sendable {
        var kind: ProgramSignal.Kind
        var start: StreamTime
        var restrictions: DeliveryRestrictions?
        var plannedEnd: StreamTime?
        var onAir: Bool
    }

    private var running: [UInt32: Running] = [:]
    /// The programme each running DATERANGE ID started, with the start's
    /// kind, for an end whose cue does not decode.
    private var rangeStarts: [String: (eventID: UInt32, kind: ProgramSignal.Kind)] = [:]
    /// Their IDs, oldest first, so the oldest is forgotten past ``runningLimit``.
    private var rangeOrder: [String] = []
    /// The latest events that ended, oldest first (at most 64).
    private var recentlyEnded: [UInt32] = []
    private var open: [String: Blackout] = [:]

    /// A detector for a device described by `policy`, with nothing running.
    public init(policy: DevicePolicy) { self.policy = policy }

    /// The blackouts in force, by start.
    public var blackouts: [Blackout] { open.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) } }

    /// Ends what ran out by `time`: a programme whose duration has passed.
    public mutating func advance(to time: StreamTime) -> [BlackoutChange] { expire(through: time, inclusive: true) }

    /// Ends the programmes whose planned end lies before `time` (or at it,
    /// when `inclusive`): a signal at the very end pairs with its programme.
    private mutating func expire(through time: StreamTime, inclusive: Bool) -> [BlackoutChange] {
        var changes: [BlackoutChange] = []
        let expired = running.filter { $0.value.plannedEnd.map { inclusive ? $0 <= time : $0 < time } ?? false }
            .sorted { ($0.value.plannedEnd!, $0.key) < ($1.value.plannedEnd!, $1.key) }
        for (eventID, programme) in expired {
            running[eventID] = nil
            noteEnded(eventID)
            let source = ProgramSignal.Source(tag: "segmentation_duration")
            if let ended = close("event-\(eventID)", at: programme.plannedEnd!, by: source) { changes.append(.ended(ended)) }
        }
        return changes
    }

    /// Takes one signal, after ending what ran out before it.
    public mutating func take(_ signal: ProgramSignal) -> [BlackoutChange] {
        var signal = signal
        if signal.endsRange {
            // An end whose cue does not decode: it ends what its range's ID started, if anything.
            guard let id = signal.rangeID, let started = rangeStarts[id] else { return [] }
            signal.eventID = started.eventID
            signal.kind = started.kind == .networkEnd ? .networkStart : .programEnd
        }
        if let id = signal.rangeID {
            if signal.kind.startsRestrictedSegment || signal.kind == .networkEnd {
                if rangeStarts.updateValue((signal.eventID, signal.kind), forKey: id) == nil { rangeOrder.append(id) }
                if rangeOrder.count > Self.runningLimit { rangeStarts[rangeOrder.removeFirst()] = nil }
            } else if signal.kind.endsRestrictedSegment || signal.kind == .networkStart,
                      rangeStarts.removeValue(forKey: id) != nil {
                rangeOrder.removeAll { $0 == id }
            }
        }
        var changes = expire(through: signal.time, inclusive: false)
        let id = "event-\(signal.eventID)"
        if signal.isCancel {
            let known = running.removeValue(forKey: signal.eventID) != nil
            let ended = close(id, at: signal.time, date: signal.date, by: signal.source) ?? close("network-\(signal.eventID)", at: signal.time, date: signal.date, by: signal.source)
            if let ended { changes.append(.ended(ended)) } else if !known { changes.append(.ignored(signal, "a cancel of event \(signal.eventID), which is not running")) }
            return changes
        }
        switch signal.kind {
        case let kind where kind.startsRestrictedSegment:
            var programme = running[signal.eventID]
                ?? Running(kind: kind, start: signal.time, restrictions: nil, plannedEnd: nil, onAir: true)
            if signal.restrictions != nil || kind != .programResumption { programme.restrictions = signal.restrictions }
            if let duration = signal.duration { programme.plannedEnd = signal.time + duration }
            programme.onAir = true
            remember(signal.eventID, programme, changes: &changes, signal: signal)
            changes += evaluate(signal.eventID, signal: signal)
        case let kind where kind.endsRestrictedSegment:
            if let early = endBeforeStart(id, signal) {
                changes.append(early)
                break
            }
            guard running.removeValue(forKey: signal.eventID) != nil else {
                // An end repeated in another dialect, or after the duration ran out, says nothing new.
                if !recentlyEnded.contains(signal.eventID) {
                    changes.append(.ignored(signal, "a \(kind.name) with no start of event \(signal.eventID)"))
                }
                break
            }
            noteEnded(signal.eventID)
            if let ended = close(id, at: signal.time, date: signal.date, by: signal.source) { changes.append(.ended(ended)) }
        case .programBreakaway:
            guard running[signal.eventID] != nil else {
                changes.append(.ignored(signal, "a Program Breakaway with no programme \(signal.eventID) running"))
                break
            }
            running[signal.eventID]?.onAir = false
            if let ended = close(id, at: signal.time, date: signal.date, by: signal.source) { changes.append(.ended(ended)) }
        case .programRunoverPlanned, .programRunoverUnplanned, .programBlackoutOverride:
            guard var programme = running[signal.eventID] else {
                changes.append(.ignored(signal, "a \(signal.kind.name) with no programme \(signal.eventID) running"))
                break
            }
            if signal.kind == .programBlackoutOverride {
                programme.restrictions = signal.restrictions
            } else {
                if signal.restrictions != nil { programme.restrictions = signal.restrictions }
                // The new duration runs from this message; none (or zero) means no end is planned.
                programme.plannedEnd = signal.duration.flatMap { $0 > .zero ? signal.time + $0 : nil }
            }
            running[signal.eventID] = programme
            changes += evaluate(signal.eventID, signal: signal)
        case .networkEnd:
            let networkID = "network-\(signal.eventID)"
            guard open[networkID] == nil else { break }
            let blackout = Blackout(
                id: networkID, eventID: signal.eventID, openedBy: .networkEnd, start: signal.time, date: signal.date,
                restrictions: signal.restrictions, verdict: RestrictionVerdict(reasons: [.networkOff], notes: []),
                sources: [signal.source])
            open[networkID] = blackout
            changes.append(.started(blackout))
        case .networkStart:
            for networkID in open.keys.filter({ $0.hasPrefix("network-") }).sorted() {
                if let early = endBeforeStart(networkID, signal) {
                    changes.append(early)
                    continue
                }
                if let ended = close(networkID, at: signal.time, date: signal.date, by: signal.source) { changes.append(.ended(ended)) }
            }
        default:
            break  // Alternate content: where other content may go, not a blackout.
        }
        return changes
    }

    /// An end signal at or before the start of the blackout it would end
    /// (a stream placing it wrongly): ignored with why, so no blackout
    /// silently has no length; it goes on until a later end.
    private func endBeforeStart(_ id: String, _ signal: ProgramSignal) -> BlackoutChange? {
        guard let blackout = open[id], signal.time <= blackout.start else { return nil }
        return .ignored(signal, "a \(signal.kind.name) at \(signal.time.decimalSeconds) s, at or before the start of \(id) "
            + "(\(blackout.start.decimalSeconds) s); the blackout goes on")
    }

    private mutating func noteEnded(_ eventID: UInt32) {
        recentlyEnded.removeAll { $0 == eventID }
        recentlyEnded.append(eventID)
        if recentlyEnded.count > 64 { recentlyEnded.removeFirst() }
    }

    /// Records a running programme, forgetting the oldest beyond the limit.
    private mutating func remember(_ eventID: UInt32, _ programme: Running, changes: inout [BlackoutChange], signal: ProgramSignal) {
        running[eventID] = programme
        guard running.count > Self.runningLimit,
              let oldest = running.min(by: { ($0.value.start, $0.key) < ($1.value.start, $1.key) }) else { return }
        running[oldest.key] = nil
        changes.append(.ignored(signal, "more than \(Self.runningLimit) programmes running; event \(oldest.key), the oldest, is forgotten"))
        if let ended = close("event-\(oldest.key)", at: signal.time, by: signal.source) { changes.append(.ended(ended)) }
    }

    /// Opens, updates or ends the blackout of a running programme as its
    /// latest restrictions say.
    private mutating func evaluate(_ eventID: UInt32, signal: ProgramSignal) -> [BlackoutChange] {
        guard let programme = running[eventID] else { return [] }
        let id = "event-\(eventID)"
        let verdict = policy.verdict(for: programme.restrictions)
        guard verdict.isRestricted, programme.onAir else {
            if let ended = close(id, at: signal.time, date: signal.date, by: signal.source) {
                return [.ended(ended), .notRestricted(signal, verdict)]
            }
            return [.notRestricted(signal, verdict)]
        }
        if var blackout = open[id] {
            guard blackout.restrictions != programme.restrictions || blackout.plannedEnd != programme.plannedEnd else { return [] }
            blackout.restrictions = programme.restrictions
            blackout.verdict = verdict
            blackout.plannedEnd = programme.plannedEnd
            blackout.sources.append(signal.source)
            open[id] = blackout
            return [.updated(blackout)]
        }
        let blackout = Blackout(
            id: id, eventID: eventID, openedBy: signal.kind, start: signal.time, date: signal.date,
            plannedEnd: programme.plannedEnd, restrictions: programme.restrictions, verdict: verdict, sources: [signal.source])
        open[id] = blackout
        return [.started(blackout)]
    }

    private mutating func close(_ id: String, at time: StreamTime, date: ProgramDateTime? = nil,
                                by source: ProgramSignal.Source) -> Blackout? {
        guard var blackout = open.removeValue(forKey: id) else { return nil }
        blackout.end = max(time, blackout.start)
        blackout.endDate = date
        blackout.sources.append(source)
        return blackout
    }
}
