public import MediaTime

/// One answer of a client-side tracking endpoint (AWS MediaTailor's
/// documented schema): the avails the session's manifest holds, with their
/// ads and beacons, and the token of the next page.
///
/// Times are the session's media timeline: seconds from the first segment
/// of the first manifest the session served.
public struct TrackingResponse: Sendable, Hashable {
    /// The avails of this page, in the order given.
    public var avails: [TrackedAvail]
    /// `nonLinearAvails`: avails that carry only overlays, kept apart.
    public var nonLinearAvails: [TrackedAvail]
    /// `nextToken`: ask again with it for the next page; `nil` on the last.
    public var nextToken: String?
    /// `hlsAnchorMediaSequenceNumber`: the media sequence the times count from, when given.
    public var anchorMediaSequence: UInt64?

    /// Creates a response.
    public init(avails: [TrackedAvail] = [], nonLinearAvails: [TrackedAvail] = [], nextToken: String? = nil, anchorMediaSequence: UInt64? = nil) {
        self.avails = avails
        self.nonLinearAvails = nonLinearAvails
        self.nextToken = nextToken
        self.anchorMediaSequence = anchorMediaSequence
    }
}

/// One avail: a break the server stitched (or will stitch) into the stream.
public struct TrackedAvail: Sendable, Hashable, Identifiable {
    /// `availId`.
    public var id: String
    /// `startTimeInSeconds` (or `startTime`): where it starts on the media timeline.
    public var start: StreamTime
    /// `durationInSeconds` (or `duration`); 0 while a live answer is incomplete.
    public var duration: MediaDuration
    /// `availProgramDateTime`, when given.
    public var programDateTime: ProgramDateTime?
    /// `adMarkerDuration`: the duration the origin's marker announced, when given.
    public var markerDuration: MediaDuration?
    /// `ads`: the linear ads, in play order.
    public var ads: [TrackedAd]
    /// `nonLinearAdsList`: overlays shown over content, never breaks.
    public var nonLinearAds: [NonLinearAdGroup]
    /// `adBreakTrackingEvents`: `breakStart`, `breakEnd`.
    public var breakEvents: [TrackedEvent]

    /// Creates an avail.
    public init(
        id: String, start: StreamTime, duration: MediaDuration, programDateTime: ProgramDateTime? = nil,
        markerDuration: MediaDuration? = nil, ads: [TrackedAd] = [], nonLinearAds: [NonLinearAdGroup] = [],
        breakEvents: [TrackedEvent] = []
    ) {
        self.id = id
        self.start = start
        self.duration = duration
        self.programDateTime = programDateTime
        self.markerDuration = markerDuration
        self.ads = ads
        self.nonLinearAds = nonLinearAds
        self.breakEvents = breakEvents
    }

    /// Whether it is a break of linear ads: not an avail of overlays only
    /// (no linear ads, no time, only `nonLinearAdsList`). An avail with
    /// nothing in it yet is a linear one whose data has not arrived.
    public var isLinear: Bool { !ads.isEmpty || duration > .zero || nonLinearAds.isEmpty }

    /// Where it ends: its start plus its duration.
    public var end: StreamTime { start + duration }
}

/// One linear ad of an avail.
public struct TrackedAd: Sendable, Hashable, Identifiable {
    /// `adId`.
    public var id: String
    /// `startTimeInSeconds`: where it starts on the media timeline.
    public var start: StreamTime
    /// `durationInSeconds`; 0 while a live answer is incomplete.
    public var duration: MediaDuration
    /// `adProgramDateTime`, when given.
    public var programDateTime: ProgramDateTime?
    /// `adTitle`, when given.
    public var title: String?
    /// `adSystem`, when given.
    public var system: String?
    /// `creativeId`, when given.
    public var creativeID: String?
    /// `creativeSequence`, when given.
    public var creativeSequence: String?
    /// `vastAdId`, when given.
    public var vastAdID: String?
    /// `skipOffset`: when the viewer may skip it, when skippable.
    public var skipOffset: SkipOffset?
    /// `trackingEvents`: the beacons, `clickThrough` excluded.
    public var events: [TrackedEvent]
    /// The `clickThrough` event's URL: the landing page, never fired as a beacon.
    public var clickThrough: String?
    /// `companionAds`.
    public var companions: [TrackedCompanion]
    /// `adVerifications`.
    public var verifications: [TrackedVerification]

