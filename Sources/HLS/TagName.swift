/// The tags the parser knows, and a fast lookup from a line's bytes.
enum TagName: Sendable {
    case extm3u, version, extinf, byteRange, discontinuity, key, map, programDateTime, dateRange, gap, bitrate
    case part, partInf, preloadHint, skip, renditionReport, serverControl, mediaSequence, targetDuration
    case discontinuitySequence, endList, playlistType, iFramesOnly, start, define, independentSegments
    case streamInf, iFrameStreamInf, media, sessionData, sessionKey, contentSteering
    case cueOut, cueOutCont, cueIn, oatcls, asset, scte35

    static let names: [(String, TagName)] = [
        ("#EXTM3U", .extm3u), ("#EXT-X-VERSION", .version), ("#EXTINF", .extinf), ("#EXT-X-BYTERANGE", .byteRange),
        ("#EXT-X-DISCONTINUITY", .discontinuity), ("#EXT-X-KEY", .key), ("#EXT-X-MAP", .map),
        ("#EXT-X-PROGRAM-DATE-TIME", .programDateTime), ("#EXT-X-DATERANGE", .dateRange), ("#EXT-X-GAP", .gap),
        ("#EXT-X-BITRATE", .bitrate), ("#EXT-X-PART", .part), ("#EXT-X-PART-INF", .partInf),
        ("#EXT-X-PRELOAD-HINT", .preloadHint), ("#EXT-X-SKIP", .skip), ("#EXT-X-RENDITION-REPORT", .renditionReport),
        ("#EXT-X-SERVER-CONTROL", .serverControl), ("#EXT-X-MEDIA-SEQUENCE", .mediaSequence),
        ("#EXT-X-TARGETDURATION", .targetDuration), ("#EXT-X-DISCONTINUITY-SEQUENCE", .discontinuitySequence),
        ("#EXT-X-ENDLIST", .endList), ("#EXT-X-PLAYLIST-TYPE", .playlistType), ("#EXT-X-I-FRAMES-ONLY", .iFramesOnly),
        ("#EXT-X-START", .start), ("#EXT-X-DEFINE", .define), ("#EXT-X-INDEPENDENT-SEGMENTS", .independentSegments),
        ("#EXT-X-STREAM-INF", .streamInf), ("#EXT-X-I-FRAME-STREAM-INF", .iFrameStreamInf), ("#EXT-X-MEDIA", .media),
        ("#EXT-X-SESSION-DATA", .sessionData), ("#EXT-X-SESSION-KEY", .sessionKey),
        ("#EXT-X-CONTENT-STEERING", .contentSteering), ("#EXT-X-CUE-OUT", .cueOut),
        ("#EXT-X-CUE-OUT-CONT", .cueOutCont), ("#EXT-X-CUE-IN", .cueIn), ("#EXT-OATCLS-SCTE35", .oatcls),
        ("#EXT-X-ASSET", .asset), ("#EXT-X-SCTE35", .scte35),
    ]

    /// Tags that describe the whole playlist and may appear before the first
    /// segment's tags (they do not start a segment's block).
    var isPlaylistLevel: Bool {
        switch self {
        case .extm3u, .version, .targetDuration, .mediaSequence, .discontinuitySequence, .playlistType, .iFramesOnly,
             .independentSegments, .start, .define, .serverControl, .partInf:
            true
        default: false
        }
    }

    /// Tags only a master (multivariant) playlist may have.
    var isMasterOnly: Bool {
        switch self {
        case .streamInf, .iFrameStreamInf, .media, .sessionData, .sessionKey, .contentSteering: true
        default: false
        }
    }

    /// Tags only a media playlist may have.
    var isMediaOnly: Bool {
        switch self {
        case .extinf, .byteRange, .discontinuity, .key, .map, .programDateTime, .dateRange, .gap, .bitrate, .part,
             .partInf, .preloadHint, .skip, .renditionReport, .serverControl, .mediaSequence, .targetDuration,
             .discontinuitySequence, .endList, .playlistType, .iFramesOnly, .cueOut, .cueOutCont, .cueIn, .oatcls,
             .asset, .scte35:
            true
        default: false
        }
    }
}

/// Finds a tag by its name's bytes: candidates grouped by length, compared
/// word by word, so a lookup costs a handful of instructions.
struct TagTable: Sendable {
    private let byLength: [[(bytes: [UInt8], tag: TagName)]]

    static let shared = TagTable()

    private init() {
        var table = [[(bytes: [UInt8], tag: TagName)]](repeating: [], count: 33)
        for (name, tag) in TagName.names { table[name.utf8.count].append((Array(name.utf8), tag)) }
        byLength = table
    }

    func lookup(_ base: UnsafePointer<UInt8>, _ start: Int, _ length: Int) -> TagName? {
        guard length < byLength.count else { return nil }
        for candidate in byLength[length] where candidate.bytes.withUnsafeBufferPointer({
            Bytes.equal(base + start, $0.baseAddress!, length)
        }) {
            return candidate.tag
        }
        return nil
    }
}

/// Byte-level helpers for the hot loop.
enum Bytes {
    /// The index of the next `\n` at or after `start`, or `count`; eight bytes at a time.
    @inline(__always)
    static func lineEnd(_ base: UnsafePointer<UInt8>, _ count: Int, _ start: Int) -> Int {
        var index = start
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            let found = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if found != 0 { return index + (found.littleEndian.trailingZeroBitCount >> 3) }
            index += 8
        }
        while index < count, base[index] != 0x0A { index += 1 }
        return index
    }

    @inline(__always)
    static func equal(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        let left = UnsafeRawPointer(lhs)
        let right = UnsafeRawPointer(rhs)
        while index + 8 <= count {
            if left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
            index += 8
        }
        while index < count {
            if lhs[index] != rhs[index] { return false }
            index += 1
        }
        return true
    }

    /// The index of the first `byte` in `start..<end`, or `end`.
    @inline(__always)
    static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end, base[index] != byte { index += 1 }
        return index
    }
}
