public import AdLive
public import AdSignals
public import SSAITracking

/// What following an SSAI session found, in order.
public enum SSAIEvent: Sendable, Hashable {
    /// The playback URL is a multivariant playlist: this variant (its
    /// first) is followed, for timing.
    case variant(String)
    /// The playlist's news (refreshes, markers, faults, the end).
    case live(LiveEvent)
    /// What a tracking poll changed; avails are placed on the stream
    /// (`AvailAnchoring`), with their opportunity's position.
    case tracking(TrackingChange, position: OpportunityPosition?)
    /// Tracking data that disagrees with the manifest (a marker, a date),
    /// or cannot be placed; the tracking data wins.
    case warning(String)
    /// A tracking poll failed; the next one tries again.
    case trackingError(String)
}
