public import MediaTime

/// Follows a recorded stream on virtual time, instantly and exactly
/// reproducibly: the follower fetches when it would live, and each fetch
/// gets the body recorded at or before its time. Nothing is asynchronous,
/// so the same recording gives the same updates on every run.
public enum LiveReplay {
    /// Replays `recording` until its last body has been fetched, or for
    /// `duration` if that is shorter, handing each update to `handle`.
    /// - Returns: the follower as the replay ended.
    @discardableResult
    public static func follow(
        _ recording: LiveRecording, options: LiveOptions = LiveOptions(), for duration: MediaDuration? = nil,
        url: String = "recording", _ handle: (LiveSource.Update) -> Void
    ) -> LiveFollower {
        follow(recording, options: options, for: duration, url: url) { update, _ in handle(update) }
    }

    /// Replays as ``follow(_:options:for:url:_:)`` does, handing each update
    /// with the follower as it stands after it (do not keep it).
    @discardableResult
    public static func follow(
        _ recording: LiveRecording, options: LiveOptions = LiveOptions(), for duration: MediaDuration? = nil,
        url: String = "recording", withFollower handle: (LiveSource.Update, LiveFollower) -> Void
    ) -> LiveFollower {
        var follower = LiveFollower(url: url, options: options)
        var now = ClockTime.zero
        let end = duration.map { ClockTime(ticks: $0.ticks) }
        while !follower.isFinished {
            if let end, now > end { break }
            for event in follower.take(recording.body(at: now), at: now) { handle(LiveSource.Update(clock: now, event: event), follower) }
            guard (now < recording.end), (follower.nextDelay > .zero) else { break }
            now = now + follower.nextDelay
        }
        return follower
    }
}
