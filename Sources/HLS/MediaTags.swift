public import MediaTime

/// `#EXT-X-BYTERANGE` / `BYTERANGE=`: `length[@offset]` (RFC 8216 §4.4.4.2).
public struct ByteRange: Sendable, Hashable, CustomStringConvertible {
    /// Bytes in the range.
    public var length: UInt64
    /// The first byte; nil means "right after the previous range of the same resource".
    public var offset: UInt64?

    /// Creates a range.
    public init(length: UInt64, offset: UInt64?) {
        self.length = length
        self.offset = offset
    }

    init?(_ text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2, let length = Numbers.unsignedInteger(String(parts[0])) else { return nil }
        self.length = length
        if parts.count == 2 {
            guard let offset = Numbers.unsignedInteger(String(parts[1])) else { return nil }
            self.offset = offset
        }
    }

    public var description: String { offset.map { "\(length)@\($0)" } ?? "\(length)" }
}

/// `#EXT-X-KEY` and `#EXT-X-SESSION-KEY` (RFC 8216 §4.4.4.4, §4.4.6.5).
public struct EncryptionKey: Sendable, Hashable {
    /// `METHOD`: `NONE`, `AES-128`, `SAMPLE-AES`, `SAMPLE-AES-CTR` or another value as written.
    public var method: String
    /// `URI`.
    public var uri: String?
    /// `IV`, 16 bytes.
    public var iv: [UInt8]?
    /// `KEYFORMAT`.
    public var keyFormat: String?
    /// `KEYFORMATVERSIONS`.
    public var keyFormatVersions: String?
    /// Every attribute as written, known or not.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        guard let method = try list.enumerated("METHOD") else { throw list.error(.missingAttribute, "METHOD is required") }
        self.method = method
        uri = try list.quoted("URI")
        iv = try list.hex("IV")
        keyFormat = try list.quoted("KEYFORMAT")
        keyFormatVersions = try list.quoted("KEYFORMATVERSIONS")
        attributes = list
        if method != "NONE", uri == nil { throw list.error(.missingAttribute, "URI is required unless METHOD=NONE") }
    }
}

/// `#EXT-X-MAP`: the media initialization section (RFC 8216 §4.4.4.5).
public struct MediaInitialization: Sendable, Hashable {
    /// `URI`.
    public var uri: String
    /// `BYTERANGE`.
    public var byteRange: ByteRange?
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        uri = try list.requiredQuoted("URI")
        if let text = try list.quoted("BYTERANGE") {
            guard let range = ByteRange(text) else { throw list.error(.badValue, "BYTERANGE must be n[@o], not \(text)") }
            byteRange = range
        }
        attributes = list
    }
}

/// `#EXT-X-PART`: a partial segment (RFC 8216bis §4.4.4.9).
public struct PartialSegment: Sendable, Hashable {
    /// `URI`.
    public var uri: String
    /// `DURATION`.
    public var duration: MediaDuration
    /// `INDEPENDENT=YES`.
    public var independent: Bool
    /// `BYTERANGE`.
    public var byteRange: ByteRange?
    /// `GAP=YES`.
    public var gap: Bool
    /// The 1-based line.
    public var line: Int
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        uri = try list.requiredQuoted("URI")
        guard let ticks = try list.ticks("DURATION") else { throw list.error(.missingAttribute, "DURATION is required") }
        duration = MediaDuration(ticks: ticks)
        independent = try list.flag("INDEPENDENT") ?? false
        gap = try list.flag("GAP") ?? false
        if let text = try list.quoted("BYTERANGE") {
            guard let range = ByteRange(text) else { throw list.error(.badValue, "BYTERANGE must be n[@o], not \(text)") }
            byteRange = range
        }
        line = list.line
        attributes = list
    }
}

