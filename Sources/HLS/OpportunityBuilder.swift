internal import MediaTime
internal import SCTE35

/// Turns ad signals, fed in stream-time order, into placement opportunities.
///
/// A state machine with no I/O: a full parse feeds it every signal; a live
/// refresh keeps it and feeds only the new ones, so both reach the same
/// opportunities. Signals of one break in several dialects merge: same
/// DATERANGE ID, same SCTE-35 event id, or a start within the tolerance.
struct OpportunityBuilder: Sendable, Hashable {
    private(set) var opportunities: [PlacementOpportunity] = []
    /// Latest signal time per opportunity, for the planned-duration rule.
    private var lastSeen: [StreamTime] = []
    /// Whether a tag other than a DATERANGE marked the opportunity.
    private var positioned: [Bool] = []
    /// Ids of opportunities that closed since the last ``takeClosed()``.
    private var closedIDs: [String] = []

    mutating func takeClosed() -> [String] {
        defer { closedIDs = [] }
        return closedIDs
    }

    mutating func handle(_ signal: AdSignal, at date: ProgramDateTime?, tolerance: MediaDuration,
                         warnings: inout [HLSWarning]) {
        switch signal.role {
        case .start: start(signal, date: date, tolerance: tolerance, warnings: &warnings)
        case .continuation: continuation(signal, date: date, tolerance: tolerance, warnings: &warnings)
        case .end: end(signal, tolerance: tolerance, warnings: &warnings)
        case .other: break
        }
    }

    /// Closes open breaks whose planned duration ran out well before `playlistEnd`
    /// with no signal saying they go on.
    mutating func expire(playlistEnd: StreamTime, tolerance: MediaDuration) {
        for index in opportunities.indices where opportunities[index].isOpen {
            guard let planned = opportunities[index].plannedDuration else { continue }
            let plannedEnd = opportunities[index].start + planned
            if playlistEnd > plannedEnd + tolerance, lastSeen[index] < plannedEnd {
                close(index, at: plannedEnd, ending: .plannedDuration)
            }
        }
    }

    // MARK: - Roles

    private mutating func start(_ signal: AdSignal, date: ProgramDateTime?, tolerance: MediaDuration,
                                warnings: inout [HLSWarning]) {
        if let index = match(signal, tolerance: tolerance) {
            merge(signal, into: index, date: date)
            closeByStatedEnd(signal, index)
            return
        }
        if let interstitial = Self.interstitial(signal) {
            // An interstitial is scheduled beside the cue breaks, not inside them.
            append(signal, date: date, start: signal.time, joined: false)
            let index = opportunities.count - 1
            closeByStatedEnd(signal, index)
            if opportunities[index].isOpen {
                close(index, at: signal.time + (interstitial.playoutLimit ?? .zero), ending: .signal)
            }
            return
        }
        if let open = opportunities.indices.last(where: { opportunities[$0].isOpen && !isInterstitial($0) }) {
            let current = opportunities[open]
            if let planned = current.plannedDuration, signal.time < current.start + planned - tolerance {
                merge(signal, into: open, date: date)
                return
            }
            if let planned = current.plannedDuration, signal.time >= current.start + planned {
                close(open, at: current.start + planned, ending: .plannedDuration)
            } else {
                close(open, at: signal.time, ending: .nextBreak)
                warnings.append(HLSWarning(line: signal.line, tag: signal.tag,
                                           "a cue-out while break \(current.id) is open; that break ends here"))
            }
        }
        append(signal, date: date, start: signal.time, joined: false)
        closeByStatedEnd(signal, opportunities.count - 1)
    }

    private mutating func continuation(_ signal: AdSignal, date: ProgramDateTime?, tolerance: MediaDuration,
                                       warnings: inout [HLSWarning]) {
        if let index = match(signal, tolerance: tolerance) ?? opportunities.indices.last(where: {
            !isInterstitial($0) && opportunities[$0].isOpen || (opportunities[$0].end.map { signal.time < $0 } ?? false)
                || opportunities[$0].ending == .plannedDuration && signal.time < (opportunities[$0].end ?? signal.time) + tolerance
        }) {
            if opportunities[index].ending == .plannedDuration, let end = opportunities[index].end, signal.time >= end {
                opportunities[index].end = nil
                opportunities[index].ending = nil
            }
            merge(signal, into: index, date: date)
            return
        }
        let elapsed = Self.elapsed(signal) ?? .zero
        let start = signal.time - elapsed
        warnings.append(HLSWarning(line: signal.line, tag: signal.tag,
                                   "a break continues with no cue-out before it; it began at \(start)"))
        append(signal, date: date.map { ProgramDateTime(ticksSinceEpoch: $0.ticksSinceEpoch - elapsed.ticks) },
               start: start, joined: true)
    }

    private mutating func end(_ signal: AdSignal, tolerance: MediaDuration, warnings: inout [HLSWarning]) {
        let isDateRange = if case .dateRange = signal.kind { true } else { false }
        let time = signal.endTime ?? signal.time
        let ids = SignalRoles.eventIDs(signal.scte35)
        let rangeID = Self.dateRangeID(signal)
        let open = opportunities.indices.filter { opportunities[$0].isOpen && !isInterstitial($0) }
        let target = open.last { index in
            rangeID.map { opportunities[index].dateRangeIDs.contains($0) } ?? false
                || ids.contains { opportunities[index].eventIDs.contains($0) }
        } ?? open.last
        if let index = target {
            addSource(signal, to: index)
            if !isDateRange || !positioned[index] { close(index, at: max(time, opportunities[index].start), ending: .signal) }
            return
        }
        if let index = opportunities.indices.last(where: { !isInterstitial($0) }), let end = opportunities[index].end {
            let sameBreak = rangeID.map { opportunities[index].dateRangeIDs.contains($0) } ?? false
            if opportunities[index].ending == .plannedDuration, !isDateRange, time > opportunities[index].start {
                addSource(signal, to: index)
                opportunities[index].end = time
                opportunities[index].ending = .signal
                return
            }
            if sameBreak || abs((time - end).ticks) <= tolerance.ticks {
                addSource(signal, to: index)
                return
            }
        }
        warnings.append(HLSWarning(line: signal.line, tag: signal.tag, "a cue-in with no break open"))
    }

