public import MediaTime

/// A media file or page belonging to an ad.
public struct AdAsset: Sendable, Hashable, Codable {
    /// What the asset is for.
    public enum Role: String, Sendable, Hashable, Codable, CaseIterable {
        /// The ad's video itself (an HLS URL, an MP4 file).
        case primary
        /// The page a viewer reaches by clicking the ad.
        case clickThrough
        /// A banner or companion shown beside the ad.
        case banner
    }

    /// What the asset is for.
    public var role: Role
    /// Where the asset is, as given (a URL string).
    public var uri: String

    /// Creates an asset.
    public init(role: Role, uri: String) {
        self.role = role
        self.uri = uri
    }
}

/// A beacon an ad asks to be fired at a moment of its playback.
public struct TrackingEvent: Sendable, Hashable, Codable {
    /// The moment, as VAST names it (`impression`, `start`, `firstQuartile`,
    /// `midpoint`, `thirdQuartile`, `complete`, `skip`, `error`, …).
    public var event: String
    /// The URL to request, VAST macros unexpanded.
    public var uri: String
    /// When in the ad it fires, from the ad's start, when the source says
    /// (an SSAI event's time, a VAST `progress` offset).
    public var offset: MediaDuration?

    /// Creates a tracking event.
    public init(event: String, uri: String, offset: MediaDuration? = nil) {
        self.event = event
        self.uri = uri
        self.offset = offset
    }
}
