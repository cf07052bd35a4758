internal import TextEcho
internal import MediaTime
internal import SCTE35

/// Where parsing a media playlist stands between lines: the next segment's
/// position and the tags in force. A live playlist keeps it across refreshes.
struct MediaParserState: Sendable, Hashable {
    var time: Int64 = 0
    var mediaSequence: UInt64 = 0
    var discontinuitySequence: UInt64 = 0
    var keyIndex: Int32?
    var mapIndex: Int32?
    var bitrate: UInt64?
    /// The opportunity builder, with the ad ranges' IDs: a later range with
    /// the same ID (adding its DURATION, say) is read as more of the same break.
    var opportunities = OpportunityBuilder()
    var cache = SCTE35Cache()
    /// How many entries the lines after the last segment's URI added; a live
    /// refresh reads those lines again, so it takes them back first.
    var tail = TailCounts()
    /// How many warnings the last feed of the opportunity builder added (the
    /// last of the playlist's warnings): a realigned refresh feeds the
    /// session's builder again and keeps its warnings, not the fresh parse's.
    var lastFeedWarnings = 0
}

/// Entries added by the lines after the last segment, per collection.
struct TailCounts: Sendable, Hashable {
    var signals = 0
    var dateRanges = 0
    var metadata = 0
    var unknownTags = 0
}

/// Where the segment a date range's tag precedes lies in stream time.
struct TaggedSegment {
    /// The signal's index in the playlist's signals.
    var signal: Int
    var start: Int64
    var end: Int64
}

/// The tags of the segment being read, until its URI line.
struct PendingSegment {
    var duration: Int64?
    var title: TextSpan?
    var programDateTime: ProgramDateTime?
    var byteRange: ByteRange?
    var discontinuity = false
    var gap = false
    var parts: [PartialSegment] = []
    var blockStart: Int?
    var blockLine = 0
    /// A date range signal was read since the last URI line.
    var taggedRanges = false
}

/// Reads the lines of a media playlist into a ``MediaPlaylist``.
///
/// One pass, no string per line: lines are found eight bytes at a time, tags
/// by a length-bucketed table, and the two tags every segment has (`#EXTINF`,
/// `#EXT-X-PROGRAM-DATE-TIME`) are read straight from bytes. A live refresh
/// runs the same parser over the new lines only, continuing its state.
struct MediaParser {
    let text: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let chunk: UInt32
    /// Where this chunk starts in the text it was cut from.
    var byteBase = 0
    let options: ParseOptions
    let subscribed: [[UInt8]]
    var playlist: MediaPlaylist
    var state: MediaParserState
    var pending = PendingSegment()
    /// Where this run's signals start in ``MediaPlaylist/signals``; the
    /// builders take them from there.
    var firstNewSignal = 0
    /// Date ranges delivered as timed metadata, to place by START-DATE at the end.
    var dateRangeMetadata: [(index: Int, range: DateRange)] = []
    /// Collection sizes right after the last URI line.
    var mark = (signals: 0, dateRanges: 0, metadata: 0, unknownTags: 0)
    /// For each date range signal this run read before a URI line, in
    /// order: the span of stream time of the segment its tag precedes, noted
    /// while that segment is at hand, so placing the range at the end need
    /// not read the segment back (a cache miss in a long playlist).
    var taggedSegments: [TaggedSegment] = []
    /// The latest stream time accepted; with durations under 10^9 s and dates
    /// within years 0...9999, every sum the parser forms stays inside Int64.
    static let maxStreamTime: Int64 = 1 << 61
    /// Lines this run looked at.
    var linesRead = 0
    var sawTargetDuration = false
    var dayCache = ProgramDateTime.DayCache()
    /// Segments this run read, and where its first line started.
    var segmentsRead = 0
    var runStart = 0
    static let segmentsBeforeEstimate = 256

    init(text: UnsafeBufferPointer<UInt8>, chunk: UInt32, options: ParseOptions, playlist: MediaPlaylist,
         state: MediaParserState) {
        self.text = text
        base = text.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.chunk = chunk
        self.options = options
        subscribed = options.subscribedTagBytes
        self.playlist = playlist
        self.state = state
        mark = (0, playlist.dateRanges.count, playlist.metadata.count, playlist.unknownTags.count)
        firstNewSignal = playlist.signals.count
    }

    /// The signals this run read.
    var newSignals: Slice<SlidingWindow<AdSignal>> { playlist.signals[firstNewSignal...] }

