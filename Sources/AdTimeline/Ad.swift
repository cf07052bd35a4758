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

    /// The id of the `number`th ad (from 1) of break `breakID`: `breakID/number`.
    /// Built by appending, not by interpolation: a resolver makes one for
    /// every ad it places, and interpolating an integer runs the general
    /// formatting code, which a live refresh would fetch cold for it.
    public static func id(inBreak breakID: String, number: Int) -> String {
        var id = breakID
        id.append("/")
        if number >= 0, number < 10 {
            id.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(number)))
        } else {
            id.append(String(number))
        }
        return id
    }

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
