/// The tags the parser knows, and a fast lookup from a line's bytes.
enum TagName: String, Sendable, CaseIterable {
    // The raw value is the name as written: a literal, so naming a tag allocates nothing.
    case extm3u = "#EXTM3U"
    case version = "#EXT-X-VERSION"
    case extinf = "#EXTINF"
    case byteRange = "#EXT-X-BYTERANGE"
    case discontinuity = "#EXT-X-DISCONTINUITY"
    case key = "#EXT-X-KEY"
    case map = "#EXT-X-MAP"
    case programDateTime = "#EXT-X-PROGRAM-DATE-TIME"
    case dateRange = "#EXT-X-DATERANGE"
    case gap = "#EXT-X-GAP"
    case bitrate = "#EXT-X-BITRATE"
    case part = "#EXT-X-PART"
    case partInf = "#EXT-X-PART-INF"
    case preloadHint = "#EXT-X-PRELOAD-HINT"
    case skip = "#EXT-X-SKIP"
    case renditionReport = "#EXT-X-RENDITION-REPORT"
    case serverControl = "#EXT-X-SERVER-CONTROL"
    case mediaSequence = "#EXT-X-MEDIA-SEQUENCE"
    case targetDuration = "#EXT-X-TARGETDURATION"
    case discontinuitySequence = "#EXT-X-DISCONTINUITY-SEQUENCE"
    case endList = "#EXT-X-ENDLIST"
    case playlistType = "#EXT-X-PLAYLIST-TYPE"
    case iFramesOnly = "#EXT-X-I-FRAMES-ONLY"
    case start = "#EXT-X-START"
    case define = "#EXT-X-DEFINE"
    case independentSegments = "#EXT-X-INDEPENDENT-SEGMENTS"
    case streamInf = "#EXT-X-STREAM-INF"
    case iFrameStreamInf = "#EXT-X-I-FRAME-STREAM-INF"
    case media = "#EXT-X-MEDIA"
    case sessionData = "#EXT-X-SESSION-DATA"
    case sessionKey = "#EXT-X-SESSION-KEY"
    case contentSteering = "#EXT-X-CONTENT-STEERING"
    case cueOut = "#EXT-X-CUE-OUT"
    case cueOutCont = "#EXT-X-CUE-OUT-CONT"
    case cueIn = "#EXT-X-CUE-IN"
    case cueSpan = "#EXT-X-CUE-SPAN"
    case oatcls = "#EXT-OATCLS-SCTE35"
    case asset = "#EXT-X-ASSET"
    case scte35 = "#EXT-X-SCTE35"

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
             .discontinuitySequence, .endList, .playlistType, .iFramesOnly, .cueOut, .cueOutCont, .cueIn, .cueSpan, .oatcls,
             .asset, .scte35:
            true
        default: false
        }
    }
}

/// Finds a tag by its name's bytes: an open-addressed table keyed by the
/// name's length and last eight bytes, then one compare of the whole name, so
/// a lookup costs a load, a multiply and a compare or two.
struct TagTable: Sendable {
    /// 1 + an index into `tags`, or 0 for an empty place.
    private let places: [UInt8]
    private let tags: [TagName]
    private let keys: [UInt64]
    /// The names back to back; `nameStarts[i]` is where tag `i`'s starts.
    private let names: [UInt8]
    private let nameStarts: [Int]
    private static let placeCount = 256

    static let shared = TagTable()

    private init() {
        var places = [UInt8](repeating: 0, count: Self.placeCount)
        var tags: [TagName] = []
        var keys: [UInt64] = []
        var names: [UInt8] = []
        var nameStarts: [Int] = []
        for tag in TagName.allCases {
            let bytes = Array(tag.rawValue.utf8)
            let key = bytes.withUnsafeBufferPointer { Self.key($0.baseAddress!, 0, bytes.count) }
            var place = Self.place(key)
            while places[place] != 0 { place = (place + 1) % Self.placeCount }
            tags.append(tag)
            keys.append(key)
            nameStarts.append(names.count)
            names.append(contentsOf: bytes)
            places[place] = UInt8(tags.count)
        }
        self.places = places
        self.tags = tags
        self.keys = keys
        self.names = names
        self.nameStarts = nameStarts
    }

