public import AdTimeline
public import MediaTime

/// When a tracking event of an ad fires: the firing table.
///
/// | event | fires |
/// |---|---|
/// | `impression`, `creativeView`, `start` | as the ad starts, together |
/// | `firstQuartile`, `midpoint`, `thirdQuartile` | once 25/50/75 % of the ad has played continuously at 1x (seeks do not count) |
/// | `complete`, `breakEnd` | as the ad plays to its end |
/// | `progress`, and any event with a time in the ad (SSAI) | as play crosses that time |
/// | `skip` | as the viewer skips the ad, or the policy skips it once started |
/// | `pause`, `resume` | as the viewer pauses or resumes during the ad |
/// | `notUsed` | at the session's end, for an ad of a skipped break never started |
/// | `error` | when the ad cannot play (the resolver's report) |
/// | anything else (`mute`, `clickTracking`, …) | when the app reports that interaction |
public enum TrackingMoment: Sendable, Hashable {
    /// As the ad starts.
    case adStart
    /// Once this share of the ad (in quarters: 1, 2, 3) has played.
    case played(quarters: Int)
    /// As play crosses this time in the ad.
    case offset(MediaDuration)
    /// As the ad plays to its end.
    case adEnd
    /// When something happens that the session or the app reports: a
    /// skip, a pause, `notUsed`, an error, an interaction.
    case reported

    /// The moment of `event`.
    public init(of event: TrackingEvent) {
        switch event.event {
        case "impression", "creativeView", "start":
            self = .adStart
        case "firstQuartile" where event.offset == nil:
            self = .played(quarters: 1)
        case "midpoint" where event.offset == nil:
            self = .played(quarters: 2)
        case "thirdQuartile" where event.offset == nil:
            self = .played(quarters: 3)
        case "complete", "breakEnd":
            self = .adEnd
        case "skip", "pause", "resume", "notUsed", "error", "clickThrough", "clickTracking":
            self = .reported
        default:
            self = event.offset.map { .offset($0) } ?? .reported
        }
    }
}
