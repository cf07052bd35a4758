public import AdPlayback
public import MediaTime

/// A wall clock that moves only when told to.
public final class VirtualClock: WallClock {
    /// The reading now.
    public private(set) var now: ClockTime

    /// Creates a clock at `start`.
    public init(start: ClockTime = .zero) { now = start }

    /// Moves the clock forward.
    public func advance(by duration: MediaDuration) {
        now += duration
    }
}