    // MARK: - Pieces

    private func match(_ signal: AdSignal, tolerance: MediaDuration) -> Int? {
        if let rangeID = Self.dateRangeID(signal),
           let index = opportunities.indices.last(where: { opportunities[$0].dateRangeIDs.contains(rangeID) }) {
            return index
        }
        let interstitial = Self.interstitial(signal) != nil
        for index in opportunities.indices.reversed().prefix(16) where isInterstitial(index) == interstitial && !interstitial {
            if abs((opportunities[index].start - signal.time).ticks) <= tolerance.ticks { return index }
        }
        return nil
    }

    private func isInterstitial(_ index: Int) -> Bool {
        if case .interstitial = opportunities[index].kind { return true }
        return false
    }

    private static func interstitial(_ signal: AdSignal) -> Interstitial? {
        if case .dateRange(let range) = signal.kind { return range.interstitial }
        return nil
    }

    private mutating func append(_ signal: AdSignal, date: ProgramDateTime?, start: StreamTime, joined: Bool) {
        var kind = PlacementOpportunity.Kind.splice
        if case .dateRange(let range) = signal.kind, let interstitial = range.interstitial { kind = .interstitial(interstitial) }
        opportunities.append(PlacementOpportunity(
            id: Self.dateRangeID(signal) ?? "break-\(signal.mediaSequence)", kind: kind, start: start,
            programDateTime: date, mediaSequence: signal.mediaSequence, plannedDuration: nil, end: nil, ending: nil,
            sources: [], scte35: nil, eventIDs: [], dateRangeIDs: [], joinedInProgress: joined))
        lastSeen.append(signal.time)
        positioned.append(false)
        merge(signal, into: opportunities.count - 1, date: date)
    }

    private mutating func merge(_ signal: AdSignal, into index: Int, date: ProgramDateTime?) {
        addSource(signal, to: index)
        var opportunity = opportunities[index]
        let isDateRange: Bool
        if case .dateRange(let range) = signal.kind {
            isDateRange = true
            if !opportunity.dateRangeIDs.contains(range.id) {
                if opportunity.dateRangeIDs.isEmpty { opportunity.id = range.id }
                opportunity.dateRangeIDs.append(range.id)
            }
            if let interstitial = range.interstitial { opportunity.kind = .interstitial(interstitial) }
            if opportunity.plannedDuration == nil { opportunity.plannedDuration = range.plannedDuration ?? range.duration }
        } else {
            isDateRange = false
        }
        if signal.role == .start, !isDateRange, !positioned[index], !opportunity.joinedInProgress,
           opportunity.end.map({ signal.time <= $0 }) ?? true {
            opportunity.start = signal.time
            opportunity.mediaSequence = signal.mediaSequence
            if let date { opportunity.programDateTime = date }
        }
        if !isDateRange { positioned[index] = true }
        if opportunity.programDateTime == nil { opportunity.programDateTime = date }
        if opportunity.plannedDuration == nil { opportunity.plannedDuration = Self.plannedDuration(signal) }
        if opportunity.scte35 == nil, signal.role == .start { opportunity.scte35 = signal.scte35 }
        for id in SignalRoles.eventIDs(signal.scte35) where !opportunity.eventIDs.contains(id) {
            opportunity.eventIDs.append(id)
        }
        opportunities[index] = opportunity
        lastSeen[index] = max(lastSeen[index], signal.time)
    }

    private mutating func addSource(_ signal: AdSignal, to index: Int) {
        if !opportunities[index].sources.contains(signal.tag) { opportunities[index].sources.append(signal.tag) }
    }

    /// A DATERANGE that states its end closes a break no other dialect marked.
    private mutating func closeByStatedEnd(_ signal: AdSignal, _ index: Int) {
        guard let end = signal.endTime, opportunities[index].isOpen, !positioned[index] else { return }
        close(index, at: max(end, opportunities[index].start), ending: .signal)
    }

    private mutating func close(_ index: Int, at time: StreamTime, ending: PlacementOpportunity.Ending) {
        opportunities[index].end = time
        opportunities[index].ending = ending
        closedIDs.append(opportunities[index].id)
    }

    private static func dateRangeID(_ signal: AdSignal) -> String? {
        if case .dateRange(let range) = signal.kind { return range.id }
        return nil
    }

    private static func plannedDuration(_ signal: AdSignal) -> MediaDuration? {
        switch signal.kind {
        case .cueOut(let duration, _): duration ?? SignalRoles.plannedDuration(signal.scte35)
        case .cueOutContinued(_, let duration, _): duration ?? SignalRoles.plannedDuration(signal.scte35)
        case .scte35(let tag): tag.duration ?? SignalRoles.plannedDuration(signal.scte35)
        default: SignalRoles.plannedDuration(signal.scte35)
        }
    }

    private static func elapsed(_ signal: AdSignal) -> MediaDuration? {
        switch signal.kind {
        case .cueOutContinued(let elapsed, _, _): elapsed
        case .scte35(let tag): tag.elapsed
        default: nil
        }
    }
}
