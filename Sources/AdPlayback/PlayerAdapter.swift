public import MediaTime

/// What a session needs of a video player. Implement it over AVPlayer,
/// ExoPlayer or anything else; ``PlaybackDriver`` calls it.
public protocol PlayerAdapter: AnyObject {
    /// The current item's playback position.
    var currentItemTime: MediaDuration { get }
    /// Shows `item` at `time`: replaces the item if it differs, then seeks.
    func present(_ item: PlayerItem, at time: MediaDuration)
    /// Sets the playback rate (0 holds, 1 plays).
    func setRate(_ rate: Double)
}

/// A source of wall-clock readings; tests and simulations inject a
/// virtual one.
public protocol WallClock: AnyObject {
    /// The reading now.
    var now: ClockTime { get }
}

/// The real wall clock: time elapsed since it was created, from the
/// monotonic system clock.
public final class SystemWallClock: WallClock {
    private let origin = ContinuousClock.now

    /// Creates a clock reading 0 now.
    public init() {}

    public var now: ClockTime {
        let elapsed = ContinuousClock.now - origin
        let (seconds, attoseconds) = elapsed.components
        return ClockTime(ticks: seconds * Timescale.ticksPerSecond + attoseconds / 111_111_111_111)
    }
}
