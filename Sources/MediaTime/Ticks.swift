/// The timescale every time value in AdPlaybackKit uses: 9 MHz.
///
/// 9,000,000 ticks a second represent both 90 kHz MPEG PTS ticks (100 ticks
/// each) and microseconds (9 ticks each) exactly, so converting between
/// stream, content and PTS time never rounds.
public enum Timescale {
    /// Ticks in one second.
    public static let ticksPerSecond: Int64 = 9_000_000
    /// Ticks in one microsecond.
    public static let ticksPerMicrosecond: Int64 = 9
    /// Ticks in one 90 kHz PTS tick.
    public static let ticksPerPTSTick: Int64 = 100
}

/// A value measured in ticks of ``Timescale``.
///
/// The three kinds of instants (``StreamTime``, ``ContentTime``, ``ClockTime``)
/// and ``MediaDuration`` share this arithmetic but are distinct types, so a
/// stream time cannot be passed where a content time is expected.
public protocol TickValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The value in ticks of ``Timescale``.
    var ticks: Int64 { get }
    /// Creates a value from ticks of ``Timescale``.
    init(ticks: Int64)
}

extension TickValue {
    /// Zero ticks.
    public static var zero: Self { Self(ticks: 0) }

    /// Creates a value from whole seconds.
    public init(seconds: Int64) { self.init(ticks: seconds * Timescale.ticksPerSecond) }

    /// Creates a value from whole microseconds.
    public init(microseconds: Int64) { self.init(ticks: microseconds * Timescale.ticksPerMicrosecond) }

    /// Creates a value from a decimal string of seconds such as `"900.03"`.
    ///
    /// Exact to the microsecond; see ``DecimalSeconds/parse(_:)``.
    public init(decimalSeconds text: Substring) throws(DecimalSecondsError) {
        self.init(ticks: try DecimalSeconds.parse(text))
    }

    /// The value in seconds, for display and for player APIs at the edges.
    public var seconds: Double { Double(ticks) / Double(Timescale.ticksPerSecond) }

    /// The value as decimal seconds with at most six decimals and no float
    /// noise (`900.03`, `0`, `-1.5`).
    public var decimalSeconds: String { DecimalSeconds.format(ticks) }

    /// The same as ``decimalSeconds``.
    public var description: String { decimalSeconds }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ticks < rhs.ticks }
}
