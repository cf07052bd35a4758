public import MediaTime

/// `<Creative>`: one way to show the ad. VAST 4.2 §3.7.
public struct Creative: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `sequence`.
    public var sequence: Int?
    /// `adId` (`AdID` in VAST 2).
    public var adID: String?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `<UniversalAdId idRegistry="">`.
    public var universalAdIDs: [UniversalAdID] = []
    /// `<Linear>`.
    public var linear: Linear?
    /// `<NonLinearAds>`.
    public var nonLinearAds: NonLinearAds?
    /// `<CompanionAds>`.
    public var companionAds: CompanionAds?
    /// `<CreativeExtensions>`, each kept as raw XML.
    public var extensions: [RawXML] = []

    /// Creates an empty creative.
    public init() {}
}

/// `<UniversalAdId idRegistry="">value</UniversalAdId>`.
public struct UniversalAdID: Sendable, Hashable {
    /// `idRegistry`, e.g. `Ad-ID`.
    public var registry: String?
    /// The identifier.
    public var value: String

    /// Creates a value.
    public init(registry: String? = nil, value: String) {
        self.registry = registry
        self.value = value
    }
}

/// `<Linear>`: a video or audio ad that takes over the content. VAST 4.2 §3.8.
public struct Linear: Sendable, Hashable {
    /// `<Duration>`, exact.
    public var duration: MediaDuration?
    /// `skipoffset`: when the skip control may appear.
    public var skipOffset: Offset?
    /// `<AdParameters>`, as written.
    public var adParameters: String?
    /// `<MediaFiles><MediaFile>`.
    public var mediaFiles: [MediaFile] = []
    /// `<Mezzanine>`: the high-quality source for server-side transcoding.
    public var mezzanines: [Mezzanine] = []
    /// `<InteractiveCreativeFile>`.
    public var interactiveCreativeFiles: [InteractiveCreativeFile] = []
    /// `<ClosedCaptionFiles><ClosedCaptionFile>`.
    public var closedCaptionFiles: [ClosedCaptionFile] = []
    /// `<TrackingEvents>`.
    public var trackingEvents: [VASTTrackingEvent] = []
    /// `<VideoClicks>`.
    public var videoClicks: VideoClicks?
    /// `<Icons>`.
    public var icons: [Icon] = []

    /// Creates an empty linear creative.
    public init() {}
}

/// A point in an ad: a time from its start, or a share of its duration.
public enum Offset: Sendable, Hashable {
    /// `HH:MM:SS(.mmm)`.
    case time(MediaDuration)
    /// `n%`, 0 to 100.
    case percent(Int)

    /// Where the offset falls in an ad of `duration`.
    public func time(in duration: MediaDuration) -> MediaDuration {
        switch self {
        case .time(let time): time
        case .percent(let percent): MediaDuration(ticks: duration.ticks * Int64(percent) / 100)
        }
    }
}

/// `<MediaFile>`, with every attribute. VAST 4.2 §3.9.1.
public struct MediaFile: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `delivery`: `progressive` or `streaming`.
    public var delivery: String?
    /// `type`: the MIME type, e.g. `video/mp4`, `application/x-mpegURL`.
    public var type: String?
    /// `width` and `height` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `codec`, RFC 6381.
    public var codec: String?
    /// `bitrate`, `minBitrate`, `maxBitrate` in kbit/s.
    public var bitrate: Int?
    /// `minBitrate` in kbit/s, for adaptive streaming.
    public var minBitrate: Int?
    /// `maxBitrate` in kbit/s, for adaptive streaming.
    public var maxBitrate: Int?
    /// `scalable`, `maintainAspectRatio`.
    public var scalable: Bool?
    /// `maintainAspectRatio`: whether the aspect ratio must be kept when scaled.
    public var maintainAspectRatio: Bool?
    /// `fileSize` in bytes (VAST 4.1).
    public var fileSize: Int?
    /// `mediaType` (VAST 4.1), e.g. `2D`.
    public var mediaType: String?
    /// `apiFramework`, e.g. `VPAID`.
    public var apiFramework: String?
    /// The file's URL.
    public var url: String

    /// Creates a media file at `url`.
    public init(url: String) { self.url = url }
}

/// `<Mezzanine>`.
public struct Mezzanine: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `delivery`: `progressive` or `streaming`.
    public var delivery: String?
    /// `type`: the MIME type of the high-quality source file.
    public var type: String?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `codec`, RFC 6381.
    public var codec: String?
    /// `fileSize` in bytes.
    public var fileSize: Int?
    /// `mediaType`, e.g. `2D`.
    public var mediaType: String?
    /// The file's URL, from which an SSAI server may transcode the ad.
    public var url: String

    /// Creates a mezzanine file at `url`.
    public init(url: String) { self.url = url }
}

/// `<InteractiveCreativeFile>`.
public struct InteractiveCreativeFile: Sendable, Hashable {
    /// `type`: the MIME type.
    public var type: String?
    /// `apiFramework`, e.g. `SIMID`.
    public var apiFramework: String?
    /// `variableDuration`: whether the interactive file may make the ad run longer.
    public var variableDuration: Bool?
    /// The file's URL.
    public var url: String

