public import AdTimeline
internal import MediaTime
public import VAST
public import VASTResolution

/// A resolved VAST ad as a timeline ad: its duration, the media file the
/// player takes, its click-through and companion banners, and every beacon
/// (impressions, errors, linear tracking with its offsets, click tracking)
/// as tracking events, and its skip offset.
public enum VASTAdConversion {
    /// The timeline ad for `resolved`, or why it cannot be one (no linear
    /// creative with a duration, no playable media file).
    public static func ad(_ resolved: ResolvedAd, id fallbackID: String, choice: MediaFileChoice)
        -> Result<Ad, VASTError> {
        let common = resolved.ad.common
        let linear: Linear
        let file: MediaFile
        do throws(VASTError) {
            (linear, file) = try resolved.playable(by: choice)
        } catch {
            return .failure(error)
        }
        guard let duration = linear.duration else { return .failure(VASTError(.linear, "the ad has no duration")) }
        var extras: [AdAsset] = []
        if let click = linear.videoClicks?.clickThrough { extras.append(AdAsset(role: .clickThrough, uri: click.url)) }
        for companion in common.creatives.compactMap(\.companionAds).flatMap(\.companions) {
            for case .staticResource(_, let url) in companion.resources { extras.append(AdAsset(role: .banner, uri: url)) }
        }
        var tracking = common.impressions.map { TrackingEvent(event: "impression", uri: $0.url) }
        tracking += common.errors.map { TrackingEvent(event: "error", uri: $0) }
        tracking += linear.trackingEvents.map { TrackingEvent(event: $0.event, uri: $0.url, offset: $0.offset?.time(in: duration)) }
        tracking += (linear.videoClicks?.clickTracking ?? []).map { TrackingEvent(event: "clickTracking", uri: $0.url) }
        var ad = Ad(id: resolved.ad.id ?? fallbackID, duration: duration,
                            primaryAsset: AdAsset(role: .primary, uri: file.url), extraAssets: extras, tracking: tracking,
                            skipOffset: linear.skipOffset?.time(in: duration))
        ad.adServingID = resolved.ad.inline?.adServingID
        return .success(ad)
    }
}