    /// Reads lines from `start`, the first being line `firstLine`.
    mutating func parseLines(from start: Int, firstLine: Int) throws(HLSError) {
        runStart = start
        var lines = 0
        defer { linesRead += lines }
        try LineReader(text: text, options: options).forEachLine(from: start, firstLine: firstLine, counting: &lines) {
            (position, end, line) throws(HLSError) in
            if base[position] != UInt8(ascii: "#") {
                try uriLine(position, end, line: line)
            } else if end - position >= 4, base[position + 1] == UInt8(ascii: "E"),
                      base[position + 2] == UInt8(ascii: "X"), base[position + 3] == UInt8(ascii: "T") {
                try tagLine(position, end, line: line)
            }
        }
    }

    private mutating func tagLine(_ start: Int, _ end: Int, line: Int) throws(HLSError) {
        let tag: TagName?
        let colon: Int
        if let found = Self.perSegmentTag(base, start, end) {
            (tag, colon) = (found.0, found.colon)
        } else {
            colon = Bytes.find(UInt8(ascii: ":"), base, start, end)
            tag = TagTable.shared.lookup(base, start, colon - start)
        }
        let valueStart = min(colon + 1, end)
        if let tag {
            if !tag.isPlaylistLevel, pending.blockStart == nil {
                pending.blockStart = start
                pending.blockLine = line
            }
            switch tag {
            case .extinf: try extinf(valueStart, end, line: line)
            case .programDateTime: try programDateTime(valueStart, end, line: line)
            default: try other(tag, start, colon, valueStart, end, line: line)
            }
        } else {
            if pending.blockStart == nil {
                pending.blockStart = start
                pending.blockLine = line
            }
            playlist.unknownTags.append(UnknownTag(name: string(start, colon), value: colon < end ? string(valueStart, end) : nil,
                                                   line: line))
        }
        if !subscribed.isEmpty { deliverIfSubscribed(start, colon, valueStart, end, line: line) }
    }

