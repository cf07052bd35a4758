import AdPlayback
import AdSimulation
import HLS
import MediaTime

/// Where a scenario's actions play: the simulated player on a virtual
/// clock, or a real player in real time. The actions mean the same on
/// both; only how time passes differs.
protocol ScenarioStage: AnyObject {
    /// The session's state.
    var session: PlaybackSession { get }
    /// The stage's clock: virtual, or wall time since the start.
    var clockReading: ClockTime { get }
    /// Hands an input to the session now.
    func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent]
    /// Plays for a while of wall time.
    func play(for duration: MediaDuration, isolation: isolated (any Actor)?) async throws(SessionError) -> [SessionEvent]
    /// Lets wall time pass while the player does what it was last asked
    /// (paused, interrupted, or between two sessions).
    func hold(for duration: MediaDuration, isolation: isolated (any Actor)?) async throws(SessionError) -> [SessionEvent]
    /// Plays until the session ends.
    func playToEnd(isolation: isolated (any Actor)?) async throws(SessionError) -> [SessionEvent]
    /// For a live stream, where a viewer joins it now; `nil` for VOD.
    var liveJoinPoint: StreamTime? { get }
    /// For a live stream, where a date is on it now; `nil` for VOD or a date it does not hold.
    func liveStreamTime(of date: ProgramDateTime) -> StreamTime?
}

extension ScenarioStage {
    var liveJoinPoint: StreamTime? { nil }
    func liveStreamTime(of date: ProgramDateTime) -> StreamTime? { nil }
}

extension ResolvingSimulation: ScenarioStage {
    var clockReading: ClockTime { clock.reading }

    func hold(for duration: MediaDuration, isolation: isolated (any Actor)?) async throws(SessionError) -> [SessionEvent] {
        simulation.wait(for: duration)
        return []
    }
}
