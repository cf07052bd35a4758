public import AdTimeline
public import MediaTime

/// Where in an ad playback is: the ad, its place in its break, and the
/// time played into it. What beacons are timed by: the ad's own playhead,
/// never the wall clock.
public struct AdPlayhead: Sendable, Hashable {
    /// The break playing.
    public var breakID: String
    /// Where the break sits in the content.
    public var breakPosition: BreakPosition
    /// The ad's index in its break, from 0.
    public var adIndex: Int
    /// The ad.
    public var ad: Ad
    /// The time into the ad.
    public var offset: MediaDuration

    /// Creates an ad playhead.
    public init(breakID: String, breakPosition: BreakPosition, adIndex: Int, ad: Ad, offset: MediaDuration) {
        self.breakID = breakID
        self.breakPosition = breakPosition
        self.adIndex = adIndex
        self.ad = ad
        self.offset = offset
    }
}

extension PlaybackSession {
    /// The ad playing and how far into it playback is; `nil` outside ads.
    public var adPlayhead: AdPlayhead? {
        guard case .inBreak(let playback) = phase else { return nil }
        return AdPlayhead(
            breakID: playback.adBreak.id, breakPosition: playback.adBreak.position, adIndex: playback.adIndex,
            ad: playback.adBreak.ads[playback.adIndex], offset: playback.offsetInAd)
    }

    /// The clock's reading at the last input.
    public var clock: ClockTime { now }

    /// Whether the player is playing at normal rate: running, neither
    /// paused nor interrupted.
    public var isPlaying: Bool { isRunning && !isPaused && !isInterrupted }
}
