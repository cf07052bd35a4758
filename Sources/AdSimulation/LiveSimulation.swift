public import AdTransport
public import Logging
public import AdLive
public import AdPlayback
import AdPlaybackRuntime
import AdPolicy
public import AdResolvers
import AdTimeline
import AdSignals
import HLS
public import MediaTime

/// A session over a recorded live stream, on a virtual clock, exactly
/// reproducible: the recording's playlists arrive when the follower would
/// fetch them live, their news enters the session as inputs, in-stream
/// breaks resolve at once, and playback never passes the live edge.
///
/// The first recorded playlist is current at virtual time 0 and each later
/// one from its recorded time; after the last, the stream stops growing,
/// and playing past its end ends the session as ENDLIST would.
///
/// ```swift
/// let live = try LiveSimulation(session: session, recording: LiveRecording(directory: url))
/// try live.send(.start(.position(.stream(live.joinPoint))))
/// let events = try live.play(for: MediaDuration(seconds: 60))
/// ```
public final class LiveSimulation {
    /// The player and the virtual clock.
    public let simulation: Simulation
    /// The playlist as followed so far.
    public private(set) var follower: LiveFollower
    /// Every update of following, in order.
    public private(set) var updates: [LiveSource.Update] = []
    private let recording: LiveRecording
    private var nextFetch: ClockTime?
    private var pendingEvents: [SessionEvent] = []

    /// Creates the simulation and loads the first playlist at time 0.
    /// - Throws: `SessionError` when the first playlist's news does not fit the session.
    /// The resolvers are asked in order (in-stream markers resolve at once by
    /// default), each resolution within `resolveTimeout` on `resolveClock`
    /// (the virtual clock by default; the wall clock when fetches are real).
    public init(
        session: PlaybackSession, recording: LiveRecording, options: LiveOptions = LiveOptions(), player: SimulatedPlayer.Options = .ideal,
        resolvers: [any AdResolver] = [InStreamMarkerResolver()], resolveTimeout: Duration = .seconds(8),
        resolveClock: (any Clock<Duration>)? = nil, logger: Logger = .silent
    ) throws(SessionError) {
        simulation = Simulation(
            session: session, player: player, resolvers: resolvers, resolveTimeout: resolveTimeout, resolveClock: resolveClock, logger: logger)
        follower = LiveFollower(url: "recording", options: options)
        self.recording = recording
        nextFetch = .zero
        pendingEvents = try fetchIfDue()
        simulation.driver.bookmarkDate = { [unowned self] content in self.date(at: StreamTime(ticks: content.ticks)) }
    }

    /// The session's state.
    public var session: PlaybackSession { simulation.session }
    /// The virtual wall clock.
    public var clock: VirtualClock { simulation.clock }

    /// The window as the last playlist has it (empty before the first).
    public var window: LiveWindow? { follower.live.map { LiveWindow($0.playlist) } }

    /// The end of the last segment known: playback cannot pass it.
    public var liveEdge: StreamTime { window?.edge ?? .zero }

    /// Where a viewer joins: the live edge less the hold-back, within the window.
    public var joinPoint: StreamTime { window?.joinPoint ?? .zero }

    /// The times a seek may go to: the window less the hold-back.
    public var seekableRange: ClosedRange<StreamTime> { window?.seekableRange ?? StreamTime.zero...StreamTime.zero }

    /// The date at a stream time, from PROGRAM-DATE-TIME.
    public func date(at time: StreamTime) -> ProgramDateTime? { follower.live?.playlist.programDateTime(at: time) }

    /// The stream time of a date.
    public func streamTime(of date: ProgramDateTime) -> StreamTime? { follower.live?.playlist.streamTime(of: date) }