    /// The name's last eight bytes (all of it, zero-padded, when shorter), with its length folded in.
    @inline(__always)
    private static func key(_ base: UnsafePointer<UInt8>, _ start: Int, _ length: Int) -> UInt64 {
        var word: UInt64 = 0
        if length >= 8 {
            word = UnsafeRawPointer(base + start + length - 8).loadUnaligned(as: UInt64.self)
        } else {
            for index in 0..<length { word |= UInt64(base[start + index]) << (8 * UInt64(index)) }
        }
        return word ^ UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
    }

    @inline(__always)
    private static func place(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0xFF51_AFD7_ED55_8CCD) >> 56)
    }

    func lookup(_ base: UnsafePointer<UInt8>, _ start: Int, _ length: Int) -> TagName? {
        guard length >= 1, length <= 32 else { return nil }
        let key = Self.key(base, start, length)
        var place = Self.place(key)
        while true {
            let stored = Int(places[place])
            guard stored != 0 else { return nil }
            let index = stored - 1
            if keys[index] == key, nameStarts[index] + length == (index + 1 < nameStarts.count ? nameStarts[index + 1] : names.count),
               names.withUnsafeBufferPointer({ Bytes.equal(base + start, $0.baseAddress! + nameStarts[index], length) }) {
                return tags[index]
            }
            place = (place + 1) % Self.placeCount
        }
    }
}

/// Byte-level helpers for the hot loop.
enum Bytes {
    /// The index of the next `\n` at or after `start`, or `count`.
    @inline(__always)
    static func lineEnd(_ base: UnsafePointer<UInt8>, _ count: Int, _ start: Int) -> Int {
        find(0x0A, base, start, count)
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

    /// Whether `bytes` are exactly `wanted`'s.
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ wanted: StaticString) -> Bool {
        bytes.count == wanted.utf8CodeUnitCount && (bytes.isEmpty || equal(bytes.baseAddress!, wanted.utf8Start, bytes.count))
    }

    /// Whether `name` is exactly `wanted`, for telling a tag's attribute
    /// names apart. Inlined where `wanted` is a literal, its length is known
    /// and its bytes are constants: a name is told by two or three word
    /// compares, overlapping where it is not a multiple of eight long.
    @inline(__always)
    static func isName(_ name: UnsafeBufferPointer<UInt8>, _ wanted: StaticString) -> Bool {
        let count = wanted.utf8CodeUnitCount
        guard name.count == count, let base = name.baseAddress else { return count == 0 && name.isEmpty }
        let left = UnsafeRawPointer(base)
        let right = UnsafeRawPointer(wanted.utf8Start)
        func word(_ offset: Int) -> Bool {
            left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        func half(_ offset: Int) -> Bool {
            left.loadUnaligned(fromByteOffset: offset, as: UInt32.self) == right.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        }
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                guard word(offset) else { return false }
                offset += 8
            }
            return word(count - 8)
        }
        if count >= 4 { return half(0) && half(count - 4) }
        var offset = 0
        while offset < count {
            guard base[offset] == wanted.utf8Start[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The index of the first `byte` in `start..<end`, or `end`; sixteen
    /// bytes at a time, then eight.
    @inline(__always)
    static func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        let raw = UnsafeRawPointer(base)
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        // Sixteen bytes at a time with one vector compare while none matches;
        // the words below find where in the sixteen it is.
        let wanted = SIMD16<UInt8>(repeating: byte)
        while index + 16 <= end {
            if any(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== wanted) { break }
            index += 16
        }
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
            let found = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if found != 0 { return index + (found.littleEndian.trailingZeroBitCount >> 3) }
            index += 8
        }
        while index < end, base[index] != byte { index += 1 }
        return index
    }
}
