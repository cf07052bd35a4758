public import AdTransport
public import Logging
public import AdPlayback
public import AdPlaybackRuntime
import AdPolicy
public import AdResolvers
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
    /// The runtime the session runs in, as in an app: what the session
    /// asks is resolved by its registry.
    public let runtime: PlaybackRuntime

    /// Stalls not yet reached, by stream time.
    private var stalls: [SimulatedPlayer.Options.Stall]

    /// Creates a simulation of `session` with its clock at 0 and a player
    /// behaving as `player` says (ideal by default). Opportunities resolve
    /// with `resolvers` (by default in-stream cues, each its own break, at
    /// once), each within `resolveTimeout` on `resolveClock` (the virtual
    /// clock unless the fetches are real); a stop's bookmark is saved to
    /// `bookmarks`. The runtime and the resolutions log to `logger`.
    public init(
        session: PlaybackSession, player options: SimulatedPlayer.Options = .ideal,
        resolvers: [any AdResolver] = [InStreamMarkerResolver()], resolveTimeout: Duration = .seconds(8),
        resolveClock: (any Clock<Duration>)? = nil, bookmarks: (any BookmarkStore)? = nil, logger: Logger = .silent
    ) {
        clock = VirtualClock()
        player = SimulatedPlayer(options: options)
        driver = PlaybackDriver(session: session, player: player, clock: clock, bookmarks: bookmarks)
        runtime = PlaybackRuntime(
            driver: driver, registry: ResolverRegistry(resolvers, timeLimit: resolveTimeout, clock: resolveClock ?? clock, logger: logger),
            logger: logger)
        stalls = options.stalls.sorted { $0.at < $1.at }
    }

    /// The session's state.
    public var session: PlaybackSession { driver.session }

    /// Hands an input to the session at the clock's current reading.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        try runtime.send(input)
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
        let step = min(limit, timeToNextMoment ?? limit)
        clock.advance(by: step)
        player.advance(by: step)
        events += try deliverPlayerNews()
        events += try runtime.tick()
        return step
    }

    /// Wall time until the session, its observers or the player need a
    /// look: a boundary, a report on its way, a stall reached.
    public var timeToNextMoment: MediaDuration? {
        [driver.timeToNextBoundary, player.timeToNextReport, timeToNextStall].compactMap(\.self).min()
    }

    /// Play until the next scripted stall's stream time, while playing.
    /// Stalls a jump passed over are dropped: only playback reaches one.
    private var timeToNextStall: MediaDuration? {
        let session = driver.session
        guard session.isRunning, !session.isPaused, !session.isAwaitingPlayer, !player.isStalled else { return nil }
        let position = session.playhead.stream
        guard let next = stalls.first(where: { $0.at >= position }) else { return nil }
        return next.at - position
    }

    /// Hands the session what the player reports now, and starts a stall
    /// playback has reached.
    private func deliverPlayerNews() throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        for report in player.takeDueReports() { events += try driver.send(.player(report)) }
        if timeToNextStall == .zero {
            let position = driver.session.playhead.stream
            let due = stalls.first { $0.at == position }
            stalls.removeAll { $0.at <= position }
            if let due { events += try driver.send(.player(player.stall(for: due.duration))) }
        }
        return events
    }

    /// Plays until the session ends.
    /// - Throws: `SessionError` if the session never ends (a live stream).
    @discardableResult
    public func playToEnd() throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        while driver.session.isRunning {
            guard let step = timeToNextMoment else { throw SessionError.neverEnds }
            _ = try self.step(within: step, into: &events)
        }
        return events
    }

    /// Lets wall time pass without playing (a pause, an interruption, a
    /// night between two sessions).
    public func wait(for duration: MediaDuration) {
        clock.advance(by: duration)
    }
}
