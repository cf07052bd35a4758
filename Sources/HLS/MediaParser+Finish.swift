internal import MediaTime
internal import SCTE35

extension MediaParser {
    /// The tolerance within which signals mark the same break.
    var tolerance: MediaDuration { options.tolerance(targetDuration: playlist.targetDuration) }

    /// After the last line: places date ranges in stream time through
    /// PROGRAM-DATE-TIME, then feeds this run's signals, in stream-time order,
    /// to the opportunity and blackout state machines.
    mutating func finish() {
        if pending.duration != nil || pending.discontinuity || pending.byteRange != nil {
            warn(pending.blockLine, nil, "segment tags with no URI line after them")
        }
        playlist.pendingParts = pending.parts
        for (index, range) in dateRangeMetadata {
            guard let date = range.startDate, let time = playlist.dateAnchors.time(of: date) else { continue }
            var item = playlist.metadata[index]
            item.time = time
            item.mediaSequence = mediaSequence(at: time)
            playlist.metadata[index] = item
        }
        for index in newSignals.indices {
            guard case .dateRange(let range) = newSignals[index].kind else { continue }
            var signal = newSignals[index]
            place(&signal, range)
            newSignals[index] = signal
        }
        state.tail = TailCounts(signals: newSignals.count - mark.signals, dateRanges: playlist.dateRanges.count - mark.dateRanges,
                                metadata: playlist.metadata.count - mark.metadata,
                                unknownTags: playlist.unknownTags.count - mark.unknownTags)
        Self.feed(newSignals, into: &playlist, state: &state, tolerance: tolerance)
    }

    /// Hands signals, in stream-time order, to the opportunity and blackout
    /// state machines and publishes what they formed.
    static func feed(_ signals: [AdSignal], into playlist: inout MediaPlaylist, state: inout MediaParserState,
                     tolerance: MediaDuration) {
        playlist.signals.append(contentsOf: signals)
        let order = signals.indices.map { (time: sortTime(signals[$0]).ticks, line: signals[$0].line, index: $0) }
            .sorted { $0.time != $1.time ? $0.time < $1.time : $0.line < $1.line }
        for key in order {
            let date = dateRangeStart(signals[key.index]) ?? playlist.dateAnchors.date(at: signals[key.index].time)
            state.opportunities.handle(signals[key.index], at: date, tolerance: tolerance, warnings: &playlist.warnings)
            if signals[key.index].cue != nil {
                state.blackouts.handle(signals[key.index], at: date, tolerance: tolerance, warnings: &playlist.warnings)
            }
        }
        state.opportunities.expire(playlistEnd: StreamTime(ticks: state.time), tolerance: tolerance)
        playlist.opportunities = state.opportunities.opportunities
        playlist.blackouts = state.blackouts.windows
    }

    /// A DATERANGE applies at its START-DATE (or at the start or end for
    /// CUE=PRE/POST), wherever the tag sits.
    private mutating func place(_ signal: inout AdSignal, _ range: DateRange) {
        let firstStart = playlist.segments.first?.start ?? StreamTime(ticks: state.time)
        if range.cue.contains("PRE") {
            signal.time = firstStart
        } else if range.cue.contains("POST") {
            signal.time = StreamTime(ticks: state.time)
        } else if let date = range.startDate {
            if let time = playlist.dateAnchors.time(of: date) {
                signal.time = time
            } else {
                warn(signal.line, signal.tag, "no #EXT-X-PROGRAM-DATE-TIME to place START-DATE by; placed where the tag is")
            }
        }
        if let endDate = range.endDate, let start = range.startDate {
            signal.endTime = signal.time + MediaDuration(ticks: endDate.ticksSinceEpoch - start.ticksSinceEpoch)
        } else if let duration = range.duration {
            signal.endTime = signal.time + duration
        }
        signal.mediaSequence = mediaSequence(at: signal.time)
    }

    /// The media sequence number of the segment holding `time`.
    private func mediaSequence(at time: StreamTime) -> UInt64 {
        let segments = playlist.segments
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        if low == 0 { return segments.first?.mediaSequence ?? state.mediaSequence }
        let segment = segments[low - 1]
        return time < segment.end ? segment.mediaSequence : segment.mediaSequence &+ 1
    }

    /// Ends stated by a DATERANGE SCTE35-IN sort at the end, so they follow the break's other signals.
    private static func sortTime(_ signal: AdSignal) -> StreamTime {
        if case .dateRange = signal.kind, signal.role == .end, let end = signal.endTime { return end }
        return signal.time
    }

    private static func dateRangeStart(_ signal: AdSignal) -> ProgramDateTime? {
        if case .dateRange(let range) = signal.kind { return range.startDate }
        return nil
    }
}
