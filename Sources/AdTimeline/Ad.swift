public import MediaTime

/// One ad of a break.
public struct Ad: Sendable, Hashable, Codable, Identifiable {
    /// The ad's identifier, unique within its break.
    public var id: String
    /// How long the ad plays.
    public var duration: MediaDuration
    /// The ad's video, for inserted (CSAI) breaks; in-stream ads are part of
    /// the stream and need none.
    public var primaryAsset: AdAsset?
    /// Further assets: click-through pages, banners.
    public var extraAssets: [AdAsset]
    /// The beacons this ad fires.
    public var tracking: [TrackingEvent]
    /// When the viewer may skip it, from its start; `nil`: not skippable.
    public var skipOffset: MediaDuration?
    /// Companion banners shown with it.
    public var companions: [CompanionAd] = []
    /// Its verifications.
    public var verifications: [AdVerification] = []
    /// The ad server's id for this impression (VAST `<AdServingId>`), the
    /// value of the `[ADSERVINGID]` macro.
    public var adServingID: String?

    /// Creates an ad.
    public init(
        id: String,
        duration: MediaDuration,
        primaryAsset: AdAsset? = nil,
        extraAssets: [AdAsset] = [],
        tracking: [TrackingEvent] = [],
        skipOffset: MediaDuration? = nil
    ) {
        self.id = id
        self.duration = duration
        self.primaryAsset = primaryAsset
        self.extraAssets = extraAssets
        self.tracking = tracking
        self.skipOffset = skipOffset
    }
}
