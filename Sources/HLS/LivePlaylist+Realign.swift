internal import MediaTime

extension LivePlaylist {
    /// The new text does not continue the previous one line for line (a
    /// rewritten window, a delta update, missed segments): read it whole and
    /// take, by media sequence number, the segments not seen yet, their times
    /// continuing the session's.
    mutating func realign(_ text: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8],
                          change: PlaylistDelta.Change) throws(HLSError) -> PlaylistDelta {
        let parser = PlaylistParser(options: options)
        let (fresh, freshState) = try parser.mediaAndState(text, bytes: bytes, from: try parser.header(text))
        let before = Snapshot(playlist, state)
        let oldFirst = playlist.segments.first?.mediaSequence ?? state.mediaSequence
        let oldNext = state.mediaSequence
        // A delta update may skip date ranges it sent before (CAN-SKIP-DATERANGES):
        // those after the last segment stay unless the server removed them.
        let tailRanges = Array(playlist.dateRanges.suffix(min(state.tail.dateRanges, playlist.dateRanges.count)))
        takeBackTail()
        if fresh.skip != nil { playlist.dateRanges += tailRanges }
        let firstNew = fresh.segments.firstIndex { $0.mediaSequence >= oldNext } ?? fresh.segments.count
        var rewritten: [RewrittenSegment] = []
        for segment in fresh.segments[..<firstNew] where segment.mediaSequence >= oldFirst {
            let offset = Int(segment.mediaSequence - oldFirst)
            guard offset < playlist.segments.count else { break }
            let ours = playlist.segments[offset]
            let (earlier, later) = (playlist.uri(of: ours), fresh.uri(of: segment))
            if earlier != later {
                rewritten.append(RewrittenSegment(mediaSequence: segment.mediaSequence, earlierURI: earlier, laterURI: later))
            }
        }
        let knownEndLine = firstNew > 0 ? fresh.segments[firstNew - 1].uriLine : 0
        let freshTime = firstNew < fresh.segments.count ? fresh.segments[firstNew].start.ticks
            : fresh.segments.last?.end.ticks ?? 0
        let offset = MediaDuration(ticks: state.time - freshTime)
        var shifts = (bytes: 0, lines: 0)
        if let first = fresh.segments.first, first.mediaSequence >= oldFirst, first.mediaSequence < oldNext,
            Int(first.mediaSequence - oldFirst) < playlist.segments.count
        {
            let ours = playlist.segments[Int(first.mediaSequence - oldFirst)]
            shifts = (first.blockOffset - ours.blockOffset, first.blockLine - ours.blockLine)
        }
        playlist.byteShift = shifts.bytes
        playlist.lineShift = shifts.lines
        let chunk = playlist.text.append(bytes)
        let keyBase = Int32(playlist.keys.count)
        let mapBase = Int32(playlist.maps.count)
        playlist.keys += fresh.keys
        playlist.maps += fresh.maps
        // After missed segments the stream time goes on without them, but
        // dates do not: the first new segment is anchored to its own date,
        // from the fresh playlist's dates when it has no tag of its own.
        if firstNew < fresh.segments.count, fresh.segments[firstNew].programDateTime == nil,
           let date = fresh.dateAnchors.date(at: fresh.segments[firstNew].start) {
            playlist.dateAnchors.append(time: fresh.segments[firstNew].start + offset, date: date)
        }
        for var segment in fresh.segments[firstNew...] {
            segment.start = segment.start + offset
            segment.uri.chunk = chunk  // the block follows the URI
            segment.title?.chunk = chunk
            segment.blockOffset -= shifts.bytes
            segment.uriLine -= shifts.lines
            segment.keyIndex = segment.keyIndex.map { $0 + keyBase }
            segment.mapIndex = segment.mapIndex.map { $0 + mapBase }
            if let date = segment.programDateTime { playlist.dateAnchors.append(time: segment.start, date: date) }
            playlist.segments.append(segment)
        }
        let anchors = playlist.dateAnchors
        let signals = fresh.signals.filter { $0.line > knownEndLine }.map { signal in
            var shifted = signal
            shifted.time = signal.time + offset
            shifted.endTime = signal.endTime.map { $0 + offset }
            // A date range is placed by its dates through the session's own
            // (a date before missed segments keeps its stream time).
            if let range = signal.range, !range.pre, !range.post,
               let placed = MediaParser.datedTime(of: range, taggedAt: shifted.time, by: anchors) {
                MediaParser.set(&shifted, at: placed)
            }
            return shifted
        }
        // A delta update repeats the recent date ranges it did not skip; keep one of each. The
        // window's list is only read while the new ones are picked, then appended to in place.
        let added = fresh.dateRanges.filter { range in
            range.line > knownEndLine && !playlist.dateRanges.contains {
                $0.id == range.id && $0.attributes.attributes.map(\.text) == range.attributes.attributes.map(\.text)
            }
        }
        if !added.isEmpty { playlist.dateRanges.append(contentsOf: added) }
        let removed = Set(fresh.skip?.recentlyRemovedDateRanges ?? [])
        var removedIDs: [String] = []
        if !removed.isEmpty {
            removedIDs = playlist.dateRanges.filter { removed.contains($0.id) }.map(\.id)
            playlist.dateRanges.removeAll { removed.contains($0.id) }
        }
        let removedInterstitials = state.opportunities.removeInterstitials(scheduledBy: removed)
        let startDates = Dictionary(fresh.dateRanges.compactMap { range in range.startDate.map { (range.line, $0) } },
                                    uniquingKeysWith: { first, _ in first })
        playlist.metadata.append(contentsOf: fresh.metadata.filter { $0.line > knownEndLine }.map { item in
            var shifted = item
            shifted.time = item.time + offset
            // A date range's metadata is placed at its START-DATE, by the session's dates.
            if item.name == "#EXT-X-DATERANGE", let date = startDates[item.line],
               let placed = anchors.time(of: date, near: shifted.time) {
                shifted.time = placed
            }
            return shifted
        })
        playlist.unknownTags += fresh.unknownTags.filter { $0.line > knownEndLine }
        // The fresh parse's opportunity warnings come again from feeding the session's builder below.
        playlist.warnings += fresh.warnings.dropLast(freshState.lastFeedWarnings).filter { $0.line > knownEndLine || $0.line == 0 }
        state.time = freshState.time + offset.ticks
        state.mediaSequence = freshState.mediaSequence
        state.discontinuitySequence = freshState.discontinuitySequence
        state.keyIndex = freshState.keyIndex.map { $0 + keyBase }
        state.mapIndex = freshState.mapIndex.map { $0 + mapBase }
        state.bitrate = freshState.bitrate
        state.tail = freshState.tail
        adoptHeader(fresh)
        playlist.endList = fresh.endList
        playlist.skip = fresh.skip
        playlist.preloadHints = fresh.preloadHints
        playlist.renditionReports = fresh.renditionReports
        playlist.pendingParts = fresh.pendingParts
        playlist.segments.removeFirst { $0.mediaSequence < fresh.mediaSequence }
        slideOut(before: fresh.mediaSequence)
        if case .skippedAhead(let missing) = change {
            playlist.warnings.append(HLSWarning(line: 0, tag: "#EXT-X-MEDIA-SEQUENCE",
                                                "\(missing) segments were missed between refreshes; times continue across the gap"))
        }
        MediaParser.feed(signals, into: &playlist, state: &state, tolerance: tolerance)
        // The interstitials taken out were in the window before the refresh:
        // the new ones begin that many places earlier.
        var delta = before.delta(to: playlist, state: &state, addedSignals: signals, linesRead: Self.lineCount(text),
                                 removed: removedInterstitials.count)
        delta.rewrittenSegments = rewritten
        delta.removedDateRanges = removedIDs.reduce(into: []) { ids, id in if !ids.contains(id) { ids.append(id) } }
        delta.removedOpportunities = removedInterstitials
        delta.change = change
        if case .advanced = change, delta.addedSegments.isEmpty, delta.removedSegments.isEmpty, delta.removedDateRanges.isEmpty,
            delta.removedOpportunities.isEmpty, delta.openedOpportunities.isEmpty, delta.closedOpportunities.isEmpty, delta.rewrittenSegments.isEmpty
        {
            // The same text again (a delta update repeated): the tail's tags were read again, nothing is new.
            delta.change = .unchanged
        }
        delta.readWholeText = true
        return delta
    }

    /// The media sequence went backwards: a stale copy (ignored) or a restart
    /// (parsed afresh, its times continuing the old window's).
    mutating func backwards(_ text: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8]) throws(HLSError) -> PlaylistDelta {
        let parser = PlaylistParser(options: options)
        var (fresh, freshState) = try parser.mediaAndState(text, bytes: bytes, from: try parser.header(text))
        let lines = Self.lineCount(text)
        let oldFirst = playlist.segments.first?.mediaSequence ?? state.mediaSequence
        if let last = fresh.segments.last?.mediaSequence, last < state.mediaSequence, last >= oldFirst {
            return PlaylistDelta(change: .wentBackwards, addedSegments: state.mediaSequence..<state.mediaSequence,
                                 removedSegments: oldFirst..<oldFirst, addedSignals: [], openedOpportunities: [],
                                 closedOpportunities: [], warnings: [],
                                 linesRead: lines, readWholeText: true)
        }
        let removed = oldFirst..<max(oldFirst, state.mediaSequence)
        // Re-anchored: stream time goes on from where the old window ended,
        // so a session's timeline never runs backwards.
        (fresh, freshState) = try parser.mediaAndState(text, bytes: bytes, from: try parser.header(text), startTicks: state.time)
        fresh.warnings.append(HLSWarning(line: 0, tag: "#EXT-X-MEDIA-SEQUENCE",
                                         "the stream restarted (media sequence \(fresh.mediaSequence) after \(oldFirst))"))
        let replaced = playlist.opportunities
        playlist = fresh
        state = freshState
        state.opportunities.recordsChanges = true
        var delta = PlaylistDelta(change: .restarted, addedSegments: fresh.mediaSequence..<freshState.mediaSequence,
                                  removedSegments: removed, addedSignals: Array(fresh.signals),
                                  openedOpportunities: fresh.opportunities.map(\.id),
                                  closedOpportunities: fresh.opportunities.filter { !$0.isOpen }.map(\.id),
                                  warnings: fresh.warnings, linesRead: lines, readWholeText: true)
        delta.replacedOpportunities = replaced
        return delta
    }

    var tolerance: MediaDuration { options.tolerance(targetDuration: playlist.targetDuration) }

    static func lineCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        text.reduce(into: 1) { count, byte in if byte == 0x0A { count += 1 } }
    }
}

