/// A count of ticks of the 90 kHz MPEG program clock: a 33-bit time, or a
/// duration (`segmentation_duration` has 40 bits).
///
/// `pts_time`, `pts_adjustment`, `pts_offset` and break durations are all
/// such counts (SCTE 35 §9.8). Sums wrap at 2^33 as the standard requires:
/// "In the presence of a wrap or overflow condition, the carry shall be
/// ignored" (§9.6.1, pts_adjustment).
///
/// The tick count is the exact time. ``mediaTicks`` gives the same time at
/// the 9 MHz timescale the rest of AdPlaybackKit uses, also exactly.
public struct PTS: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Ticks of the 90 kHz clock. Values the decoder produces are below 2^33.
    public var ticks: UInt64

    /// Ticks in one second.
    public static let ticksPerSecond: UInt64 = 90_000
    /// The modulus of 33-bit PTS arithmetic, 2^33.
    public static let modulus: UInt64 = 1 << 33

    /// Creates a value from 90 kHz ticks.
    public init(ticks: UInt64) { self.ticks = ticks }

    /// The sum modulo 2^33: a PTS plus `pts_adjustment` or `pts_offset`.
    public func adding(_ other: PTS) -> PTS {
        PTS(ticks: (ticks &+ other.ticks) & (Self.modulus - 1))
    }

    /// The same time in ticks of a 9 MHz clock (100 per 90 kHz tick): exact,
    /// and directly usable as `MediaDuration(ticks:)`.
    public var mediaTicks: Int64 { Int64(truncatingIfNeeded: ticks) &* 100 }

    /// Whole seconds and the remaining 90 kHz ticks (below 90,000): the exact
    /// time in a readable split.
    public var secondsAndTicks: (seconds: UInt64, ticks: UInt64) {
        (ticks / Self.ticksPerSecond, ticks % Self.ticksPerSecond)
    }

    /// Seconds as a floating-point number, for display.
    public var seconds: Double { Double(ticks) / Double(Self.ticksPerSecond) }

    /// Seconds with six decimals, rounded half up, e.g. `21388.766756` —
    /// the way the standard's own examples print times.
    public var secondsText: String {
        // The remainder's ticks * 100 / 9 are microseconds; rounding may carry.
        var whole = ticks / Self.ticksPerSecond
        var fraction = (ticks % Self.ticksPerSecond * 100 + 4) / 9
        if fraction == 1_000_000 {
            whole += 1
            fraction = 0
        }
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 6 - digits.count) + digits
    }

    public var description: String { "\(ticks) (\(secondsText) s)" }

    public static func < (lhs: PTS, rhs: PTS) -> Bool { lhs.ticks < rhs.ticks }
}
