public import MediaTime

/// A VMAP 1.0 document: where the ad breaks of a piece of content go, and
/// where each break's ads come from. IAB VMAP 1.0 §2.
public struct VMAPDocument: Sendable, Hashable {
    /// `version`.
    public var version: String
    /// `<AdBreak>`s in document order.
    public var adBreaks: [VMAPAdBreak]
    /// Document-level `<Extensions>`, each kept as raw XML.
    public var extensions: [RawXML]
    /// Tolerated deviations, each with its element path and line.
    public var warnings: [VASTWarning]

    /// Creates a document.
    public init(version: String, adBreaks: [VMAPAdBreak] = [], extensions: [RawXML] = [], warnings: [VASTWarning] = []) {
        self.version = version
        self.adBreaks = adBreaks
        self.extensions = extensions
        self.warnings = warnings
    }
}

/// `<vmap:AdBreak>`. VMAP 1.0 §2.3.
public struct VMAPAdBreak: Sendable, Hashable {
    /// `breakId`.
    public var id: String?
    /// `breakType`: `linear`, `nonlinear`, `display`, comma-separated.
    public var breakTypes: [String]
    /// `timeOffset`: where the break goes.
    public var timeOffset: TimeOffset
    /// `repeatAfter`: play the break again this long after each time it plays.
    public var repeatAfter: MediaDuration?
    /// `<vmap:AdSource>`: where the break's ads come from.
    public var adSource: VMAPAdSource?
    /// `<vmap:TrackingEvents>`: `breakStart`, `breakEnd`, `error`.
    public var trackingEvents: [VASTTrackingEvent]
    /// `<vmap:Extensions>`, each kept as raw XML.
    public var extensions: [RawXML]

    /// Creates a break.
    public init(id: String? = nil, breakTypes: [String] = ["linear"], timeOffset: TimeOffset, repeatAfter: MediaDuration? = nil,
                adSource: VMAPAdSource? = nil, trackingEvents: [VASTTrackingEvent] = [], extensions: [RawXML] = []) {
        self.id = id
        self.breakTypes = breakTypes
        self.timeOffset = timeOffset
        self.repeatAfter = repeatAfter
        self.adSource = adSource
        self.trackingEvents = trackingEvents
        self.extensions = extensions
    }
}

/// Where a VMAP break goes. VMAP 1.0 §2.3.1.
public enum TimeOffset: Sendable, Hashable {
    /// `start`: a pre-roll.
    case start
    /// `end`: a post-roll.
    case end
    /// `HH:MM:SS(.mmm)` into the content.
    case time(MediaDuration)
    /// `n%` of the content's duration.
    case percent(Int)
    /// `#n`: the n-th (1-based) cue point of the content.
    case position(Int)

    /// Reads a `timeOffset` value; nil when it is none of the forms.
    public init?(_ text: String) {
        switch text {
        case "start": self = .start
        case "end": self = .end
        default:
            if text.hasPrefix("#") {
                guard let position = Int64(digits: text.dropFirst(), maxCount: 9), position > 0 else { return nil }
                self = .position(Int(position))
            } else if let offset = VASTTime.offset(text) {
                switch offset {
                case .time(let time): self = .time(time)
                case .percent(let percent): self = .percent(percent)
                }
            } else {
                return nil
            }
        }
    }
}

/// `<vmap:AdSource>`. VMAP 1.0 §2.3.2.
public struct VMAPAdSource: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `allowMultipleAds`: whether the source may answer with a pod.
    public var allowMultipleAds: Bool?
    /// `followRedirects`: whether wrappers may be followed.
    public var followRedirects: Bool?
    /// The ads, or where to get them.
    public var content: Content
    /// For inline VAST, the `<VAST>` element's text as written, so the
    /// source can travel as text to whatever resolves it.
    public var inlineXML: String?

    /// What an ad source holds.
    public enum Content: Sendable, Hashable {
        /// `<vmap:VASTAdData>`: a VAST document inline.
        case vast(VASTDocument)
        /// `<vmap:AdTagURI templateType="">`: a URL that answers with one.
        case adTagURI(String, templateType: String?)
        /// `<vmap:CustomAdData templateType="">`, kept as raw XML.
        case custom(RawXML)
    }

    /// Creates an ad source.
    public init(id: String? = nil, allowMultipleAds: Bool? = nil, followRedirects: Bool? = nil, content: Content) {
        self.id = id
        self.allowMultipleAds = allowMultipleAds
        self.followRedirects = followRedirects
        self.content = content
    }
}