/// The playlist's counts before a refresh, to say what the refresh changed.
struct Snapshot {
    let firstSequence: UInt64
    let nextSequence: UInt64
    let opportunityCount: Int
    let warningCount: Int

    init(_ playlist: borrowing MediaPlaylist, _ state: borrowing MediaParserState) {
        firstSequence = playlist.segments.first?.mediaSequence ?? state.mediaSequence
        nextSequence = state.mediaSequence
        opportunityCount = playlist.opportunities.count
        warningCount = playlist.warnings.count
    }

    /// What changed since the snapshot; `removed` of the opportunities it
    /// counted have left the window since (removed date ranges' interstitials).
    func delta(to playlist: MediaPlaylist, state: inout MediaParserState, addedSignals: [AdSignal],
               linesRead: Int, removed: Int = 0) -> PlaylistDelta {
        let newFirst = playlist.segments.first?.mediaSequence ?? state.mediaSequence
        var delta = PlaylistDelta(
            change: .advanced, addedSegments: nextSequence..<max(nextSequence, state.mediaSequence),
            removedSegments: firstSequence..<max(firstSequence, newFirst), addedSignals: addedSignals,
            openedOpportunities: playlist.opportunities.dropFirst(max(opportunityCount - removed, 0)).map(\.id),
            closedOpportunities: state.opportunities.takeClosed(),
            warnings: Array(playlist.warnings.dropFirst(min(warningCount, playlist.warnings.count))),
            linesRead: linesRead, readWholeText: false)
        // An opportunity opened by this refresh is new, not updated. Most
        // refreshes update none: the set of opened IDs is built only when
        // there is something to tell apart.
        var updated = state.opportunities.takeUpdated()
        if !updated.isEmpty, !delta.openedOpportunities.isEmpty {
            let opened = Set(delta.openedOpportunities)
            updated.removeAll { opened.contains($0) }
        }
        delta.updatedOpportunities = updated
        return delta
    }
}

