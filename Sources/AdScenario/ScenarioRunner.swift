public import AdTransport
public import Logging
public import AdSSAI
public import AdPlayback
public import AdResolvers
import AdPlaybackRuntime
public import AdOutbox
import AdTracking
import AdSignals
import AdSimulation
public import AdPolicy
public import AdTimeline
public import MediaTime
import HLS

/// What a scenario produced: its events, in order.
public struct ScenarioRun: Sendable {
    /// The timeline the scenario ran on.
    public var timeline: AdTimeline
    /// Every event of every session, in order.
    public var events: [SessionEvent]
    /// The breaks counted as watched when the scenario ended, in content order.
    public var watched: [String]
    /// What the schedule and the resolvers left out, and why.
    public var issues: [String] = []
    /// How the SSAI session played started, when the scenario plays one.
    public var ssai: SSAIStartup?
    /// For a live stream, each event's date (PROGRAM-DATE-TIME at its
    /// stream time) when known, parallel to ``events``; empty for VOD.
    public var dates: [String?] = []
    /// The beacons fired and journaled, in order, when the run had an outbox.
    public var beacons: [FiredBeacon] = []
    /// On a real player, why the main stream failed, which ended the run.
    public var mainStreamFailure: String?
}

extension Scenario {
    /// Runs a scenario with no opportunities to resolve on a simulated
    /// player and a virtual clock.
    public func run(selector: (any AdPolicySelector)? = nil) async throws(ScenarioError) -> ScenarioRun {
        try await run(selector: selector, resolvers: [], clock: VirtualClock())
    }

    /// Runs the scenario on a simulated player and a virtual clock, inside
    /// a runtime that resolves its opportunities with `resolvers`, each
    /// within ``resolveTimeout`` on `clock` (the wall clock when the fetches
    /// are real). Playback that reaches a break still resolving waits for it.
    /// - Parameter selector: a custom policy selector; the policy's default
    ///   when `nil`.
    /// - Throws: ``ScenarioError`` at the first action that makes no sense
    ///   (a seek before start, a start while a session runs, a bookmark
    ///   resumed before one was saved).
    /// - Parameter bookmarks: where each stop's bookmark is saved, and where
    ///   `start from bookmark` reads one when the run has saved none (a
    ///   bookmark file kept across runs); VOD scenarios only.
    /// - Parameter beacons: the outbox the ads' beacons (and the resolvers'
    ///   error reports) go to, with sessions `beaconSession/1`, `/2`, …: a
    ///   VOD scenario's ads, and on a live recording the ads whose tracking
    ///   the stream signals (SVTA 2053-2 creative signalling).
    /// - Parameter resolvers: what resolves the opportunities (a VMAP's breaks).
    /// - Parameter clock: the clock the resolutions' time limit runs on.
    /// - Parameter beaconSession: the prefix of the beacons' session names.
    /// - Parameter logger: where the runtime and the resolutions log; nothing by default.
    public func run(
        selector: (any AdPolicySelector)? = nil, resolvers: [any AdResolver], clock: any Clock<Duration>,
        bookmarks: (any BookmarkStore & Sendable)? = nil, beacons: BeaconOutbox? = nil, beaconSession: String = "run",
        logger: Logger = .silent
    ) async throws(ScenarioError) -> ScenarioRun {
        if liveURL != nil {
            throw ScenarioError(
                path: "$.stream",
                message: "a live stream's \"url\" is followed on a real player (adplay simulate --player mpv); the simulated player replays a \"recording\"")
        }
        if let liveRecording {
            guard bookmarks == nil else {
                throw ScenarioError(path: "$.stream", message: "a bookmark file is for VOD scenarios; a live one resumes by date")
            }
            return try await runLive(
                liveRecording, selector: selector, resolvers: resolvers, clock: clock, beacons: beacons, beaconSession: beaconSession, logger: logger)
        }
        let engine = AdPolicyEngine(policy: policy, selector: selector)
        let session = PlaybackSession(timeline: timeline, engine: engine, placeholderStyle: placeholderStyle)
        let simulation = ResolvingSimulation(
            session: session, resolvers: resolvers, resolveTimeout: resolveTimeout.duration, resolveClock: clock, player: playerOptions,
            bookmarks: bookmarks, logger: logger)
        failAds(on: simulation.simulation)
        let recorder = track(beacons, session: beaconSession, in: simulation.runtime)
        let events = try await play(on: simulation, bookmarks: bookmarks)
        var run = ScenarioRun(
            timeline: simulation.session.initialTimeline, events: events, watched: simulation.session.watchedBreakIDs,
            issues: issues + simulation.runtime.issues + (recorder?.problems ?? []))
        run.ssai = ssai
        run.beacons = recorder?.fired ?? []
        return run
    }

    /// Makes the ads the scenario's `"failAds"` names fail to load on
    /// `simulation`'s player: by the ad's own id, or `<break id>/<1-based position>`.
    func failAds(on simulation: Simulation) {
        guard let failing = player?.failAds, !failing.isEmpty else { return }
        let names = Set(failing)
        simulation.player.failsToLoad = { [unowned simulation] breakID, adID in
            guard !names.contains(adID) else { return true }
            let ads = simulation.session.timeline.adBreak(id: breakID)?.ads ?? []
            return ads.firstIndex { $0.id == adID }.map { names.contains("\(breakID)/\($0 + 1)") } ?? false
        }
    }