/// `#EXT-X-SERVER-CONTROL` (RFC 8216bis §4.4.3.8).
public struct ServerControl: Sendable, Hashable {
    /// `CAN-SKIP-UNTIL`.
    public var canSkipUntil: MediaDuration?
    /// `CAN-SKIP-DATERANGES=YES`.
    public var canSkipDateRanges: Bool
    /// `HOLD-BACK`.
    public var holdBack: MediaDuration?
    /// `PART-HOLD-BACK`.
    public var partHoldBack: MediaDuration?
    /// `CAN-BLOCK-RELOAD=YES`.
    public var canBlockReload: Bool
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        canSkipUntil = try list.ticks("CAN-SKIP-UNTIL").map(MediaDuration.init(ticks:))
        canSkipDateRanges = try list.flag("CAN-SKIP-DATERANGES") ?? false
        holdBack = try list.ticks("HOLD-BACK").map(MediaDuration.init(ticks:))
        partHoldBack = try list.ticks("PART-HOLD-BACK").map(MediaDuration.init(ticks:))
        canBlockReload = try list.flag("CAN-BLOCK-RELOAD") ?? false
        attributes = list
    }
}

/// `#EXT-X-PRELOAD-HINT` (RFC 8216bis §4.4.5.3).
public struct PreloadHint: Sendable, Hashable {
    /// `TYPE`: `PART` or `MAP`.
    public var type: String
    /// `URI`.
    public var uri: String
    /// `BYTERANGE-START`.
    public var byteRangeStart: UInt64?
    /// `BYTERANGE-LENGTH`.
    public var byteRangeLength: UInt64?
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        guard let type = try list.enumerated("TYPE") else { throw list.error(.missingAttribute, "TYPE is required") }
        self.type = type
        uri = try list.requiredQuoted("URI")
        byteRangeStart = try list.integer("BYTERANGE-START")
        byteRangeLength = try list.integer("BYTERANGE-LENGTH")
        attributes = list
    }
}

/// `#EXT-X-RENDITION-REPORT` (RFC 8216bis §4.4.5.4).
public struct RenditionReport: Sendable, Hashable {
    /// `URI`.
    public var uri: String
    /// `LAST-MSN`.
    public var lastMediaSequence: UInt64?
    /// `LAST-PART`.
    public var lastPart: UInt64?
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        uri = try list.requiredQuoted("URI")
        lastMediaSequence = try list.integer("LAST-MSN")
        lastPart = try list.integer("LAST-PART")
        attributes = list
    }
}

/// `#EXT-X-SKIP`: segments left out of a playlist delta update (RFC 8216bis §4.4.5.2).
public struct SkipTag: Sendable, Hashable {
    /// `SKIPPED-SEGMENTS`.
    public var skippedSegments: UInt64
    /// `RECENTLY-REMOVED-DATERANGES`, tab-separated in the text.
    public var recentlyRemovedDateRanges: [String]
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        guard let count = try list.integer("SKIPPED-SEGMENTS") else {
            throw list.error(.missingAttribute, "SKIPPED-SEGMENTS is required")
        }
        skippedSegments = count
        recentlyRemovedDateRanges = try list.quoted("RECENTLY-REMOVED-DATERANGES")
            .map { $0.split(separator: "\t").map(String.init) } ?? []
        attributes = list
    }
}

/// `#EXT-X-START`: the preferred point to start playing (RFC 8216 §4.4.2.2).
public struct PlaylistStartPoint: Sendable, Hashable {
    /// `TIME-OFFSET`; negative counts from the end.
    public var timeOffset: MediaDuration
    /// `PRECISE=YES`.
    public var precise: Bool
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        guard let offset = try list.ticks("TIME-OFFSET", signed: true) else {
            throw list.error(.missingAttribute, "TIME-OFFSET is required")
        }
        timeOffset = MediaDuration(ticks: offset)
        precise = try list.flag("PRECISE") ?? false
        attributes = list
    }
}

/// A tag the parser does not interpret, kept verbatim.
public struct UnknownTag: Sendable, Hashable {
    /// The tag name with its `#`, e.g. `#EXT-X-CUSTOM`.
    public var name: String
    /// Everything after the first `:`, or nil when there is none.
    public var value: String?
    /// The 1-based line.
    public var line: Int

    /// Creates an unknown tag.
    public init(name: String, value: String?, line: Int) {
        self.name = name
        self.value = value
        self.line = line
    }

    /// The line as written.
    public var text: String { value.map { "\(name):\($0)" } ?? name }
}
