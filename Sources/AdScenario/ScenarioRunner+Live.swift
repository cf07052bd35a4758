import AdTransport
import AdOutbox
import Logging
import AdLive
import AdPlayback
import AdPlaybackRuntime
import AdPolicy
import AdResolvers
import AdSimulation
import AdTimeline
import HLS
import MediaTime

extension Scenario {
    /// Runs a live scenario over its recording, on the virtual clock, exactly
    /// reproducible: in-stream cues resolve at once, and `resolvers` take
    /// what else the stream announces (an interstitial), each within the
    /// scenario's resolve timeout on `clock`.
    func runLive(
        _ recording: LiveRecording, selector: (any AdPolicySelector)?, resolvers: [any AdResolver], clock: any Clock<Duration>,
        beacons: BeaconOutbox?, beaconSession: String, logger: Logger
    ) async throws(ScenarioError) -> ScenarioRun {
        let session = PlaybackSession(
            timeline: timeline, engine: AdPolicyEngine(policy: policy, selector: selector), placeholderStyle: placeholderStyle,
            alternateContent: blackout.map { AlternateContent(simulated: $0.alternatePath ?? $0.alternateURL ?? "alternate") })
        var options = LiveOptions()
        if let blackout { options.device = blackout.device }
        var events: [SessionEvent] = []
        var dates: [String?] = []
        let live: LiveSimulation
        do {
            live = try LiveSimulation(
                session: session, recording: recording, options: options, player: playerOptions, resolvers: [InStreamMarkerResolver()] + resolvers,
                resolveTimeout: resolveTimeout.duration, resolveClock: clock, logger: logger)
        } catch {
            throw ScenarioError(path: "$.stream.recording", message: "the recording's first playlist does not fit a session: \(error)")
        }
        failAds(on: live.simulation)
        let recorder = track(beacons, session: beaconSession, in: live.simulation.runtime)
        func record(_ new: [SessionEvent]) {
            events += new
            dates += new.map { live.date(at: $0.stream)?.description }
        }
        for step in steps {
            do {
                try checkClock(live.clock.reading, step)
                record(try await perform(step.action, on: live))
            } catch {
                throw failure(error, at: step)
            }
        }
        if live.follower.live == nil {
            let reason = live.updates.compactMap { update -> String? in
                if case .originError(_, _, let reason, _) = update.event { reason } else { nil }
            }.first ?? "no playlist"
            throw ScenarioError(path: "$.stream.recording", message: "the recording's first playlist does not load: \(reason)")
        }
        var run = ScenarioRun(
            timeline: live.session.timeline, events: events, watched: live.session.watchedBreakIDs,
            issues: issues + live.simulation.runtime.issues + (recorder?.problems ?? []))
        run.dates = dates
        run.beacons = recorder?.fired ?? []
        return run
    }

    private func perform(_ action: Action, on live: LiveSimulation, isolation: isolated (any Actor)? = #isolation) async throws -> [SessionEvent] {
        switch action {
        case .start(.liveEdge):
            return try live.send(.start(.position(.stream(live.joinPoint))))
        case .start(.at(let target)):
            return try live.send(.start(.position(target)))
        case .start(.date(let date)):
            return try live.send(.start(.position(.stream(try streamTime(of: date, in: live)))))
        case .start(.bookmark):
            guard let bookmark = live.session.lastBookmark else { throw SessionError.noBookmark }
            return try live.send(.start(.bookmark(bookmark)))
        case .play(let duration):
            guard live.session.isRunning else { throw SessionError.notRunning }
            return try await live.play(for: duration)
        case .pause(let duration):
            var events = try live.send(.pause)
            events += try await live.play(for: duration)
            return events + (try live.send(.resume))
        case .wait(let duration):
            return try await live.play(for: duration)
        case .jump(let kind, let target):
            return try live.send(.jump(kind, to: target))
        case .jumpToDate(let kind, let date):
            return try live.send(.jump(kind, to: .stream(try streamTime(of: date, in: live))))
        case .interrupt(let duration):
            var events = try live.send(.interrupt)
            events += try await live.play(for: duration)
            return events + (try live.send(.interruptEnd))
        case .skip:
            return try live.send(.skip)
        case .stop:
            return try live.send(.stop)
        case .failover:
            return try live.send(.failover)
        case .playToEnd:
            guard live.session.isRunning else { throw SessionError.notRunning }
            return try await live.playToEnd()
        }
    }

    private func streamTime(of date: ProgramDateTime, in live: LiveSimulation) throws(SessionError) -> StreamTime {
        guard let time = live.streamTime(of: date) else {
            throw .outOfRange("the stream has no PROGRAM-DATE-TIME to place \(date) by")
        }
        return time
    }
}
