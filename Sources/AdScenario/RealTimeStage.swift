import AdLive
import AdPlayback
import AdPlaybackRuntime
import AdTimeline
import HLS
import MediaTime

/// A scenario's stage on a real player: wall time passes for real, and the
/// session is ticked meanwhile. Resolutions and reports arrive through the
/// runtime's loop, so the events are those the session published, which
/// ``take()`` hands over.
final class RealTimeStage: ScenarioStage {
    let runtime: PlaybackRuntime
    let tickInterval: Duration
    /// A live stream's news, followed in the background; `nil` for VOD.
    let feed: RealTimeLiveFeed?
    let clock = ContinuousClock()
    /// Published and not yet taken.
    var published: [SessionEvent] = []
    /// Why the main stream failed, if it did: the run ends there, since
    /// nothing plays any more (a crashed player, a stream that is gone).
    var mainStreamFailure: String?

    init(runtime: PlaybackRuntime, tickInterval: Duration, feed: RealTimeLiveFeed? = nil) {
        self.runtime = runtime
        self.tickInterval = tickInterval
        self.feed = feed
    }

    var liveJoinPoint: StreamTime? { feed?.window?.joinPoint }

    func liveStreamTime(of date: ProgramDateTime) -> StreamTime? { feed?.streamTime(of: date) }

    var session: PlaybackSession { runtime.session }
    var clockReading: ClockTime { runtime.driver.now }

    /// The events published since the last take.
    func take() -> [SessionEvent] {
        defer { published = [] }
        return published
    }

    func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        try feed?.deliver(to: runtime)
        try runtime.send(input)
        return take()
    }

    func play(for duration: MediaDuration, isolation: isolated (any Actor)?) async throws(SessionError) -> [SessionEvent] {
        try await pass(duration.duration, isolation: isolation)
        return take()
    }

    func hold(for duration: MediaDuration, isolation: isolated (any Actor)?) async throws(SessionError) -> [SessionEvent] {
        try await pass(duration.duration, isolation: isolation)
        return take()
    }

    /// Plays until the session ends, or throws ``SessionError/neverEnds``
    /// when it has not ended a minute after the whole stream could have
    /// played.
    func playToEnd(isolation: isolated (any Actor)?) async throws(SessionError) -> [SessionEvent] {
        let timeline = session.timeline
        let stream = timeline.breaks.reduce(timeline.contentDuration ?? .zero) { $0 + $1.duration }
        let deadline = clock.now + stream.duration + .seconds(60)
        while session.isRunning {
            guard clock.now < deadline, !Task.isCancelled else { throw SessionError.neverEnds }
            try? await Task.sleep(for: tickInterval)
            try feed?.deliver(to: runtime)
            try runtime.tick()
            try endIfTheMainStreamFailed()
        }
        return take()
    }

    /// Lets `duration` of wall time pass, ticking the session.
    private func pass(_ duration: Duration, isolation: isolated (any Actor)?) async throws(SessionError) {
        let end = clock.now + duration
        while clock.now < end, !Task.isCancelled, mainStreamFailure == nil {
            try? await Task.sleep(for: min(tickInterval, end - clock.now))
            try feed?.deliver(to: runtime)
            try runtime.tick()
            try endIfTheMainStreamFailed()
        }
    }

    /// Stops the session once the main stream has failed.
    private func endIfTheMainStreamFailed() throws(SessionError) {
        guard mainStreamFailure != nil, session.isRunning else { return }
        try runtime.send(.stop)
    }
}

/// Hands every event the session publishes to a closure.
final class EventTap: PlaybackObserver {
    let published: ([SessionEvent]) -> Void

    init(_ published: @escaping ([SessionEvent]) -> Void) { self.published = published }

    func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent]) {
        if !events.isEmpty { published(events) }
    }

    func timeToNextMoment(in session: PlaybackSession) -> MediaDuration? { nil }
}