/// The top of a refreshed text: its playlist-level tags, and where the first
/// segment's lines begin.
struct Top {
    let start: Int
    let line: Int
    let header: MediaPlaylist
    let linesRead: Int

    init(_ text: UnsafeBufferPointer<UInt8>, from afterHeader: Int, parser: PlaylistParser) throws(HLSError) {
        var position = afterHeader
        var line = 2
        var read = 1
        if let base = text.baseAddress {
            scan: while position < text.count {
                let lineEnd = Bytes.lineEnd(base, text.count, position)
                read += 1
                if lineEnd > position, base[position] != 0x0D {
                    guard base[position] == UInt8(ascii: "#") else { break scan }
                    let colon = Bytes.find(UInt8(ascii: ":"), base, position, lineEnd)
                    var nameEnd = colon
                    while nameEnd > position, base[nameEnd - 1] == 0x0D || base[nameEnd - 1] == 0x20 { nameEnd -= 1 }
                    let isTag = nameEnd - position >= 4 && base[position + 1] == UInt8(ascii: "E")
                    if isTag, TagTable.shared.lookup(base, position, nameEnd - position)?.isPlaylistLevel != true { break scan }
                }
                position = lineEnd + 1
                line += 1
            }
        }
        start = min(position, text.count)
        self.line = line
        linesRead = read
        header = try parser.headerTags(text, from: afterHeader, to: start)
    }
}
