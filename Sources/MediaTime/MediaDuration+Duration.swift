extension MediaDuration {
    /// Attoseconds in one tick, times 9: a tick is 1/9,000,000 s, which is
    /// 111,111,111,111.1… attoseconds, so conversions round to the nearest.
    private static let attosecondsPerNineTicks: Int64 = 1_000_000_000_000

    /// Converts a standard-library `Duration`, rounding to the nearest tick
    /// (exact for whole microseconds); saturates far beyond any real time.
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: Timescale.ticksPerSecond)
        guard !overflow else {
            self.init(ticks: seconds < 0 ? .min : .max)
            return
        }
        // attoseconds / (1e18 / 9e6) = attoseconds * 9 / 1e12, rounded half away from zero.
        let scaled = attoseconds * 9
        let half = Self.attosecondsPerNineTicks / 2
        let fraction = (scaled + (scaled >= 0 ? half : -half)) / Self.attosecondsPerNineTicks
        let (total, overflowing) = whole.addingReportingOverflow(fraction)
        self.init(ticks: overflowing ? (seconds < 0 ? .min : .max) : total)
    }

    /// The same length as a standard-library `Duration`, to the attosecond
    /// (rounded down; converting back gives the same ticks).
    public var duration: Duration {
        let seconds = ticks / Timescale.ticksPerSecond
        let remainder = ticks % Timescale.ticksPerSecond
        return Duration(
            secondsComponent: seconds,
            attosecondsComponent: remainder * Self.attosecondsPerNineTicks / 9)
    }
}