    /// `#EXTINF` or `#EXT-X-PROGRAM-DATE-TIME` and where its colon is, told
    /// by whole-word compares of the line's start before its colon is
    /// looked for or the table is asked: two of a plain segment's three
    /// lines. Neither name holds a colon, so the one after it is the line's first.
    @inline(__always)
    static func perSegmentTag(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (TagName, colon: Int)? {
        // The colon is read as part of the name's last word.
        @inline(__always) func starts(with name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            return end - start >= count && Bytes.isName(UnsafeBufferPointer(start: base + start, count: count), name)
        }
        if starts(with: "#EXTINF:") { return (.extinf, start + 7) }
        if starts(with: "#EXT-X-PROGRAM-DATE-TIME:") { return (.programDateTime, start + 24) }
        return nil
    }

    private mutating func extinf(_ start: Int, _ end: Int, line: Int) throws(HLSError) {
        let comma = Bytes.find(UInt8(ascii: ","), base, start, end)
        guard let ticks = Numbers.ticks(text, start..<comma), ticks >= 0 else {
            throw HLSError(.badValue, line: line, tag: "#EXTINF", "the duration: " + Numbers.decimalProblem(text, start..<comma))
        }
        if pending.duration != nil {
            playlist.warnings.append(HLSWarning(line: line, tag: "#EXTINF", "a second #EXTINF before the segment's URI; the last one applies"))
        }
        pending.duration = ticks
        pending.title = comma + 1 < end ? span(comma + 1, end) : nil
    }

    private mutating func programDateTime(_ start: Int, _ end: Int, line: Int) throws(HLSError) {
        guard let date = ProgramDateTime.parse(text, start..<end, days: &dayCache) else {
            throw HLSError(.badValue, line: line, tag: "#EXT-X-PROGRAM-DATE-TIME",
                           "not an ISO 8601 date with a time zone: \(echo(start, end))")
        }
        pending.programDateTime = date
    }

    private mutating func uriLine(_ start: Int, _ end: Int, line: Int) throws(HLSError) {
        guard let duration = pending.duration else {
            throw HLSError(.badStructure, line: line, tag: nil, "a URI line with no #EXTINF before it")
        }
        if !playlist.variables.values.isEmpty {
            _ = try playlist.variables.substitute(string(start, end), line: line, tag: nil)
        }
        guard state.time + duration <= MediaParser.maxStreamTime else {
            throw HLSError(.badValue, line: line, tag: nil, "the segments add up to more than 2^61 ticks (about 8,000 years)")
        }
        if pending.discontinuity { state.discontinuitySequence &+= 1 }
        let blockStart = pending.blockStart ?? start
        let segment = MediaSegment(
            mediaSequence: state.mediaSequence, discontinuitySequence: state.discontinuitySequence,
            start: StreamTime(ticks: state.time), duration: MediaDuration(ticks: duration), uri: span(start, end),
            title: pending.title, programDateTime: pending.programDateTime, byteRange: pending.byteRange,
            discontinuity: pending.discontinuity, gap: pending.gap, bitrate: state.bitrate, keyIndex: state.keyIndex,
            mapIndex: state.mapIndex, parts: pending.parts, blockStart: blockStart,
            blockOffset: blockStart + byteBase - playlist.byteShift,
            blockLine: (pending.blockStart == nil ? line : pending.blockLine) - playlist.lineShift,
            uriLine: line - playlist.lineShift)
        if let date = pending.programDateTime {
            playlist.dateAnchors.append(time: segment.start, date: date)
        }
        playlist.segments.append(segment)
        if pending.taggedRanges { noteTaggedSegment(start: state.time, end: state.time + duration) }
        segmentsRead += 1
        if segmentsRead == Self.segmentsBeforeEstimate { reserveForTheRest(after: end) }
        state.time += duration
        state.mediaSequence &+= 1
        pending = PendingSegment()
        mark = (playlist.signals.count - firstNewSignal, playlist.dateRanges.count, playlist.metadata.count, playlist.unknownTags.count)
    }

    /// Notes the segment just read as the one the date range signals since
    /// the last URI line precede.
    @inline(never)
    private mutating func noteTaggedSegment(start: Int64, end: Int64) {
        for index in firstNewSignal + mark.signals..<playlist.signals.count where playlist.signals[index].range != nil {
            taggedSegments.append(TaggedSegment(signal: index, start: start, end: end))
        }
    }

    /// Once a long text has shown how many bytes a segment takes, makes room
    /// for the segments, signals and dates the rest of it will hold (an eighth
    /// more than the estimate), so the collections grow once rather than
    /// doubling, copying and touching fresh memory a dozen times. The estimate
    /// is bounded by the lines left under the line limit.
    private mutating func reserveForTheRest(after position: Int) {
        let bytesPerSegment = max((position - runStart) / segmentsRead, 1)
        let linesLeft = max(options.maxLines - linesRead, 0) / 2
        let segments = min((text.count - position) / bytesPerSegment * 9 / 8, linesLeft)
        guard segments > Self.segmentsBeforeEstimate else { return }
        playlist.segments.reserveCapacity(playlist.segments.count + segments)
        if !playlist.dateAnchors.isEmpty { playlist.dateAnchors.reserveCapacity(adding: segments) }
        let signals = playlist.signals.count - firstNewSignal
        if signals > 0 {
            playlist.signals.reserveCapacity(playlist.signals.count + min(segments * signals / segmentsRead * 9 / 8, linesLeft))
        }
    }

    private mutating func deliverIfSubscribed(_ start: Int, _ colon: Int, _ valueStart: Int, _ end: Int, line: Int) {
        let length = colon - start
        // Date ranges are delivered where their START-DATE places them (see `dateRange`).
        if length == 16, ("#EXT-X-DATERANGE" as StaticString).withUTF8Buffer({ Bytes.equal(base + start, $0.baseAddress!, 16) }) {
            return
        }
        for name in subscribed where name.count == length {
            guard name.withUnsafeBufferPointer({ Bytes.equal(base + start, $0.baseAddress!, length) }) else { continue }
            playlist.metadata.append(SubscribedTag(
                name: string(start, colon), value: colon < end ? string(valueStart, end) : nil,
                time: StreamTime(ticks: state.time), mediaSequence: state.mediaSequence, line: line))
        }
    }

    // MARK: - Helpers

    func span(_ start: Int, _ end: Int) -> TextSpan {
        TextSpan(chunk: chunk, offset: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: end - start))
    }

    /// The text from `start` to `end`, quoted for a message.
    func echo(_ start: Int, _ end: Int) -> String { Echo.quoted(UnsafeBufferPointer(rebasing: text[start..<end])) }

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
    }

    func attributes(_ start: Int, _ end: Int, line: Int, tag: String) throws(HLSError) -> AttributeList {
        let variables = playlist.variables.values.isEmpty ? nil : playlist.variables
        let parser = AttributeParser(text: text, lineStart: start - tag.utf8.count - 1, line: line,
                                     tag: tag, variables: variables)
        return try parser.parse(start..<end)
    }
}
