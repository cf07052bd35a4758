internal import MediaTime

/// A live media playlist kept up to date refresh by refresh, at a cost
/// proportional to the new lines, not the window.
///
/// The specification lets a server change a live playlist only by appending
/// lines, removing segments from the front and bumping the sequence numbers
/// (RFC 8216bis §6.2.2). So a refresh reads the header, checks that the first
/// segment still in the window and the last one already seen are where the
/// previous text implies, byte for byte, and parses only what follows. When
/// those checks fail (a rewritten history, a delta update with EXT-X-SKIP)
/// it reads the whole text and lines it up by media sequence number.
///
/// ```swift
/// var live = try LivePlaylist(firstText)
/// let delta = try live.refresh(with: nextText)
/// for id in delta.closedOpportunities { print("break \(id) ended") }
/// ```
public struct LivePlaylist: Sendable {
    /// The playlist as of the latest refresh. Segments, signals and metadata
    /// are the window's. Opportunities are the ones still open,
    /// the ones the window still touches and the latest 16 ended ones; older
    /// ones are forgotten (each was reported in the delta that ended it), so
    /// a session that runs for days holds its window, not its history.
    public internal(set) var playlist: MediaPlaylist
    var state: MediaParserState
    /// Limits and subscriptions.
    public let options: ParseOptions

    /// Parses the first text of a live playlist.
    public init(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) throws(HLSError) {
        self.options = options
        let parser = PlaylistParser(options: options)
        (playlist, state) = try bytes.withUnsafeBufferPointer { (text) throws(HLSError) in
            try parser.mediaAndState(text, bytes: bytes, from: try parser.header(text))
        }
        state.opportunities.recordsChanges = true
    }

    /// Parses the first text of a live playlist, given as a string.
    public init(_ text: String, options: ParseOptions = ParseOptions()) throws(HLSError) {
        try self.init(Array(text.utf8), options: options)
    }

    /// Reads the next text of the playlist.
    ///
    /// A bad line among the new lines does not throw: what came before it is
    /// applied, and the delta reports it with the error
    /// (``PlaylistDelta/stoppedAt``), so no segment or opportunity the
    /// playlist now holds goes unreported. A text that cannot be read at
    /// all (a bad header, a bad line in a text read whole) throws, and the
    /// playlist stays as it was.
    public mutating func refresh(with bytes: [UInt8]) throws(HLSError) -> PlaylistDelta {
        try bytes.withUnsafeBufferPointer { (text) throws(HLSError) -> PlaylistDelta in try refresh(text, bytes) }
    }

    /// Reads the next text of the playlist, given as a string.
    public mutating func refresh(with text: String) throws(HLSError) -> PlaylistDelta {
        try refresh(with: Array(text.utf8))
    }

