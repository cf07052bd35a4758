/// `#EXT-X-STREAM-INF` with its URI, or `#EXT-X-I-FRAME-STREAM-INF`
/// (RFC 8216bis §4.4.6.2, §4.4.6.3).
public struct VariantStream: Sendable, Hashable {
    /// The variant's media playlist (the next URI line, or the `URI` attribute
    /// of an I-frame stream), variables substituted.
    public var uri: String
    /// Whether this is an `#EXT-X-I-FRAME-STREAM-INF`.
    public var isIFrameOnly: Bool
    /// `BANDWIDTH`, bits per second.
    public var bandwidth: UInt64
    /// `AVERAGE-BANDWIDTH`.
    public var averageBandwidth: UInt64?
    /// `SCORE`.
    public var score: Double?
    /// `CODECS`.
    public var codecs: String?
    /// `SUPPLEMENTAL-CODECS`.
    public var supplementalCodecs: String?
    /// `RESOLUTION`.
    public var resolution: Resolution?
    /// `FRAME-RATE`.
    public var frameRate: Double?
    /// `HDCP-LEVEL`.
    public var hdcpLevel: String?
    /// `ALLOWED-CPC`.
    public var allowedCPC: String?
    /// `VIDEO-RANGE`: `SDR`, `HLG`, `PQ`.
    public var videoRange: String?
    /// `REQ-VIDEO-LAYOUT`.
    public var requiredVideoLayout: String?
    /// `STABLE-VARIANT-ID`.
    public var stableVariantID: String?
    /// `AUDIO` group.
    public var audio: String?
    /// `VIDEO` group.
    public var video: String?
    /// `SUBTITLES` group.
    public var subtitles: String?
    /// `CLOSED-CAPTIONS`: a group id, or nil for none (`NONE` is written `closedCaptionsNone`).
    public var closedCaptions: String?
    /// `CLOSED-CAPTIONS=NONE`.
    public var closedCaptionsNone: Bool
    /// `PATHWAY-ID`.
    public var pathwayID: String?
    /// `PROGRAM-ID` (removed in version 6, still seen).
    public var programID: UInt64?
    /// The 1-based line of the tag.
    public var line: Int
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList, uri: String?, iFrameOnly: Bool) throws(HLSError) {
        guard let bandwidth = try list.integer("BANDWIDTH") else { throw list.error(.missingAttribute, "BANDWIDTH is required") }
        self.bandwidth = bandwidth
        isIFrameOnly = iFrameOnly
        if iFrameOnly {
            self.uri = try list.requiredQuoted("URI")
        } else {
            guard let uri else { throw list.error(.badStructure, "a URI line must follow #EXT-X-STREAM-INF") }
            self.uri = uri
        }
        averageBandwidth = try list.integer("AVERAGE-BANDWIDTH")
        score = try list.double("SCORE")
        codecs = try list.quoted("CODECS")
        supplementalCodecs = try list.quoted("SUPPLEMENTAL-CODECS")
        resolution = try list.resolution("RESOLUTION")
        frameRate = try list.double("FRAME-RATE")
        hdcpLevel = try list.enumerated("HDCP-LEVEL")
        allowedCPC = try list.quoted("ALLOWED-CPC")
        videoRange = try list.enumerated("VIDEO-RANGE")
        requiredVideoLayout = try list.quoted("REQ-VIDEO-LAYOUT")
        stableVariantID = try list.quoted("STABLE-VARIANT-ID")
        audio = try list.quoted("AUDIO")
        video = try list.quoted("VIDEO")
        subtitles = try list.quoted("SUBTITLES")
        closedCaptionsNone = list["CLOSED-CAPTIONS"].map { !$0.isQuoted && $0.value == "NONE" } ?? false
        closedCaptions = closedCaptionsNone ? nil : try list.quoted("CLOSED-CAPTIONS")
        pathwayID = try list.quoted("PATHWAY-ID")
        programID = try list.integer("PROGRAM-ID")
        line = list.line
        attributes = list
    }
}

