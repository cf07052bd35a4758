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
    /// Whether the opportunity is an interstitial.
    private var interstitialFlags: [Bool] = []
    /// Indices of the open opportunities, ascending.
    private var open: [Int] = []
    /// The ad ranges' IDs: which were seen, and the latest opportunity each marked.
    var ranges = RangeTable()
    /// What merging the last signal's interstitial found: values a later tag of the same ID changed.
    private var mergeWarnings: [HLSWarning] = []
    /// Whether the ids of the opportunities that close or change are kept
    /// for ``takeClosed()`` and ``takeUpdated()``: a live playlist reports
    /// them refresh by refresh; a one-off parse has no one to tell.
    var recordsChanges = false
    /// Ids of interstitials a later tag of their ID changed since the last ``takeUpdated()``.
    private var updatedIDs: [String] = []
    /// Ids of opportunities that closed since the last ``takeClosed()``.
    private var closedIDs: [String] = []

    /// How many recent opportunities are always kept: the ones a later
    /// signal can still merge into or close (``match(_:tolerance:)``, ``covering(_:tolerance:)``).
    static let recentKept = 16

    mutating func takeClosed() -> [String] {
        defer { closedIDs = [] }
        return closedIDs
    }

    mutating func takeUpdated() -> [String] {
        defer { updatedIDs = [] }
        return updatedIDs
    }

    /// Forgets the oldest opportunities while they are closed, ended at or
    /// before `windowStart`, and not among the latest ``recentKept``, so a
    /// live session holds what its window can still touch, not its history.
    /// Returns whether any was forgotten.
    mutating func forget(endedBefore windowStart: StreamTime) -> Bool {
        var count = 0
        let limit = opportunities.count - Self.recentKept
        let firstOpen = open.first ?? Int.max
        while count < limit, count < firstOpen, let end = opportunities[count].end, end <= windowStart { count += 1 }
        guard count > 0 else { return false }
        // A server may keep repeating an expired date range, which must not start it again.
        ranges.forgetOpportunities(below: count)
        opportunities.removeFirst(count)
        lastSeen.removeFirst(count)
        positioned.removeFirst(count)
        interstitialFlags.removeFirst(count)
        for position in open.indices { open[position] -= count }
        return true
    }

    /// Takes out the interstitials the date ranges `rangeIDs` scheduled (a
    /// delta update removed those ranges), and returns their ids. A tag of
    /// such an ID seen again schedules nothing.
    mutating func removeInterstitials(scheduledBy rangeIDs: Set<String>) -> [String] {
        guard !rangeIDs.isEmpty else { return [] }
        let removed = Set(opportunities.indices.filter { index in
            interstitialFlags[index] && opportunities[index].isMarked(byRangeWhere: rangeIDs.contains)
        })
        guard !removed.isEmpty else { return [] }
        let ids = removed.sorted().map { opportunities[$0].id }
        var newIndex: [Int] = []
        var kept = 0
        for index in opportunities.indices {
            newIndex.append(removed.contains(index) ? -1 : kept)
            if !removed.contains(index) { kept += 1 }
        }
        func keep<Element>(_ array: [Element]) -> [Element] { array.indices.filter { !removed.contains($0) }.map { array[$0] } }
        opportunities = keep(opportunities)
        lastSeen = keep(lastSeen)
        positioned = keep(positioned)
        interstitialFlags = keep(interstitialFlags)
        open = open.filter { !removed.contains($0) }.map { newIndex[$0] }
        ranges.renumber { newIndex[$0] }
        closedIDs.removeAll { ids.contains($0) }
        return ids
    }

    /// Makes room, in a builder that has not started, for what `signals`
    /// can add at most: an opportunity for each start or continuation. A full
    /// parse's tables are then made once, not grown by doublings. A started
    /// builder grows as usual: reserving a few more on every refresh would
    /// copy its tables each time.
    mutating func reserve(for signals: UnsafeBufferPointer<AdSignal>) {
        guard opportunities.isEmpty, signals.count > 1 else { return }
        let most = signals.count { $0.role == .start || $0.role == .continuation }
        opportunities.reserveCapacity(most)
        lastSeen.reserveCapacity(most)
        positioned.reserveCapacity(most)
        interstitialFlags.reserveCapacity(most)
    }

    mutating func handle(_ signal: LentSignal, at date: ProgramDateTime?, tolerance: MediaDuration,
                         windowStart: StreamTime? = nil, warnings: inout [HLSWarning]) {
        // The one lookup of the signal's range ID; `match` and `merge` use what it found.
        let found = signal.rangeKey.map(ranges.lookUp)
        if found?.slot == RangeTable.forgotten {
            // An expired date range repeated after its opportunity was forgotten.
            return
        }
        switch signal.role {
        case .start: start(signal, found, date: date, tolerance: tolerance, warnings: &warnings)
        case .continuation:
            continuation(signal, found, date: date, tolerance: tolerance, windowStart: windowStart, warnings: &warnings)
        case .end: end(signal, tolerance: tolerance, warnings: &warnings)
        case .other: break
        }
        if !mergeWarnings.isEmpty {
            warnings += mergeWarnings
            mergeWarnings = []
        }
    }

    /// Closes open breaks whose planned duration ran out well before `playlistEnd`
    /// with no signal saying they go on.
    mutating func expire(playlistEnd: StreamTime, tolerance: MediaDuration) {
        for index in open {
            guard let planned = opportunities[index].plannedDuration else { continue }
            let plannedEnd = opportunities[index].start + planned
            if playlistEnd > plannedEnd + tolerance, lastSeen[index] < plannedEnd {
                close(index, at: plannedEnd, ending: .plannedDuration)
            }
        }
    }

    // MARK: - Roles

    private mutating func start(_ signal: LentSignal, _ found: RangeTable.Lookup?, date: ProgramDateTime?, tolerance: MediaDuration,
                                warnings: inout [HLSWarning]) {
        if let index = match(signal, found, tolerance: tolerance) {
            merge(signal, found, into: index, date: date)
            closeByStatedEnd(signal, index)
            return
        }
        if signal.range?.isInterstitial == true, let interstitial = signal.interstitial {
            // An interstitial is scheduled beside the cue breaks, not inside them.
            append(signal, found, date: date, start: signal.time, joined: false)
            let index = opportunities.count - 1
            closeByStatedEnd(signal, index)
            if opportunities[index].isOpen {
                // No stated end yet: the planned duration (or the playout
                // limit) stands until a later tag of the same ID states it.
                let planned = signal.range?.plannedDuration ?? interstitial.playoutLimit ?? .zero
                close(index, at: signal.time + planned, ending: .plannedDuration)
            }
            return
        }
        if let open = open.last(where: { !interstitialFlags[$0] }) {
            let current = opportunities[open]
            if let planned = current.plannedDuration, signal.time < current.start + planned - tolerance {
                merge(signal, found, into: open, date: date)
                noteAdStart(signal, in: open, tolerance: tolerance)
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
        append(signal, found, date: date, start: signal.time, joined: false)
        closeByStatedEnd(signal, opportunities.count - 1)
    }

    private mutating func continuation(_ signal: LentSignal, _ found: RangeTable.Lookup?, date: ProgramDateTime?, tolerance: MediaDuration,
                                       windowStart: StreamTime?, warnings: inout [HLSWarning]) {
        if let index = match(signal, found, tolerance: tolerance) ?? open.last(where: { !interstitialFlags[$0] })
            ?? covering(signal.time, tolerance: tolerance) {
            if opportunities[index].ending == .plannedDuration, let end = opportunities[index].end, signal.time >= end {
                opportunities[index].end = nil
                opportunities[index].ending = nil
                open.append(index)
                open.sort()
            }
            merge(signal, found, into: index, date: date)
            return
        }
        // With no elapsed time, the break began before the window: a start
        // inside it would have a cue-out there. The window's start is the
        // latest it can have begun.
        let elapsed = signal.elapsed ?? windowStart.map { signal.time > $0 ? signal.time - $0 : .zero } ?? .zero
        let start = signal.time - elapsed
        warnings.append(HLSWarning(line: signal.line, tag: signal.tag,
                                   "a break continues with no cue-out before it; it began at \(start)"
                                       + (signal.elapsed == nil ? " or earlier (no elapsed time is given)" : "")))
        append(signal, found, date: date.map { ProgramDateTime(ticksSinceEpoch: $0.ticksSinceEpoch - elapsed.ticks) },
               start: start, joined: true)
        opportunities[opportunities.count - 1].startIsLatestPossible = signal.elapsed == nil
    }

    private mutating func end(_ signal: LentSignal, tolerance: MediaDuration, warnings: inout [HLSWarning]) {
        let isDateRange = signal.range != nil
        let time = signal.endTime ?? signal.time
        let ids = signal.cue?.eventIDs ?? EventIDs()
        let rangeID = signal.rangeID
        let flags = interstitialFlags
        let target = open.last { index in
            !flags[index] && (rangeID.map { opportunities[index].isMarked(byRange: $0) } ?? false
                || ids.contains { opportunities[index].eventIDs.contains($0) })
        } ?? open.last { !flags[$0] }
        if let index = target {
            addSource(signal, to: index)
            if !isDateRange || !positioned[index] { close(index, at: max(time, opportunities[index].start), ending: .signal) }
            return
        }
        if let index = opportunities.indices.last(where: { !interstitialFlags[$0] }), let end = opportunities[index].end {
            let sameBreak = rangeID.map { opportunities[index].isMarked(byRange: $0) } ?? false
            if opportunities[index].ending == .plannedDuration, !isDateRange, time > opportunities[index].start {
                addSource(signal, to: index)
                opportunities[index].end = time
                opportunities[index].ending = .signal
                return
            }
            // The same tag again, later, is not another dialect of this end:
            // the break already ended, and this cue-in closes nothing.
            if !sameBreak, time > end, opportunities[index].ending == .signal,
               opportunities[index].sources.contains(signal.tag) {
                warnings.append(HLSWarning(line: signal.line, tag: signal.tag,
                                           "a second cue-in: \(opportunities[index].id) already ended at \(end.decimalSeconds) s; no break is open"))
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

    /// The opportunity `signal` belongs to: the one its range ID marked
    /// (`found` by the caller), else a cue break starting
    /// within the tolerance.
    private func match(_ signal: LentSignal, _ found: RangeTable.Lookup?, tolerance: MediaDuration) -> Int? {
        if let index = found?.slot, index >= 0 { return index }
        guard signal.range?.isInterstitial != true else { return nil }
        var index = opportunities.count - 1
        while index >= 0, index >= opportunities.count - 16 {
            if !interstitialFlags[index], abs(opportunities[index].start.ticks - signal.time.ticks) <= tolerance.ticks {
                return index
            }
            index -= 1
        }
        return nil
    }

    /// A recent closed break that `time` falls in (or just past, if only its planned duration closed it).
    private func covering(_ time: StreamTime, tolerance: MediaDuration) -> Int? {
        var index = opportunities.count - 1
        while index >= 0, index >= opportunities.count - 16 {
            if !interstitialFlags[index], let end = opportunities[index].end {
                if time < end || opportunities[index].ending == .plannedDuration && time < end + tolerance { return index }
            }
            index -= 1
        }
        return nil
    }

    /// The sources of every interstitial: one array, not one each.
    private static let interstitialSources = ["#EXT-X-DATERANGE"]

    private mutating func append(_ signal: LentSignal, _ found: RangeTable.Lookup?, date: ProgramDateTime?, start: StreamTime, joined: Bool) {
        // An interstitial's kind is set by the merge below, which reads its tag once.
        let isInterstitial = signal.range?.isInterstitial == true
        opportunities.append(PlacementOpportunity(
            // A range's ID is set by the merge below, from the lookup.
            id: found != nil ? "" : "break-\(signal.mediaSequence)", kind: .splice, start: start,
            programDateTime: date, mediaSequence: signal.mediaSequence,
            sources: isInterstitial ? Self.interstitialSources : [], joinedInProgress: joined))
        // Room for the dialects of one break without regrowing; an
        // interstitial has its one tag, shared.
        if !isInterstitial { opportunities[opportunities.count - 1].sources.reserveCapacity(4) }
        lastSeen.append(signal.time)
        positioned.append(false)
        interstitialFlags.append(isInterstitial)
        open.append(opportunities.count - 1)
        merge(signal, found, into: opportunities.count - 1, date: date)
    }

    /// Adds what `signal` says to the opportunity, in place (no copy of its arrays).
    private mutating func merge(_ signal: LentSignal, _ found: RangeTable.Lookup?, into index: Int, date: ProgramDateTime?) {
        addSource(signal, to: index)
        let isDateRange: Bool
        if let range = signal.range, let found {
            isDateRange = true
            if !opportunities[index].isMarked(byRange: found.id.text) {
                if !opportunities[index].isMarkedByRanges { opportunities[index].id = found.id.text }
                opportunities[index].addRange(found.id.text)
                ranges.mark(found, as: index)
            }
            if range.isInterstitial, let interstitial = signal.interstitial {
                if case .interstitial(let earlier) = opportunities[index].kind {
                    let (merged, conflicts) = earlier.merging(interstitial)
                    if recordsChanges, merged != earlier, !updatedIDs.contains(opportunities[index].id) { updatedIDs.append(opportunities[index].id) }
                    opportunities[index].kind = .interstitial(merged)
                    mergeWarnings += conflicts.map { HLSWarning(line: signal.line, tag: signal.tag, $0) }
                } else {
                    opportunities[index].kind = .interstitial(interstitial)
                }
            }
            if opportunities[index].plannedDuration == nil { opportunities[index].plannedDuration = range.plannedDuration }
        } else {
            isDateRange = false
        }
        if signal.role == .start, !isDateRange, !positioned[index], !opportunities[index].joinedInProgress,
           opportunities[index].end.map({ signal.time <= $0 }) ?? true {
            opportunities[index].start = signal.time
            opportunities[index].mediaSequence = signal.mediaSequence
            if let date { opportunities[index].programDateTime = date }
        }
        if !isDateRange { positioned[index] = true }
        if opportunities[index].programDateTime == nil { opportunities[index].programDateTime = date }
        if opportunities[index].plannedDuration == nil { opportunities[index].plannedDuration = signal.plannedDuration }
        if opportunities[index].cue == nil, signal.role == .start { opportunities[index].cue = signal.cue }
        if let cue = signal.cue {
            for id in cue.eventIDs where !opportunities[index].eventIDs.contains(id) {
                opportunities[index].eventIDs.append(id)
            }
        }
        lastSeen[index] = max(lastSeen[index], signal.time)
    }

    private mutating func addSource(_ signal: LentSignal, to index: Int) {
        if !opportunities[index].sources.contains(signal.tag) { opportunities[index].sources.append(signal.tag) }
    }

    /// An ad-level start cue inside an open break starts one of its ads.
    private mutating func noteAdStart(_ signal: LentSignal, in index: Int, tolerance: MediaDuration) {
        guard let cue = signal.cue, cue.segmentations.contains(where: { SignalRoles.adLevelStartTypes.contains($0.typeID) }),
              signal.time > opportunities[index].start + tolerance,
              !opportunities[index].adStarts.contains(where: { abs(($0 - signal.time).ticks) <= tolerance.ticks })
        else { return }
        let position = opportunities[index].adStarts.firstIndex { $0 > signal.time } ?? opportunities[index].adStarts.endIndex
        opportunities[index].adStarts.insert(signal.time, at: position)
    }

    /// A DATERANGE that states its end closes a break no other dialect
    /// marked, or corrects the end its planned duration gave it.
    private mutating func closeByStatedEnd(_ signal: LentSignal, _ index: Int) {
        guard let end = signal.endTime, !positioned[index] else { return }
        if opportunities[index].isOpen {
            close(index, at: max(end, opportunities[index].start), ending: .signal)
        } else if opportunities[index].ending == .plannedDuration {
            opportunities[index].end = max(end, opportunities[index].start)
            opportunities[index].ending = .signal
        }
    }

    /// Every close goes through here, so no break ends before it starts
    /// (signals from a later refresh may map to earlier times).
    private mutating func close(_ index: Int, at time: StreamTime, ending: PlacementOpportunity.Ending) {
        opportunities[index].end = max(time, opportunities[index].start)
        if let position = open.lastIndex(of: index) { open.remove(at: position) }
        opportunities[index].ending = ending
        if recordsChanges { closedIDs.append(opportunities[index].id) }
    }
}
