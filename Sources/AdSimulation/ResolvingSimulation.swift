public import AdTransport
public import Logging
public import AdPlayback
public import AdPlaybackRuntime
public import AdResolvers
public import MediaTime

/// A simulation whose breaks may still be resolving: the session runs on
/// the virtual clock, inside its `PlaybackRuntime`, which resolves
/// opportunities with real resolvers. Playback that reaches a break still
/// resolving waits for the result, holding the virtual clock, as a player
/// holds at a break whose ads are not there yet.
///
/// ```swift
/// let simulation = ResolvingSimulation(session: session, resolvers: [VASTPodResolver(chain: chain)])
/// try simulation.send(.opportunity(opportunity))
/// try simulation.send(.start(.beginning))
/// let events = try await simulation.playToEnd()
/// ```
public final class ResolvingSimulation {
    /// The player and the virtual clock.
    public let simulation: Simulation
    /// The coordinator the session runs in.
    public let runtime: PlaybackRuntime

    /// Creates a simulation of `session` whose opportunities `resolvers`
    /// resolve, each within `resolveTimeout` on `resolveClock` (the virtual
    /// clock by default); each stop's bookmark goes to `bookmarks`.
    public init(
        session: PlaybackSession, resolvers: [any AdResolver], resolveTimeout: Duration = .seconds(8),
        resolveClock: (any Clock<Duration>)? = nil, player: SimulatedPlayer.Options = .ideal, bookmarks: (any BookmarkStore)? = nil,
        logger: Logger = .silent
    ) {
        simulation = Simulation(
            session: session, player: player, resolvers: resolvers, resolveTimeout: resolveTimeout, resolveClock: resolveClock,
            bookmarks: bookmarks, logger: logger)
        runtime = simulation.runtime
    }

    /// The session's state.
    public var session: PlaybackSession { runtime.session }
    /// The virtual wall clock.
    public var clock: VirtualClock { simulation.clock }

    /// Hands an input to the session at the clock's current reading.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        try runtime.send(input)
    }

    /// Plays for `duration` of virtual time, on the caller's isolation
    /// domain; while the session waits for a
    /// break to resolve, the virtual clock holds and the result is awaited.
    @discardableResult
    public func play(for duration: MediaDuration, isolation: isolated (any Actor)? = #isolation) async throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        var remaining = duration
        while remaining > .zero, session.isRunning {
            if try await awaitResolution(into: &events, isolation: isolation) { continue }
            remaining -= try simulation.step(within: remaining, into: &events)
        }
        simulation.wait(for: remaining)
        return events
    }

    /// Plays until the session ends.
    /// - Throws: `SessionError` if the session never ends.
    @discardableResult
    public func playToEnd(isolation: isolated (any Actor)? = #isolation) async throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        while session.isRunning {
            if try await awaitResolution(into: &events, isolation: isolation) { continue }
            guard let step = simulation.timeToNextMoment else { throw SessionError.neverEnds }
            _ = try simulation.step(within: step, into: &events)
        }
        return events
    }

    /// When the session waits at a break whose resolution runs, awaits the
    /// next result. Returns whether it waited.
    private func awaitResolution(
        into events: inout [SessionEvent], isolation: isolated (any Actor)?
    ) async throws(SessionError) -> Bool {
        guard session.waitingForBreak != nil else { return false }
        guard let delivered = await runtime.deliverNextResult(isolation: isolation) else { throw SessionError.neverEnds }
        events += delivered
        return true
    }
}