    private mutating func refresh(_ text: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8]) throws(HLSError) -> PlaylistDelta {
        forgetPast()
        let parser = PlaylistParser(options: options)
        let top = try Top(text, from: try parser.header(text), parser: parser)
        let newFirst = top.header.mediaSequence
        let oldFirst = playlist.segments.first?.mediaSequence ?? state.mediaSequence
        let oldNext = state.mediaSequence
        if newFirst > oldNext { return try realign(text, bytes, change: .skippedAhead(missing: newFirst - oldNext)) }
        if newFirst < oldFirst { return try backwards(text, bytes) }
        let retained = Int(newFirst - oldFirst)
        var linesRead = top.linesRead
        var newStart = top.start
        var newLine = top.line
        var shifts = (bytes: 0, lines: 0)
        if retained < playlist.segments.count {
            let first = playlist.segments[retained]
            let last = playlist.segments[playlist.segments.count - 1]
            shifts = (top.start - first.blockOffset, top.line - first.blockLine)
            let lastStart = last.blockOffset + shifts.bytes
            guard matches(first.block, text, at: top.start), matches(last.block, text, at: lastStart) else {
                return try realign(text, bytes, change: .advanced)
            }
            linesRead += 2
            newStart = lastStart + Int(last.block.length)
            newLine = last.uriLine + shifts.lines + 1
            if newStart < text.count { newStart += 1 }
        }
        let before = Snapshot(playlist, state)
        takeBackTail()
        playlist.byteShift = shifts.bytes
        playlist.lineShift = shifts.lines
        adoptHeader(top.header)
        playlist.segments.removeFirst(retained)
        slideOut(before: newFirst)
        let chunk = playlist.text.append(Array(text[newStart...]))
        let added = parseNew(chunk: chunk, byteBase: newStart, firstLine: newLine)
        if playlist.warnings.count > 10_000 { playlist.warnings.removeFirst(playlist.warnings.count - 5_000) }
        var delta = before.delta(to: playlist, state: &state, addedSignals: added.signals, linesRead: linesRead + added.lines)
        if delta.addedSegments.isEmpty, retained == 0, added.signals.isEmpty { delta.change = .unchanged }
        delta.stoppedAt = added.stop
        return delta
    }

    /// Parses the lines after the last known segment, continuing the state.
    ///
    /// The playlist and state move into the parser and back, so nothing the
    /// size of the window is copied. A bad line stops the reading after what
    /// came before it has been applied, so the playlist stays consistent,
    /// the refresh reports what was applied, and the next refresh carries
    /// on from there.
    private mutating func parseNew(chunk: UInt32, byteBase: Int, firstLine: Int)
        -> (signals: [AdSignal], lines: Int, stop: HLSError?) {
        let chunkBytes = playlist.text.chunk(chunk)
        return chunkBytes.withUnsafeBufferPointer { (text) in
            var parser = MediaParser(text: text, chunk: chunk, options: options,
                                     playlist: MediaPlaylist(text: PlaylistText([])), state: MediaParserState())
            swap(&parser.playlist, &playlist)
            swap(&parser.state, &state)
            parser.mark = (0, parser.playlist.dateRanges.count, parser.playlist.metadata.count,
                           parser.playlist.unknownTags.count)
            parser.firstNewSignal = parser.playlist.signals.count
            parser.byteBase = byteBase
            parser.playlist.preloadHints = []
            parser.playlist.renditionReports = []
            var failure: HLSError?
            do throws(HLSError) {
                try parser.parseLines(from: 0, firstLine: firstLine)
            } catch {
                failure = error
            }
            parser.finish()
            let signals = Array(parser.newSignals)
            swap(&playlist, &parser.playlist)
            swap(&state, &parser.state)
            return (signals, parser.linesRead, failure)
        }
    }

    /// The lines after the last segment were read last time too; take back what they added.
    mutating func takeBackTail() {
        let tail = state.tail
        playlist.signals.removeLast(tail.signals)
        playlist.dateRanges.removeLast(min(tail.dateRanges, playlist.dateRanges.count))
        playlist.metadata.removeLast(tail.metadata)
        playlist.unknownTags.removeLast(min(tail.unknownTags, playlist.unknownTags.count))
        state.tail = TailCounts()
    }

    /// Takes the playlist-level tags of the new text.
    mutating func adoptHeader(_ header: MediaPlaylist) {
        playlist.version = header.version ?? playlist.version
        playlist.targetDuration = header.targetDuration ?? playlist.targetDuration
        playlist.mediaSequence = header.mediaSequence
        playlist.discontinuitySequence = header.discontinuitySequence
        playlist.playlistType = header.playlistType
        playlist.independentSegments = header.independentSegments
        playlist.start = header.start
        playlist.serverControl = header.serverControl
        playlist.partTarget = header.partTarget
    }

    /// Forgets the opportunities that ended before the window.
    private mutating func forgetPast() {
        guard let windowStart = playlist.segments.first?.start else { return }
        // The playlist lets go of the builder's list first, so forgetting edits it in place, not a copy.
        playlist.opportunities = []
        _ = state.opportunities.forget(endedBefore: windowStart)
        playlist.opportunities = state.opportunities.opportunities
    }

    /// Drops what belongs only to segments before `first`.
    mutating func slideOut(before first: UInt64) {
        if let firstSegment = playlist.segments.first {
            playlist.text.dropChunks(before: firstSegment.block.chunk)
            playlist.dateAnchors.drop(before: firstSegment.start)
        }
        playlist.signals.removeFirst { $0.mediaSequence < first }
        playlist.metadata.removeFirst { $0.mediaSequence < first }
    }

    private func matches(_ span: TextSpan, _ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let length = Int(span.length)
        guard offset >= 0, offset + length <= text.count else { return false }
        guard offset + length == text.count || text[offset + length] == 0x0A || text[offset + length] == 0x0D else {
            return false
        }
        return playlist.text.bytes(span, equal: UnsafeBufferPointer(rebasing: text[offset..<offset + length]))
    }
}
