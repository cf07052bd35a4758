public import AdTimeline

// VAST and AdTimeline both name an `Ad` and a `TrackingEvent`; this file sees
// only AdTimeline's, and names them apart for the files that see both.

/// A timeline ad (`AdTimeline.Ad`), as resolvers produce them.
public typealias TimelineAd = Ad
/// A timeline ad's beacon (`AdTimeline.TrackingEvent`).
public typealias TimelineTracking = TrackingEvent
