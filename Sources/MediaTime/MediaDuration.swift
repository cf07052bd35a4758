/// A length of time, exact at the 9 MHz ``Timescale``.
public struct MediaDuration: TickValue, Codable {
    /// The length in ticks of ``Timescale``.
    public var ticks: Int64

    /// Creates a duration from ticks of ``Timescale``.
    public init(ticks: Int64) { self.ticks = ticks }

    public static func + (lhs: Self, rhs: Self) -> Self { Self(ticks: lhs.ticks + rhs.ticks) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(ticks: lhs.ticks - rhs.ticks) }
    public static func += (lhs: inout Self, rhs: Self) { lhs.ticks += rhs.ticks }
    public static func -= (lhs: inout Self, rhs: Self) { lhs.ticks -= rhs.ticks }
    public static prefix func - (value: Self) -> Self { Self(ticks: -value.ticks) }
}
