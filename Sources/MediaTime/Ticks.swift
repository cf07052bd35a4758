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

    /// Creates a value from whole seconds (an integer literal lands here).
    public init(seconds: Int) { self.init(seconds: Int64(seconds)) }

    /// Creates a value from seconds as a player API gives them
    /// (`CMTime.seconds`, `currentTime`), rounded to the nearest tick
    /// (1/9,000,000 s), halves away from zero.
    ///
    /// A value of whole microseconds comes out exact (`0.1` is 900,000
    /// ticks, not 900,000.0000000001 rounded). NaN is zero, and a value
    /// beyond ±``DecimalSeconds/maxSeconds`` (about 31 years), infinities
    /// included, is that limit: a player's "unknown" time never traps.
    /// ```swift
    /// MediaDuration(seconds: 30.5)             // 274,500,000 ticks
    /// ContentTime(seconds: player.currentTime().seconds)
    /// ```
    public init(seconds: Double) { self.init(ticks: Ticks.rounded(seconds: seconds)) }

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

/// Seconds as a `Double` to ticks and back, for the initialisers and
/// coding of every ``TickValue``.
enum Ticks {
    static func rounded(seconds: Double) -> Int64 {
        guard !seconds.isNaN else { return 0 }
        let limit = Double(DecimalSeconds.maxSeconds)
        let clamped = min(max(seconds, -limit), limit)
        // Whole microseconds first: a decimal such as 900.03 is then exact
        // at any magnitude, where seconds × 9,000,000 would carry the
        // Double's error into the tick.
        let microseconds = (clamped * 1_000_000).rounded()
        if abs(clamped * 1_000_000 - microseconds) < 1e-3 { return Int64(microseconds) * Timescale.ticksPerMicrosecond }
        return Int64((clamped * Double(Timescale.ticksPerSecond)).rounded(.toNearestOrAwayFromZero))
    }
}
