internal import VAST

/// A wrapper's tracking, merged into the inline ad it led to (VAST 4.2 §2.4.3.4:
/// the player fires the wrapper's impressions, errors and tracking as well as
/// the inline ad's).
enum TrackingMerge {
    static func merge(_ wrapper: AdCommon, into ad: inout VASTAd) {
        var common = ad.common
        common.impressions += wrapper.impressions
        common.errors += wrapper.errors
        common.verifications += wrapper.verifications
        if let viewable = wrapper.viewableImpression {
            var merged = common.viewableImpression ?? ViewableImpression()
            merged.viewable += viewable.viewable
            merged.notViewable += viewable.notViewable
            merged.viewUndetermined += viewable.viewUndetermined
            common.viewableImpression = merged
        }
        let linearTracking = wrapper.creatives.compactMap(\.linear).flatMap(\.trackingEvents)
        let clickTracking = wrapper.creatives.compactMap(\.linear).flatMap { $0.videoClicks?.clickTracking ?? [] }
        let nonLinearTracking = wrapper.creatives.compactMap(\.nonLinearAds).flatMap(\.trackingEvents)
        for index in common.creatives.indices {
            if var linear = common.creatives[index].linear {
                linear.trackingEvents += linearTracking
                if !clickTracking.isEmpty {
                    var clicks = linear.videoClicks ?? VideoClicks()
                    clicks.clickTracking += clickTracking
                    linear.videoClicks = clicks
                }
                common.creatives[index].linear = linear
            }
            if var nonLinear = common.creatives[index].nonLinearAds {
                nonLinear.trackingEvents += nonLinearTracking
                common.creatives[index].nonLinearAds = nonLinear
            }
        }
        // A wrapper's companions are shown with the ad too.
        common.creatives += wrapper.creatives.filter { $0.companionAds != nil }.map { creative in
            var companions = creative
            companions.linear = nil
            companions.nonLinearAds = nil
            return companions
        }
        ad.common = common
    }
}
