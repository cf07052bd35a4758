/// A point on one of the clocks (stream, content, wall clock).
///
/// Instants of the same kind subtract to a ``MediaDuration`` and move by one;
/// instants of different kinds do not mix.
public protocol TimeInstant: TickValue {}

extension TimeInstant {
    public static func + (lhs: Self, rhs: MediaDuration) -> Self { Self(ticks: lhs.ticks + rhs.ticks) }
    public static func - (lhs: Self, rhs: MediaDuration) -> Self { Self(ticks: lhs.ticks - rhs.ticks) }
    public static func - (lhs: Self, rhs: Self) -> MediaDuration { MediaDuration(ticks: lhs.ticks - rhs.ticks) }
    public static func += (lhs: inout Self, rhs: MediaDuration) { lhs = lhs + rhs }
}

/// A position on the stream's own timeline, ads included.
///
/// For in-stream (SSAI) breaks this is the player's item time; for inserted
/// (CSAI) breaks it is the virtual timeline with the ads laid in.
public struct StreamTime: TimeInstant, Codable {
    /// The position in ticks of ``Timescale``.
    public var ticks: Int64
    /// Creates a stream time from ticks of ``Timescale``.
    public init(ticks: Int64) { self.ticks = ticks }
}

/// A position in the content alone, ads excluded ("local time").
///
/// It does not move while an ad plays; a bookmark stores it.
public struct ContentTime: TimeInstant, Codable {
    /// The position in ticks of ``Timescale``.
    public var ticks: Int64
    /// Creates a content time from ticks of ``Timescale``.
    public init(ticks: Int64) { self.ticks = ticks }
}

/// A reading of the injected wall clock, as time since that clock's origin.
///
/// Cool-downs and "no ads for five minutes" rules run on this clock, never on
/// the playhead.
public struct ClockTime: TimeInstant, Codable {
    /// The reading in ticks of ``Timescale``.
    public var ticks: Int64
    /// Creates a clock reading from ticks of ``Timescale``.
    public init(ticks: Int64) { self.ticks = ticks }
}
