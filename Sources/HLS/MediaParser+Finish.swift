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
        if playlist.endList {
            for range in playlist.dateRanges[min(mark.dateRanges, playlist.dateRanges.count)...] where range.isPreload {
                warn(range.line, "#EXT-X-DATERANGE", "com.apple.hls.preload is ignored: the playlist has EXT-X-ENDLIST, so nothing is due later")
            }
        }
        for range in playlist.dateRanges[min(mark.dateRanges, playlist.dateRanges.count)...] where range.isCreativeSignal {
            do {
                _ = try CreativeSignal(range)
            } catch {
                warn(range.line, "#EXT-X-DATERANGE", "creative signalling \(range.id) is not usable: \(error.detail); its ads get no tracking")
            }
        }
        for (index, range) in dateRangeMetadata {
            guard let date = range.startDate, let time = playlist.dateAnchors.time(of: date, near: playlist.metadata[index].time)
            else { continue }
            var item = playlist.metadata[index]
            item.time = time
            item.mediaSequence = Self.mediaSequence(at: time, taggedIn: item.mediaSequence, of: playlist.segments,
                                                      otherwise: state.mediaSequence)
            playlist.metadata[index] = item
        }
        var cursor = DateAnchors.Cursor()
        var tagged = taggedSegments.makeIterator()
        var next = tagged.next()
        for index in firstNewSignal..<playlist.signals.count where playlist.signals[index].range != nil {
            while let span = next, span.signal < index { next = tagged.next() }
            place(index, cursor: &cursor, segment: next.flatMap { $0.signal == index ? $0 : nil })
        }
        state.tail = TailCounts(signals: playlist.signals.count - firstNewSignal - mark.signals, dateRanges: playlist.dateRanges.count - mark.dateRanges,
                                metadata: playlist.metadata.count - mark.metadata,
                                unknownTags: playlist.unknownTags.count - mark.unknownTags)
        Self.feed(firstNewSignal..<playlist.signals.count, of: &playlist, state: &state, tolerance: tolerance)
    }

    /// Hands signals, in stream-time order, to the opportunity and blackout
    /// state machines and publishes what they formed.
    static func feed(_ signals: [AdSignal], into playlist: inout MediaPlaylist, state: inout MediaParserState,
                     tolerance: MediaDuration) {
        let first = playlist.signals.count
        playlist.signals.append(contentsOf: signals)
        feed(first..<playlist.signals.count, of: &playlist, state: &state, tolerance: tolerance)
    }

    /// The same, for signals already in the playlist.
    static func feed(_ range: Range<Int>, of playlist: inout MediaPlaylist, state: inout MediaParserState,
                     tolerance: MediaDuration) {
        var warnings: [HLSWarning] = []
        // The playlist lets go of the builder's list while it changes, so a new opportunity is
        // appended in place instead of copying every earlier one.
        playlist.opportunities = []
        // Each signal is lent to the builder where it lies, not copied; the
        // window's signals do not change while it reads them.
        let anchors = playlist.dateAnchors
        let windowStart = playlist.segments.first?.start
        playlist.signals.withElements { signals in
            state.opportunities.reserve(for: UnsafeBufferPointer(rebasing: signals[range]))
            // The signals come in stream order: each date is a few anchors on from the last.
            var cursor = DateAnchors.Cursor()
            for index in order(of: signals, range) {
                let date = signals[index].range?.startDate ?? anchors.date(at: signals[index].time, cursor: &cursor)
                state.opportunities.handle(LentSignal(signals.baseAddress! + index), at: date, tolerance: tolerance,
                                           windowStart: windowStart, warnings: &warnings)
            }
        }
        playlist.warnings += warnings
        state.lastFeedWarnings = warnings.count
        state.opportunities.expire(playlistEnd: StreamTime(ticks: state.time), tolerance: tolerance)
        playlist.opportunities = state.opportunities.opportunities
    }

    /// A DATERANGE applies at its START-DATE (or at the start or end for
    /// CUE=PRE/POST), wherever the tag sits; one that carries an end signal
    /// applies where it ends.
    private mutating func place(_ index: Int, cursor: inout DateAnchors.Cursor, segment tagged: TaggedSegment?) {
        guard let range = playlist.signals[index].range else { return }
        let firstStart = playlist.segments.first?.start ?? StreamTime(ticks: state.time)
        var time = playlist.signals[index].time
        if range.pre {
            time = firstStart
        } else if range.post {
            time = StreamTime(ticks: state.time)
        } else if let placed = Self.datedTime(of: range, taggedAt: time, by: playlist.dateAnchors, cursor: &cursor) {
            time = placed
        } else if range.startDate != nil, playlist.dateAnchors.isEmpty {
            warn(playlist.signals[index].line, playlist.signals[index].tag,
                 "no #EXT-X-PROGRAM-DATE-TIME to place START-DATE by; placed where the tag is")
        }
        let sequence = Self.mediaSequence(at: time, taggedIn: playlist.signals[index].mediaSequence, spanning: tagged,
                                          of: playlist.segments, otherwise: state.mediaSequence)
        Self.set(&playlist.signals[index], at: time, mediaSequence: sequence)
    }

    /// A date range signal's time and, with it, its end, and the media
    /// sequence number of the segment it falls in when that is known.
    static func set(_ signal: inout AdSignal, at time: StreamTime, mediaSequence: UInt64? = nil) {
        signal.time = time
        if let mediaSequence { signal.mediaSequence = mediaSequence }
        guard let range = signal.range else { return }
        if range.marksEnd {
            signal.endTime = time
        } else if let length = range.length {
            signal.endTime = time + length
        }
    }

    /// Where a date range's dates place it by `anchors`: its START-DATE, or
    /// for an end signal its END-DATE, else START-DATE + DURATION. Nil when
    /// its dates do not say (an end that repeats the start's ID and states
    /// no end applies at its own segment) or the playlist has no dates.
    static func datedTime(of range: AdSignal.RangeFacts, taggedAt tag: StreamTime, by anchors: DateAnchors) -> StreamTime? {
        var cursor = DateAnchors.Cursor()
        return datedTime(of: range, taggedAt: tag, by: anchors, cursor: &cursor)
    }

    /// The same, finding the tag's anchor from `cursor` (date ranges are placed in the order of their tags).
    static func datedTime(of range: AdSignal.RangeFacts, taggedAt tag: StreamTime, by anchors: DateAnchors,
                          cursor: inout DateAnchors.Cursor) -> StreamTime? {
        if range.marksEnd {
            if let endDate = range.endDate { return anchors.time(of: endDate, near: tag, cursor: &cursor) }
            if let startDate = range.startDate, let duration = range.duration {
                // Added as dates: stream time may skip missed seconds between.
                return anchors.time(of: ProgramDateTime(ticksSinceEpoch: startDate.ticksSinceEpoch + duration.ticks), near: tag,
                                    cursor: &cursor)
            }
            if range.repeatsID { return nil }
        }
        return range.startDate.flatMap { anchors.time(of: $0, near: tag, cursor: &cursor) }
    }


    /// The media sequence number of the segment holding `time`. A date
    /// range is nearly always placed in the segment its tag precedes
    /// (`tagged`, whose number the tag was read with), so that segment is
    /// tried first: by its span noted while it was read, when there is one
    /// (reading it back from a long playlist is a cache miss), else from the
    /// segments; else the segments are searched. `current` is the number of
    /// the segment after the last.
    /// A static function of what it reads: a method of the parser, called
    /// from a mutating one, was handed a copy of the whole parser.
    private static func mediaSequence(at time: StreamTime, taggedIn tagged: UInt64, spanning span: TaggedSegment? = nil,
                                      of segments: SlidingWindow<MediaSegment>, otherwise current: UInt64) -> UInt64 {
        if let span {
            // The next segment starts where this one ends; after the last there is none.
            if span.start <= time.ticks, time.ticks < span.end || tagged &+ 1 == current {
                return time.ticks < span.end ? tagged : tagged &+ 1
            }
        } else if let first = segments.first, tagged >= first.mediaSequence, tagged - first.mediaSequence < UInt64(segments.count) {
            let index = Int(tagged - first.mediaSequence)
            if segments[index].mediaSequence == tagged, segments[index].start <= time,
               index + 1 == segments.count || time < segments[index + 1].start {
                return time < segments[index].end ? tagged : tagged &+ 1
            }
        }
        return mediaSequence(at: time, of: segments, otherwise: current)
    }

    /// The same, by a search of the segments; `current` when there are none.
    private static func mediaSequence(at time: StreamTime, of segments: SlidingWindow<MediaSegment>, otherwise current: UInt64) -> UInt64 {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        if low == 0 { return segments.first?.mediaSequence ?? current }
        let sequence = segments[low - 1].mediaSequence
        return time < segments[low - 1].end ? sequence : sequence &+ 1
    }

    /// The indices of `range` in stream-time order, ties by line. Signals come
    /// nearly sorted (only date ranges are placed away from their line), so an
    /// insertion sort does little more than one pass; past a budget of moves
    /// (input made to defeat it) the general sort takes over.
    private static func order(of signals: UnsafeBufferPointer<AdSignal>, _ range: Range<Int>) -> [Int] {
        typealias Key = (time: Int64, line: Int, index: Int)
        func before(_ lhs: Key, _ rhs: Key) -> Bool { lhs.time != rhs.time ? lhs.time < rhs.time : lhs.line < rhs.line }
        var keys = range.map { (time: sortTime(signals, $0).ticks, line: signals[$0].line, index: $0) }
        var budget = 8 * keys.count + 64
        insertion: for next in keys.indices.dropFirst() {
            let key = keys[next]
            var slot = next
            while slot > 0, before(key, keys[slot - 1]) {
                keys[slot] = keys[slot - 1]
                slot -= 1
                budget -= 1
            }
            keys[slot] = key
            if budget < 0 {
                keys.sort(by: before)
                break insertion
            }
        }
        return keys.map(\.index)
    }

    /// Ends stated by a DATERANGE SCTE35-IN sort at the end, so they follow the break's other signals.
    private static func sortTime(_ signals: UnsafeBufferPointer<AdSignal>, _ index: Int) -> StreamTime {
        if signals[index].range != nil, signals[index].role == .end, let end = signals[index].endTime { return end }
        return signals[index].time
    }

}
