internal import TextEcho
internal import MediaTime

/// Reads a multivariant playlist; tags are few, so clarity over speed.
struct MasterParser {
    let text: UnsafeBufferPointer<UInt8>
    let options: ParseOptions
    var playlist = MasterPlaylist()
    private var pendingVariant: (list: AttributeList, line: Int)?

    init(text: UnsafeBufferPointer<UInt8>, options: ParseOptions) {
        self.text = text
        self.options = options
    }

    mutating func parse(from start: Int) throws(HLSError) -> MasterPlaylist {
        var lines = 0
        try LineReader(text: text, options: options).forEachLine(from: start, firstLine: 2, counting: &lines) {
            (start, end, line) throws(HLSError) in
            try self.line(start, end, line: line)
        }
        try closePendingVariant()
        return playlist
    }

    private mutating func line(_ start: Int, _ end: Int, line: Int) throws(HLSError) {
        guard let base = text.baseAddress else { return }
        if base[start] != UInt8(ascii: "#") {
            guard let pending = pendingVariant else {
                throw HLSError(.badStructure, line: line, tag: nil, "a URI line with no #EXT-X-STREAM-INF before it")
            }
            let uri = try playlist.variables.substitute(string(start, end), line: line, tag: nil)
            playlist.variants.append(try VariantStream(pending.list, uri: uri, iFrameOnly: false))
            pendingVariant = nil
            return
        }
        guard end - start >= 4, string(start, start + 4) == "#EXT" else { return }
        let colon = Bytes.find(UInt8(ascii: ":"), base, start, end)
        let name = string(start, colon)
        let valueStart = min(colon + 1, end)
        if options.subscribedTags.contains(name) {
            playlist.metadata.append(SubscribedTag(name: name, value: colon < end ? string(valueStart, end) : nil,
                                                   time: .zero, mediaSequence: 0, line: line))
        }
        guard let tag = TagTable.shared.lookup(base, start, colon - start) else {
            playlist.unknownTags.append(UnknownTag(name: name, value: colon < end ? string(valueStart, end) : nil, line: line))
            return
        }
        if tag.isMediaOnly {
            throw HLSError(.wrongPlaylistKind, line: line, tag: name, "a media playlist tag in a multivariant playlist")
        }
        try closePendingVariant()
        let variables = playlist.variables.values.isEmpty ? nil : playlist.variables
        func list() throws(HLSError) -> AttributeList {
            try AttributeParser(text: text, lineStart: start, line: line, tag: name, variables: variables).parse(valueStart..<end)
        }
        switch tag {
        case .version:
            guard let value = Numbers.unsignedInteger(text, valueStart..<end) else {
                throw HLSError(.badValue, line: line, tag: name, Numbers.integerProblem(text, valueStart..<end))
            }
            playlist.version = value
        case .independentSegments: playlist.independentSegments = true
        case .start: playlist.start = try PlaylistStartPoint(list())
        case .define:
            try playlist.variables.define(try list(), imported: options.importedVariables, allowImport: false)
        case .streamInf: pendingVariant = (try list(), line)
        case .iFrameStreamInf: playlist.variants.append(try VariantStream(list(), uri: nil, iFrameOnly: true))
        case .media: playlist.renditions.append(try Rendition(list()))
        case .sessionData: playlist.sessionData.append(try SessionData(list()))
        case .sessionKey: playlist.sessionKeys.append(try EncryptionKey(list()))
        case .contentSteering: playlist.contentSteering = try ContentSteering(list())
        case .extm3u: playlist.warnings.append(HLSWarning(line: line, tag: name, "#EXTM3U again"))
        default: break
        }
    }

    /// A STREAM-INF not followed by a URI line: some packagers put the URI in
    /// a `URI=` attribute instead, which is tolerated with a warning.
    private mutating func closePendingVariant() throws(HLSError) {
        guard let pending = pendingVariant else { return }
        pendingVariant = nil
        guard let uri = try pending.list.quoted("URI") else {
            throw HLSError(.badStructure, line: pending.line, tag: "#EXT-X-STREAM-INF", "a URI line must follow #EXT-X-STREAM-INF")
        }
        playlist.warnings.append(HLSWarning(line: pending.line, tag: "#EXT-X-STREAM-INF",
                                            "no URI line follows; the URI attribute is used instead"))
        playlist.variants.append(try VariantStream(pending.list, uri: uri, iFrameOnly: false))
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
    }
}

/// Walks the lines of a text with the limits applied, trimming line ends.
struct LineReader {
    let text: UnsafeBufferPointer<UInt8>
    let options: ParseOptions

    /// Calls `body(start, end, line)` for every non-empty line from `start`,
    /// trailing CR and blanks trimmed; `lines` counts every line read, blank or not.
    @inline(__always)
    func forEachLine(from start: Int, firstLine: Int, counting lines: inout Int,
                     _ body: (Int, Int, Int) throws(HLSError) -> Void) throws(HLSError) {
        guard let base = text.baseAddress else { return }
        var position = start
        var line = firstLine - 1
        while position < text.count {
            let lineEnd = Bytes.lineEnd(base, text.count, position)
            line += 1
            lines += 1
            guard line <= options.maxLines else {
                throw HLSError(.tooManyLines, line: line, tag: nil, "more than \(options.maxLines) lines")
            }
            guard lineEnd - position <= options.maxLineLength else {
                throw HLSError(.lineTooLong, line: line, tag: nil,
                               "\(lineEnd - position) bytes, longer than the limit of \(options.maxLineLength)")
            }
            var end = lineEnd
            while end > position, base[end - 1] == 0x0D || base[end - 1] == 0x20 || base[end - 1] == 0x09 { end -= 1 }
            if end > position { try body(position, end, line) }
            position = lineEnd + 1
        }
    }
}