    /// Creates an ad.
    public init(
        id: String, start: StreamTime, duration: MediaDuration, programDateTime: ProgramDateTime? = nil,
        skipOffset: SkipOffset? = nil, events: [TrackedEvent] = [], clickThrough: String? = nil,
        companions: [TrackedCompanion] = [], verifications: [TrackedVerification] = []
    ) {
        self.id = id
        self.start = start
        self.duration = duration
        self.programDateTime = programDateTime
        self.skipOffset = skipOffset
        self.events = events
        self.clickThrough = clickThrough
        self.companions = companions
        self.verifications = verifications
    }
}

/// VAST's `skipoffset` (§3.9.1): a time into the ad, or a share of it.
public enum SkipOffset: Sendable, Hashable {
    /// `HH:MM:SS[.mmm]`.
    case time(MediaDuration)
    /// `n%`.
    case percent(Int)

    /// The offset into an ad of `duration`.
    public func offset(inAdOf duration: MediaDuration) -> MediaDuration {
        switch self {
        case .time(let time): time
        case .percent(let percent): MediaDuration(ticks: duration.ticks * Int64(percent) / 100)
        }
    }
}

/// One tracking event: a moment and the beacons it fires.
public struct TrackedEvent: Sendable, Hashable {
    /// `eventType` (`impression`, `start`, `firstQuartile`, …, `breakStart`).
    public var type: String
    /// `beaconUrls`, in order.
    public var beaconURLs: [String]
    /// `startTimeInSeconds`: when it fires on the media timeline, when given.
    public var start: StreamTime?
    /// `eventId`, when given (impression and start may share one).
    public var eventID: String?

    /// Creates an event.
    public init(type: String, beaconURLs: [String], start: StreamTime? = nil, eventID: String? = nil) {
        self.type = type
        self.beaconURLs = beaconURLs
        self.start = start
        self.eventID = eventID
    }
}

/// A companion banner shown beside a linear ad (`companionAds[]`).
public struct TrackedCompanion: Sendable, Hashable {
    /// `attributes.id` or `adSlotId`, when given.
    public var id: String?
    /// `attributes.width`, when given.
    public var width: Int?
    /// `attributes.height`, when given.
    public var height: Int?
    /// The resource: `staticResource`, `iFrameResource` or `htmlResource`.
    public var resource: String?
    /// `companionClickThrough`.
    public var clickThrough: String?
    /// `trackingEvents` (`creativeView`, …) and `companionClickTracking` as `clickTracking`.
    public var events: [TrackedEvent]

    /// Creates a companion.
    public init(id: String? = nil, width: Int? = nil, height: Int? = nil, resource: String? = nil, clickThrough: String? = nil, events: [TrackedEvent] = []) {
        self.id = id
        self.width = width
        self.height = height
        self.resource = resource
        self.clickThrough = clickThrough
        self.events = events
    }
}

/// An Open Measurement verification of an ad (`adVerifications[]`).
public struct TrackedVerification: Sendable, Hashable {
    /// `vendor`.
    public var vendor: String?
    /// The `javaScriptResource` URIs.
    public var scripts: [String]
    /// `verificationParameters`, as given.
    public var parameters: String?
    /// `trackingEvents` (`verificationNotExecuted`, …).
    public var events: [TrackedEvent]

    /// Creates a verification.
    public init(vendor: String? = nil, scripts: [String] = [], parameters: String? = nil, events: [TrackedEvent] = []) {
        self.vendor = vendor
        self.scripts = scripts
        self.parameters = parameters
        self.events = events
    }
}

/// A group of overlays (`nonLinearAdsList[]`) and the beacons they share.
public struct NonLinearAdGroup: Sendable, Hashable {
    /// `nonLinearAdList`.
    public var ads: [NonLinearAd]
    /// `trackingEvents`.
    public var events: [TrackedEvent]

    /// Creates a group.
    public init(ads: [NonLinearAd], events: [TrackedEvent]) {
        self.ads = ads
        self.events = events
    }
}

/// One overlay.
public struct NonLinearAd: Sendable, Hashable {
    /// `adId`, when given and not empty.
    public var id: String?
    /// `creativeId`, when given.
    public var creativeID: String?
    /// `adTitle`, when given.
    public var title: String?
    /// The resource: `staticResource`, `iFrameResource` or `htmlResource`.
    public var resource: String?
    /// `width`, when given.
    public var width: Int?
    /// `height`, when given.
    public var height: Int?
    /// `durationInSeconds` (0 when unknown).
    public var duration: MediaDuration

    /// Creates an overlay.
    public init(id: String? = nil, creativeID: String? = nil, title: String? = nil, resource: String? = nil, width: Int? = nil, height: Int? = nil, duration: MediaDuration = .zero) {
        self.id = id
        self.creativeID = creativeID
        self.title = title
        self.resource = resource
        self.width = width
        self.height = height
        self.duration = duration
    }
}
