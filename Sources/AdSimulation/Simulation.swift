public import AdPlayback
public import MediaTime

/// A session driven headlessly: a simulated player on a virtual clock,
/// advanced boundary by boundary so every event lands at its exact time.
///
/// ```swift
/// let simulation = Simulation(session: PlaybackSession(timeline: timeline, engine: engine))
/// try simulation.send(.start(.beginning))
/// let events = try simulation.play(for: MediaDuration(seconds: 45))
/// ```
public final class Simulation {
    /// The virtual wall clock.
    public let clock: VirtualClock
    /// The headless player.
    public let player: SimulatedPlayer
    /// The driver running the session.
    public let driver: PlaybackDriver

    /// Creates a simulation of `session` with its clock at 0; a stop's
    /// bookmark is saved to `bookmarks`.
    public init(session: PlaybackSession, bookmarks: (any BookmarkStore)? = nil) {
        clock = VirtualClock()
        player = SimulatedPlayer()
        driver = PlaybackDriver(session: session, player: player, clock: clock, bookmarks: bookmarks)
    }

    /// The session's state.
    public var session: PlaybackSession { driver.session }

    /// Hands an input to the session at the clock's current reading.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        try driver.send(input)
    }

    /// Plays for `duration` of wall time, ticking the session at every
    /// boundary. If the session ends on the way the clock still advances the
    /// whole duration.
    @discardableResult
    public func play(for duration: MediaDuration) throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        var remaining = duration
        while remaining > .zero, driver.session.isRunning {
            remaining -= try step(within: remaining, into: &events)
        }
        clock.advance(by: remaining)
        return events
    }

    /// Plays up to the next boundary, or for `limit` if that comes first,
    /// and ticks the session there.
    /// - Returns: the wall time that passed.
    public func step(within limit: MediaDuration, into events: inout [SessionEvent]) throws(SessionError) -> MediaDuration {
        let step = min(limit, driver.timeToNextBoundary ?? limit)
        clock.advance(by: step)
        player.advance(by: step)
        events += try driver.tick()
        return step
    }

    /// Plays until the session ends.
    /// - Throws: ``SessionError`` if the session never ends (a live stream).
    @discardableResult
    public func playToEnd() throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        while driver.session.isRunning {
            guard let step = driver.timeToNextBoundary else { throw SessionError.neverEnds }
            clock.advance(by: step)
            player.advance(by: step)
            events += try driver.tick()
        }
        return events
    }

    /// Lets wall time pass without playing (a pause, an interruption, a
    /// night between two sessions).
    public func wait(for duration: MediaDuration) {
        clock.advance(by: duration)
    }
}
