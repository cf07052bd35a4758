internal import TextEcho
/// Parses HLS playlists (RFC 8216 and its second edition) into typed values.
///
/// ```swift
/// let parser = PlaylistParser()
/// let playlist = try parser.parseMedia(Array(text.utf8))
/// for opportunity in playlist.opportunities {
///     print(opportunity.id, opportunity.start, opportunity.duration ?? "open")
/// }
/// ```
public struct PlaylistParser: Sendable {
    /// Limits and subscriptions.
    public var options: ParseOptions

    /// Creates a parser.
    public init(options: ParseOptions = ParseOptions()) { self.options = options }

    /// Parses a playlist of either kind.
    /// - Complexity: O(n) in the length of the text.
    public func parse(_ bytes: [UInt8]) throws(HLSError) -> Playlist {
        try bytes.withUnsafeBufferPointer { (text) throws(HLSError) -> Playlist in
            let firstLine = try header(text)
            if try isMaster(text, from: firstLine) {
                var parser = MasterParser(text: text, options: options)
                return .master(try parser.parse(from: firstLine))
            }
            return .media(try media(text, bytes: bytes, from: firstLine))
        }
    }

    /// Parses a playlist of either kind from a string.
    public func parse(_ text: String) throws(HLSError) -> Playlist { try parse(Array(text.utf8)) }

    /// Parses a media playlist; a multivariant playlist is an error.
    public func parseMedia(_ bytes: [UInt8]) throws(HLSError) -> MediaPlaylist {
        try bytes.withUnsafeBufferPointer { (text) throws(HLSError) -> MediaPlaylist in
            let firstLine = try header(text)
            return try media(text, bytes: bytes, from: firstLine)
        }
    }

    /// Parses a media playlist from a string.
    public func parseMedia(_ text: String) throws(HLSError) -> MediaPlaylist { try parseMedia(Array(text.utf8)) }

    func media(_ text: UnsafeBufferPointer<UInt8>, bytes: [UInt8], from start: Int) throws(HLSError) -> MediaPlaylist {
        try mediaAndState(text, bytes: bytes, from: start).playlist
    }

    /// Parses a media playlist whose first segment starts at `startTicks` of stream time.
    func mediaAndState(_ text: UnsafeBufferPointer<UInt8>, bytes: [UInt8], from start: Int, startTicks: Int64 = 0)
        throws(HLSError) -> (playlist: MediaPlaylist, state: MediaParserState) {
        var initial = MediaParserState()
        initial.time = startTicks
        var parser = MediaParser(text: text, chunk: 0, options: options, playlist: MediaPlaylist(text: PlaylistText(bytes)),
                                 state: initial)
        // Room for the segments a long text holds; a short one (a live
        // refresh's header, say) grows as it goes rather than allocate for none.
        if text.count >= 96 * 16 { parser.playlist.segments.reserveCapacity(text.count / 96) }
        try parser.parseLines(from: start, firstLine: 2)
        parser.finish()
        if !parser.sawTargetDuration {
            parser.playlist.warnings.append(HLSWarning(line: 0, tag: "#EXT-X-TARGETDURATION", "the playlist has none"))
        }
        return (parser.playlist, parser.state)
    }

    /// The playlist-level tags of a live refresh's text, the lines from
    /// `start` up to `end` (where its first segment's lines begin): their
    /// values and errors as a whole parse reads them, without finishing a
    /// playlist that has no segments, or keeping its text.
    func headerTags(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) throws(HLSError) -> MediaPlaylist {
        var parser = MediaParser(text: UnsafeBufferPointer(rebasing: text[..<end]), chunk: 0, options: options,
                                 playlist: MediaPlaylist(text: PlaylistText([])), state: MediaParserState())
        try parser.parseLines(from: start, firstLine: 2)
        return parser.playlist
    }

    /// Checks `#EXTM3U` and returns the offset of the second line.
    func header(_ text: UnsafeBufferPointer<UInt8>) throws(HLSError) -> Int {
        guard text.count <= Int(UInt32.max) else {
            throw HLSError(.tooLarge, line: 0, tag: nil, "\(text.count) bytes; the most is 4 GiB")
        }
        guard let base = text.baseAddress, !text.isEmpty else {
            throw HLSError(.missingHeader, line: 1, tag: nil, "the text is empty; a playlist starts with #EXTM3U")
        }
        let lineEnd = Bytes.lineEnd(base, text.count, 0)
        guard lineEnd <= options.maxLineLength else {
            throw HLSError(.lineTooLong, line: 1, tag: nil, "\(lineEnd) bytes, longer than the limit of \(options.maxLineLength)")
        }
        var start = 0
        if lineEnd >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { start = 3 }
        var end = lineEnd
        while end > start, base[end - 1] == 0x0D || base[end - 1] == 0x20 || base[end - 1] == 0x09 { end -= 1 }
        let first = UnsafeBufferPointer(rebasing: text[start..<end])
        guard first.elementsEqual("#EXTM3U".utf8) else {
            throw HLSError(.missingHeader, line: 1, tag: nil, "a playlist starts with #EXTM3U, not \(Echo.quoted(first))")
        }
        return min(lineEnd + 1, text.count)
    }

    /// Whether the first tag only one kind may have is a multivariant one.
    func isMaster(_ text: UnsafeBufferPointer<UInt8>, from start: Int) throws(HLSError) -> Bool {
        guard let base = text.baseAddress else { return false }
        var position = start
        while position < text.count {
            let lineEnd = Bytes.lineEnd(base, text.count, position)
            if lineEnd > position {
                if base[position] != UInt8(ascii: "#") { return false }
                let colon = Bytes.find(UInt8(ascii: ":"), base, position, lineEnd)
                var nameEnd = colon
                while nameEnd > position, base[nameEnd - 1] == 0x0D || base[nameEnd - 1] == 0x20 { nameEnd -= 1 }
                if let tag = TagTable.shared.lookup(base, position, nameEnd - position) {
                    if tag.isMasterOnly { return true }
                    if tag.isMediaOnly { return false }
                }
            }
            position = lineEnd + 1
        }
        return false
    }
}
