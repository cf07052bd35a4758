/// What a tracking poll changed in what a ``TrackingLedger`` knows.
public enum TrackingChange: Sendable, Hashable {
    /// A linear avail appeared.
    case availStart(TrackedAvail)
    /// A known avail changed: its start, duration, ads or beacons.
    case availUpdate(TrackedAvail)
    /// The server no longer lists an avail that lies inside the window: it
    /// withdrew it.
    case availRemoved(TrackedAvail)
    /// An ad appeared in an avail.
    case adStart(availID: String, TrackedAd)
    /// A known ad changed: its duration or its tracking events.
    case adUpdate(availID: String, TrackedAd)
    /// An avail of overlays only appeared or changed; it is never a break.
    case nonLinearAvail(TrackedAvail)
}