    /// Hands an input to the session now, resolving what it asks at once.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        try checkInWindow(input)
        var events = pendingEvents
        pendingEvents = []
        events += try simulation.send(placed(input))
        return events
    }

    /// A dated bookmark resumes at its date's place in this window (the
    /// session starts at the live edge when the date has left it).
    private func placed(_ input: SessionInput) -> SessionInput {
        guard case .start(.bookmark(var bookmark)) = input, let date = bookmark.date else {
            return input
        }
        if let time = streamTime(of: date) {
            bookmark.content = ContentTime(ticks: time.ticks)
        }
        return .start(.bookmark(bookmark))
    }

    /// A start or a jump must land in the seekable range: the window less the hold-back.
    private func checkInWindow(_ input: SessionInput) throws(SessionError) {
        let target: JumpTarget
        switch input {
        case .start(.position(let position)): target = position
        case .jump(_, let position): target = position
        default: return
        }
        let stream: StreamTime
        switch target {
        case .stream(let time): stream = time
        case .content(let time): stream = StreamTime(ticks: time.ticks)
        }
        let range = seekableRange
        guard range.contains(stream) else {
            throw .outOfRange(
                "stream \(stream.decimalSeconds) s is outside the live window's seekable range, "
                    + "\(range.lowerBound.decimalSeconds)…\(range.upperBound.decimalSeconds) s")
        }
    }

    /// Plays for `duration` of virtual time: refreshes arrive on schedule,
    /// and playback holds at the live edge until the stream grows.
    /// Resolutions that must be awaited (an asset list) never arrive here:
    /// use ``play(for:isolation:)``.
    @discardableResult
    public func play(for duration: MediaDuration) throws(SessionError) -> [SessionEvent] {
        var events = pendingEvents
        pendingEvents = []
        let end = clock.reading + duration
        while clock.reading < end { try advance(until: end, into: &events) }
        return events
    }

    /// Plays for `duration` of virtual time, as ``play(for:)`` does, on the
    /// caller's isolation domain; while the session waits at a break still
    /// resolving, the virtual clock holds and the result is awaited.
    @discardableResult
    public func play(for duration: MediaDuration, isolation: isolated (any Actor)? = #isolation) async throws(SessionError) -> [SessionEvent] {
        var events = pendingEvents
        pendingEvents = []
        let end = clock.reading + duration
        while clock.reading < end {
            if session.waitingForBreak != nil {
                guard let delivered = await simulation.runtime.deliverNextResult(isolation: isolation) else { throw SessionError.neverEnds }
                events += delivered
                continue
            }
            try advance(until: end, into: &events)
        }
        return events
    }

    /// One step towards `end`: a refresh if due, then play up to the next
    /// refresh, the live edge or `end`.
    private func advance(until end: ClockTime, into events: inout [SessionEvent]) throws(SessionError) {
        events += try fetchIfDue()
        let remaining = end - clock.reading
        var limit = remaining
        if let nextFetch { limit = min(limit, nextFetch - clock.reading) }
        if session.isRunning, !session.isPaused {
            let headroom = liveEdge - session.playhead.stream
            if headroom <= .zero, nextFetch == nil {
                events += try endOfStream()
                guard !session.isRunning else { throw SessionError.neverEnds }
                return
            }
            if headroom <= .zero {
                simulation.wait(for: limit)
                return
            }
            limit = min(limit, headroom)
        }
        guard session.isRunning, !session.isPaused else {
            simulation.wait(for: limit)
            return
        }
        _ = try simulation.step(within: limit, into: &events)
    }

    /// Plays until the session ends: at the stream's end once it stops growing.
    @discardableResult
    public func playToEnd() throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        while session.isRunning {
            // Paused, it never gets there; playing, it reaches the recording's
            // end, where `play` ends the session (or says it cannot).
            guard !session.isPaused else { throw SessionError.neverEnds }
            events += try play(for: follower.targetDuration)
        }
        return events
    }

    /// Plays until the session ends, as ``playToEnd()`` does, awaiting the
    /// resolutions the session waits for.
    @discardableResult
    public func playToEnd(isolation: isolated (any Actor)? = #isolation) async throws(SessionError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        while session.isRunning {
            guard !session.isPaused else { throw SessionError.neverEnds }
            events += try await play(for: follower.targetDuration, isolation: isolation)
        }
        return events
    }

    /// Lets virtual time pass without playing.
    public func wait(for duration: MediaDuration) {
        simulation.wait(for: duration)
    }

    /// The stream stopped growing and playback reached its end.
    private func endOfStream() throws(SessionError) -> [SessionEvent] {
        if session.timeline.contentEnd == nil {
            return try send(.timelineChanged(.end(at: ContentTime(ticks: liveEdge.ticks)))) + simulation.runtime.tick()
        }
        guard let presentation = session.currentPresentation else { return [] }
        return try simulation.driver.send(.player(.ended(presentation.id)))
    }

    /// Fetches the recorded playlist when it is due and hands its news to the session.
    private func fetchIfDue() throws(SessionError) -> [SessionEvent] {
        guard let due = nextFetch, due <= clock.reading else { return [] }
        let now = clock.reading
        var events: [SessionEvent] = []
        for event in follower.take(recording.body(at: now), at: now) {
            updates.append(LiveSource.Update(clock: now, event: event))
            guard let playlist = follower.live?.playlist else { continue }
            for input in LiveInputs.inputs(for: event, in: playlist, epoch: follower.epoch, playlistURL: recording.url) {
                events += try simulation.send(input)
            }
        }
        if follower.isFinished || now >= recording.end || follower.nextDelay <= .zero {
            nextFetch = nil
        } else {
            nextFetch = now + follower.nextDelay
        }
        return events
    }
}