    /// Sends the opportunities' breaks to resolve, then does every step on
    /// `stage`; returns the events they published.
    func play(
        on stage: some ScenarioStage, bookmarks: (any BookmarkStore & Sendable)?, isolation: isolated (any Actor)? = #isolation
    ) async throws(ScenarioError) -> [SessionEvent] {
        var events: [SessionEvent] = []
        for opportunity in opportunities {
            do {
                events += try stage.send(.opportunity(opportunity))
            } catch {
                throw ScenarioError(path: "$.vmap", message: "break \(opportunity.id): \(error)")
            }
        }
        for step in steps {
            do {
                try checkClock(stage.clockReading, step)
                events += try await perform(step.action, on: stage, bookmarks: bookmarks, isolation: isolation)
            } catch {
                throw failure(error, at: step)
            }
        }
        return events
    }

    /// Tracks the ads' beacons into `outbox`, when there is one, as session
    /// `session`; returns what keeps the beacons journaled.
    func track(_ outbox: BeaconOutbox?, session: String, in runtime: PlaybackRuntime) -> BeaconRecorder? {
        guard let outbox else { return nil }
        let recorder = BeaconRecorder(outbox: outbox)
        let tracker = BeaconTracker(planner: BeaconPlanner(session: session), sink: recorder)
        runtime.driver.observers.append(tracker)
        runtime.tracker = tracker
        return recorder
    }

    /// Does one action on `stage`; returns the events it published.
    func perform(
        _ action: Action, on stage: some ScenarioStage, bookmarks: (any BookmarkStore & Sendable)?,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> [SessionEvent] {
        switch action {
        case .start(.at(let target)):
            return try stage.send(.start(target == .content(.zero) ? .beginning : .position(target)))
        case .start(.bookmark):
            guard let bookmark = try stage.session.lastBookmark ?? bookmarks?.load() else {
                throw SessionError.noBookmark
            }
            return try stage.send(.start(.bookmark(bookmark)))
        case .play(let duration):
            try requireRunning(stage.session)
            return try await stage.play(for: duration, isolation: isolation)
        case .pause(let duration):
            var events = try stage.send(.pause)
            events += try await stage.hold(for: duration, isolation: isolation)
            events += try stage.send(.resume)
            return events
        case .wait(let duration):
            return try await stage.hold(for: duration, isolation: isolation)
        case .jump(let kind, let target):
            return try stage.send(.jump(kind, to: target))
        case .start(.liveEdge):
            guard let join = stage.liveJoinPoint else { throw SessionError.outOfRange("the live edge applies to a live stream only") }
            return try stage.send(.start(.position(.stream(join))))
        case .start(.date(let date)):
            return try stage.send(.start(.position(.stream(try liveTime(of: date, on: stage)))))
        case .jumpToDate(let kind, let date):
            return try stage.send(.jump(kind, to: .stream(try liveTime(of: date, on: stage))))
        case .interrupt(let duration):
            var events = try stage.send(.interrupt)
            events += try await stage.hold(for: duration, isolation: isolation)
            events += try stage.send(.interruptEnd)
            return events
        case .skip:
            return try stage.send(.skip)
        case .stop:
            return try stage.send(.stop)
        case .failover:
            return try stage.send(.failover)
        case .playToEnd:
            try requireRunning(stage.session)
            return try await stage.playToEnd(isolation: isolation)
        }
    }

    private func liveTime(of date: ProgramDateTime, on stage: some ScenarioStage) throws(SessionError) -> StreamTime {
        guard stage.liveJoinPoint != nil else { throw SessionError.outOfRange("dates apply to a live stream only") }
        guard let time = stage.liveStreamTime(of: date) else {
            throw SessionError.outOfRange("the stream has no PROGRAM-DATE-TIME to place \(date) by")
        }
        return time
    }

    /// The simulated player's options from `"player"`: ideal without it.
    var playerOptions: SimulatedPlayer.Options {
        guard let player else { return .ideal }
        return SimulatedPlayer.Options(
            seekLatency: player.seekLatency, loadLatency: player.loadLatency, keyframeInterval: player.keyframeInterval,
            stalls: player.stalls)
    }

    private func requireRunning(_ session: PlaybackSession) throws(SessionError) {
        guard session.isRunning else { throw SessionError.notRunning }
    }

    /// A step may not take the scenario's clock past ``maxClock``.
    func checkClock(_ reading: ClockTime, _ step: Step) throws(ScenarioError) {
        guard let duration = step.action.wallTime, (reading + duration).ticks > Self.maxClock.ticks else { return }
        throw ScenarioError(
            path: step.path, line: step.line, column: step.column,
            message: "the scenario's clock would pass \(Self.maxClock) s (about 3,000 years)")
    }

    /// What went wrong at a step, as the scenario error naming it.
    func failure(_ error: any Error, at step: Step) -> ScenarioError {
        switch error {
        case let error as ScenarioError: error
        case let error as SessionError:
            ScenarioError(path: step.path, line: step.line, column: step.column, message: explain(error, step))
        default: ScenarioError(path: step.path, line: step.line, column: step.column, message: "\(error)")
        }
    }

    func explain(_ error: SessionError, _ step: Step) -> String {
        let name = Self.name(of: step.action)
        switch error {
        case .notRunning: return "\"\(name)\" needs a running session; start one first (no session is running here)"
        case .alreadyRunning: return "\"start\" while a session runs; stop it first"
        case .noBookmark: return "no bookmark to resume: a \"stop\" saves one"
        default: return "\"\(name)\": \(error)"
        }
    }

    /// The latest virtual clock reading a scenario may reach; keeps every
    /// sum of times far from overflowing.
    public static let maxClock = MediaDuration(seconds: 100_000_000_000)

    static func name(of action: Action) -> String {
        switch action {
        case .start: "start"
        case .play: "play"
        case .pause: "pause"
        case .wait: "wait"
        case .jump(let kind, _), .jumpToDate(let kind, _): kind.rawValue
        case .interrupt: "interrupt"
        case .skip: "skip"
        case .stop: "stop"
        case .failover: "failover"
        case .playToEnd: "playToEnd"
        }
    }
}
