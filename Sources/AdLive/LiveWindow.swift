public import HLS
public import MediaTime

/// A live playlist's window as a player sees it: where it starts, its live
/// edge, the hold-back a viewer stays behind it, and the seekable range.
/// The one place these are worked out, for the follower, the session feed
/// and the simulation alike.
public struct LiveWindow: Sendable, Hashable {
    /// The target duration, taken as 1 s to 1 hour whatever the playlist
    /// claims (6 s when it gives none).
    public let targetDuration: MediaDuration
    /// Where the first segment starts.
    public let start: StreamTime
    /// Where the last segment ends: playback cannot pass it.
    public let edge: StreamTime
    /// `SERVER-CONTROL` `HOLD-BACK`, else 3 target durations.
    public let holdBack: MediaDuration

    /// The window of `playlist`.
    public init(_ playlist: borrowing MediaPlaylist) {
        targetDuration = Self.targetDuration(playlist.targetDuration)
        start = playlist.segments.first?.start ?? .zero
        edge = playlist.segments.last?.end ?? start
        holdBack = playlist.serverControl?.holdBack ?? MediaDuration(ticks: targetDuration.ticks * 3)
    }

    /// A target duration in seconds, bounded for timing: 1 s to 1 hour, 6 s when unknown.
    public static func targetDuration(_ seconds: UInt64?) -> MediaDuration {
        MediaDuration(seconds: min(max(Int64(clamping: seconds ?? 6), 1), 3_600))
    }

    /// Where a viewer joins: the live edge less the hold-back, within the window.
    public var joinPoint: StreamTime { edge - holdBack > start ? edge - holdBack : start }

    /// The times a seek may go to: the window less the hold-back.
    public var seekableRange: ClosedRange<StreamTime> { start...joinPoint }
}
