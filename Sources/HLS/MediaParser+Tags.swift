internal import TextEcho
internal import MediaTime

extension MediaParser {
    /// Every tag but the two per-segment ones, which have their own fast paths.
    mutating func other(_ tag: TagName, _ start: Int, _ colon: Int, _ valueStart: Int, _ end: Int,
                        line: Int) throws(HLSError) {
        let name = tag.rawValue
        func list() throws(HLSError) -> AttributeList { try attributes(valueStart, end, line: line, tag: name) }
        func integer() throws(HLSError) -> UInt64 {
            guard let value = Numbers.unsignedInteger(text, valueStart..<end) else {
                throw HLSError(.badValue, line: line, tag: name, Numbers.integerProblem(text, valueStart..<end))
            }
            return value
        }
        func beforeSegments() throws(HLSError) {
            guard playlist.segments.isEmpty, pending.duration == nil else {
                throw HLSError(.badStructure, line: line, tag: name, "must come before the first segment")
            }
        }
        if tag.isMasterOnly {
            throw HLSError(.wrongPlaylistKind, line: line, tag: name, "a multivariant playlist tag in a media playlist")
        }
        switch tag {
        case .extm3u:
            playlist.warnings.append(HLSWarning(line: line, tag: name, "#EXTM3U again"))
        case .version: playlist.version = try integer()
        case .targetDuration:
            playlist.targetDuration = try integer()
            sawTargetDuration = true
        case .mediaSequence:
            try beforeSegments()
            playlist.mediaSequence = try integer()
            state.mediaSequence = playlist.mediaSequence
        case .discontinuitySequence:
            try beforeSegments()
            playlist.discontinuitySequence = try integer()
            state.discontinuitySequence = playlist.discontinuitySequence
        case .byteRange:
            guard let range = ByteRange(string(valueStart, end)) else {
                throw HLSError(.badValue, line: line, tag: name, "expected length[@offset], not \(echo(valueStart, end))")
            }
            pending.byteRange = range
        case .discontinuity: pending.discontinuity = true
        case .gap: pending.gap = true
        case .bitrate: state.bitrate = try integer()
        case .key:
            playlist.keys.append(try EncryptionKey(list()))
            state.keyIndex = Int32(playlist.keys.count - 1)
        case .map:
            playlist.maps.append(try MediaInitialization(list()))
            state.mapIndex = Int32(playlist.maps.count - 1)
        case .part: pending.parts.append(try PartialSegment(list()))
        case .partInf:
            let attributes = try list()
            guard let target = try attributes.ticks("PART-TARGET") else {
                throw attributes.error(.missingAttribute, "PART-TARGET is required")
            }
            playlist.partTarget = MediaDuration(ticks: target)
        case .preloadHint: playlist.preloadHints.append(try PreloadHint(list()))
        case .renditionReport: playlist.renditionReports.append(try RenditionReport(list()))
        case .serverControl: playlist.serverControl = try ServerControl(list())
        case .skip:
            try beforeSegments()
            let skip = try SkipTag(list())
            playlist.skip = skip
            state.mediaSequence &+= skip.skippedSegments
        case .endList: playlist.endList = true
        case .playlistType:
            let value = string(valueStart, end)
            guard value == "VOD" || value == "EVENT" else {
                throw HLSError(.badValue, line: line, tag: name, "expected VOD or EVENT, not \(Echo.quoted(value))")
            }
            playlist.playlistType = value
        case .iFramesOnly: playlist.iFramesOnly = true
        case .independentSegments: playlist.independentSegments = true
        case .start: playlist.start = try PlaylistStartPoint(list())
        case .define:
            try playlist.variables.define(try list(), imported: options.importedVariables, allowImport: true)
        case .dateRange: try dateRange(try list(), line: line)
        case .cueOut: cueOut(valueStart, end, colon: colon, line: line)
        case .cueOutCont: try cueOutContinued(valueStart, end, colon: colon, line: line)
        case .cueSpan: cueSpan(valueStart, end, colon: colon, line: line)
        case .cueIn: addSignal("#EXT-X-CUE-IN", .cueIn, line: line, payload: nil)
        case .oatcls: addSignal("#EXT-OATCLS-SCTE35", .oatcls, line: line, payload: valueStart..<end)
        case .asset: try asset(valueStart, end, line: line)
        case .scte35: try scte35Tag(try list(), line: line)
        case .extinf, .programDateTime, .streamInf, .iFrameStreamInf, .media, .sessionData, .sessionKey,
             .contentSteering:
            break
        }
    }
}