/// `#EXT-X-MEDIA`: an alternative rendition (RFC 8216bis §4.4.6.1).
public struct Rendition: Sendable, Hashable {
    /// `TYPE`: `AUDIO`, `VIDEO`, `SUBTITLES`, `CLOSED-CAPTIONS`.
    public var type: String
    /// `URI`.
    public var uri: String?
    /// `GROUP-ID`.
    public var groupID: String
    /// `LANGUAGE`.
    public var language: String?
    /// `ASSOC-LANGUAGE`.
    public var associatedLanguage: String?
    /// `NAME`.
    public var name: String
    /// `STABLE-RENDITION-ID`.
    public var stableRenditionID: String?
    /// `DEFAULT=YES`.
    public var isDefault: Bool
    /// `AUTOSELECT=YES`.
    public var autoselect: Bool
    /// `FORCED=YES`.
    public var forced: Bool
    /// `INSTREAM-ID`.
    public var instreamID: String?
    /// `BIT-DEPTH`.
    public var bitDepth: UInt64?
    /// `SAMPLE-RATE`.
    public var sampleRate: UInt64?
    /// `CHARACTERISTICS`.
    public var characteristics: String?
    /// `CHANNELS`.
    public var channels: String?
    /// The 1-based line.
    public var line: Int
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        guard let type = try list.enumerated("TYPE") else { throw list.error(.missingAttribute, "TYPE is required") }
        self.type = type
        uri = try list.quoted("URI")
        groupID = try list.requiredQuoted("GROUP-ID")
        language = try list.quoted("LANGUAGE")
        associatedLanguage = try list.quoted("ASSOC-LANGUAGE")
        name = try list.requiredQuoted("NAME")
        stableRenditionID = try list.quoted("STABLE-RENDITION-ID")
        isDefault = try list.flag("DEFAULT") ?? false
        autoselect = try list.flag("AUTOSELECT") ?? false
        forced = try list.flag("FORCED") ?? false
        instreamID = try list.quoted("INSTREAM-ID")
        bitDepth = try list.integer("BIT-DEPTH")
        sampleRate = try list.integer("SAMPLE-RATE")
        characteristics = try list.quoted("CHARACTERISTICS")
        channels = try list.quoted("CHANNELS")
        line = list.line
        attributes = list
        if type == "CLOSED-CAPTIONS", uri != nil { throw list.error(.badValue, "CLOSED-CAPTIONS renditions have no URI") }
    }
}

/// `#EXT-X-SESSION-DATA` (RFC 8216bis §4.4.6.4).
public struct SessionData: Sendable, Hashable {
    /// `DATA-ID`.
    public var dataID: String
    /// `VALUE`.
    public var value: String?
    /// `URI`.
    public var uri: String?
    /// `FORMAT`: `JSON` or `RAW`.
    public var format: String?
    /// `LANGUAGE`.
    public var language: String?
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        dataID = try list.requiredQuoted("DATA-ID")
        value = try list.quoted("VALUE")
        uri = try list.quoted("URI")
        format = try list.enumerated("FORMAT")
        language = try list.quoted("LANGUAGE")
        attributes = list
        if (value == nil) == (uri == nil) { throw list.error(.badValue, "exactly one of VALUE and URI is required") }
    }
}

/// `#EXT-X-CONTENT-STEERING` (RFC 8216bis §4.4.6.6).
public struct ContentSteering: Sendable, Hashable {
    /// `SERVER-URI`.
    public var serverURI: String
    /// `PATHWAY-ID`.
    public var pathwayID: String?
    /// Every attribute as written.
    public var attributes: AttributeList

    init(_ list: AttributeList) throws(HLSError) {
        serverURI = try list.requiredQuoted("SERVER-URI")
        pathwayID = try list.quoted("PATHWAY-ID")
        attributes = list
    }
}