    /// Creates an interactive file at `url`.
    public init(url: String) { self.url = url }
}

/// `<ClosedCaptionFile type="" language="">`.
public struct ClosedCaptionFile: Sendable, Hashable {
    /// `type`: the MIME type, e.g. `text/vtt`.
    public var type: String?
    /// `language`, e.g. `en`.
    public var language: String?
    /// The file's URL.
    public var url: String

    /// Creates a value.
    public init(type: String? = nil, language: String? = nil, url: String) {
        self.type = type
        self.language = language
        self.url = url
    }
}

/// `<Tracking event="" offset="">`: a URL to call at an event. VAST 4.2 §3.14.
public struct VASTTrackingEvent: Sendable, Hashable {
    /// `event`, e.g. `start`, `firstQuartile`, `progress`.
    public var event: String
    /// `offset`, for `progress` events.
    public var offset: Offset?
    /// The URL, macros unfilled.
    public var url: String

    /// Creates a tracking event.
    public init(event: String, offset: Offset? = nil, url: String) {
        self.event = event
        self.offset = offset
        self.url = url
    }
}

/// `<VideoClicks>`.
public struct VideoClicks: Sendable, Hashable {
    /// `<ClickThrough>`: the landing page.
    public var clickThrough: TrackingURL?
    /// `<ClickTracking>`.
    public var clickTracking: [TrackingURL] = []
    /// `<CustomClick>`.
    public var customClicks: [TrackingURL] = []

    /// Creates an empty set.
    public init() {}
}

/// `<Icon>`: an overlay such as AdChoices. VAST 4.2 §3.16.
public struct Icon: Sendable, Hashable {
    /// `program`: what the icon is for, e.g. `AdChoices`.
    public var program: String?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `xPosition`: pixels from the left, or `left`/`right`.
    public var xPosition: String?
    /// `yPosition`: pixels from the top, or `top`/`bottom`.
    public var yPosition: String?
    /// `duration`: how long it shows.
    public var duration: MediaDuration?
    /// `offset`: when it shows, from the ad's start.
    public var offset: MediaDuration?
    /// `apiFramework`.
    public var apiFramework: String?
    /// Static, IFrame or HTML resources.
    public var resources: [Resource] = []
    /// `<IconClickThrough>`.
    public var clickThrough: String?
    /// `<IconClickTracking>`.
    public var clickTracking: [String] = []
    /// `<IconViewTracking>`.
    public var viewTracking: [String] = []

    /// Creates an empty icon.
    public init() {}
}

/// What a non-linear, companion or icon shows.
public enum Resource: Sendable, Hashable {
    /// `<StaticResource creativeType="">url`.
    case staticResource(creativeType: String?, url: String)
    /// `<IFrameResource>url`.
    case iframe(url: String)
    /// `<HTMLResource>markup`.
    case html(String)
}

/// `<NonLinearAds>`: overlays shown over the content. VAST 4.2 §3.17.
public struct NonLinearAds: Sendable, Hashable {
    /// `<NonLinear>`.
    public var nonLinears: [NonLinear] = []
    /// `<TrackingEvents>`.
    public var trackingEvents: [VASTTrackingEvent] = []

    /// Creates an empty set.
    public init() {}
}

/// `<NonLinear>`.
public struct NonLinear: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `minSuggestedDuration`: how long it should show at least.
    public var minSuggestedDuration: MediaDuration?
    /// `apiFramework`.
    public var apiFramework: String?
    /// Static, IFrame or HTML resources.
    public var resources: [Resource] = []
    /// `<NonLinearClickThrough>`.
    public var clickThrough: String?
    /// `<NonLinearClickTracking>`.
    public var clickTracking: [TrackingURL] = []
    /// `<AdParameters>`, as written.
    public var adParameters: String?

    /// Creates an empty non-linear ad.
    public init() {}
}

/// `<CompanionAds required="">`: banners beside the player. VAST 4.2 §3.18.
public struct CompanionAds: Sendable, Hashable {
    /// `required`: `all`, `any` or `none`.
    public var required: String?
    /// `<Companion>`.
    public var companions: [Companion] = []

    /// Creates an empty set.
    public init() {}
}

/// `<Companion>`.
public struct Companion: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `adSlotID`: the page slot it fills.
    public var adSlotID: String?
    /// `apiFramework`.
    public var apiFramework: String?
    /// Static, IFrame or HTML resources.
    public var resources: [Resource] = []
    /// `<CompanionClickThrough>`.
    public var clickThrough: String?
    /// `<CompanionClickTracking>`.
    public var clickTracking: [TrackingURL] = []
    /// `<TrackingEvents>` (`creativeView`).
    public var trackingEvents: [VASTTrackingEvent] = []
    /// `<AltText>`.
    public var altText: String?
    /// `<AdParameters>`, as written.
    public var adParameters: String?

    /// Creates an empty companion.
    public init() {}
}
