import AdLive
import AdPlayback
import AdPlaybackRuntime
import AdPlaybackTestSupport
import AdPolicy
import AdSSAI
import AdSimulation
import AdTimeline
import AdTransport
import Foundation
import MediaTime
import SSAITracking
import Testing
import AdURLSession

/// Collects updates across tasks.
actor SSAICollector {
    private(set) var updates: [SSAIStream.Update] = []
    func add(_ update: SSAIStream.Update) { updates.append(update) }
}

/// A live SSAI session over HTTP on 127.0.0.1: a personalised manifest with
/// no CUE tags (1 s segments, a 30 s window) and tracking data that arrives
/// 1–3 polls late and incomplete. The tracking data alone places the
/// breaks, and the session's policy governs them. Time is virtual: the
/// endpoint, the waits and the player move together in 100 ms steps.
@Suite(.serialized) struct LiveSSAISessionTests {
    static func script() -> SSAIScript {
        var script = SSAIScript(segmentMilliseconds: 1_000, window: 30)
        script.avails = [
            .init(id: "avail-35", at: 35, segments: 6, ads: 2, late: 1),
            .init(id: "avail-45", at: 45, segments: 4, ads: 1, late: 2),
            .init(id: "avail-55", at: 55, segments: 5, ads: 2, late: 3),
            .init(id: "avail-70", at: 70, segments: 4, ads: 2, late: 2),
        ]
        script.incompleteAnswers = 1
        return script
    }

    struct Run {
        /// Every break the timeline held, as last seen (the window drops old ones).
        var breaks: [String: (position: ContentTime, adBreak: AdBreak)]
        var events: [SessionEvent]
        var updates: [SSAIStream.Update]
        var session: PlaybackSession
        var startup: SSAIStartup
    }

    /// Starts the session, joins at the window's start, and at `seekAt`
    /// seeks to `seekTo`; plays for `seconds`.
    private func play(_ script: SSAIScript, seconds: Int64, policy: AdPolicy = .snapback,
                      seek: (at: ClockTime, to: StreamTime)? = nil) async throws -> Run {
        let pacing = VirtualClock()
        let fetching = VirtualClock()
        let queue = LiveInputQueue()
        let collector = SSAICollector()
        let simulation = Simulation(session: PlaybackSession(
            timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: policy),
            placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent)))
        var events: [SessionEvent] = []
        var startup: SSAIStartup?
        var breaks: [String: (position: ContentTime, adBreak: AdBreak)] = [:]
        try await LoopbackSSAIEndpoint.with(script, reading: { pacing.reading }) { endpoint in
            let client = HTTPClient(transport: URLSessionTransport(), clock: fetching)
            let started = await SSAISessionStart.start(SSAIConfiguration(endpoint: await endpoint.sessionURL.absoluteString), client: client)
            startup = started
            let stream = SSAIStream(startup: started, client: client, clock: pacing)
            let task = Task {
                await stream.follow(for: .seconds(seconds)) { update, follower in
                    queue.take(update, from: follower)
                    await collector.add(update)
                }
            }
            let step = MediaDuration(microseconds: 100_000)
            var sought = false
            while pacing.reading < ClockTime(seconds: seconds) {
                await Task.yield()
                guard pacing.sleeperCount > 0 else { continue }
                for input in queue.drain() { events += try simulation.send(input) }
                if !simulation.session.isRunning, let window = simulation.session.timeline.seekableWindow {
                    events += try simulation.send(.start(.position(.content(window.lowerBound))))
                }
                if let seek, !sought, pacing.reading >= seek.at {
                    sought = true
                    events += try simulation.send(.jump(.seek, to: .stream(seek.to)))
                }
                if simulation.session.isRunning { events += try simulation.play(for: step) } else { simulation.wait(for: step) }
                let timeline = simulation.session.timeline
                for adBreak in timeline.breaks { breaks[adBreak.id] = (timeline.contentPosition(ofBreak: adBreak.id)!, adBreak) }
                pacing.advance(by: step)
                fetching.advance(by: step)
            }
            _ = await task.value
        }
        return Run(breaks: breaks, events: events, updates: await collector.updates, session: simulation.session, startup: try #require(startup))
    }

    private func named(_ name: String, _ run: Run) -> [SessionEvent] { run.events.filter { $0.name == name } }

    @Test func fourLateIncompleteAvails_becomeFourBreaksAtTheirSegments_andSnapbackGovernsASeekOverTwo() async throws {
        let run = try await play(Self.script(), seconds: 60, seek: (ClockTime(seconds: 30), StreamTime(seconds: 52)))
        #expect(run.startup.status == .initialised)
        // The breaks, from the tracking data alone, to the segment.
        let breaks = run.breaks.values.sorted { $0.position < $1.position }
        #expect(breaks.map(\.adBreak.id) == ["avail-35", "avail-45", "avail-55", "avail-70"])
        #expect(breaks.map(\.position) == [35, 45, 55, 70].map { ContentTime(seconds: $0) })
        #expect(breaks.map(\.adBreak.duration) == [6, 4, 5, 4].map { MediaDuration(seconds: $0) })
        #expect(breaks.map(\.adBreak.ads.count) == [2, 1, 2, 2])
        #expect(breaks[0].adBreak.ads[1].tracking.map(\.event) == ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"])
        #expect(breaks[0].adBreak.ads[1].tracking.compactMap(\.offset) == ["0", "0", "0.75", "1.5", "2.25", "3"].map { try! MediaDuration(decimalSeconds: $0) })
        // The data was late and incomplete at first: each avail appeared
        // with no length (no break yet), then whole.
        let firstSeen = run.updates.compactMap { update -> (String, MediaDuration)? in
            if case .tracking(.availStart(let avail), _) = update.event { (avail.id, avail.duration) } else { nil }
        }
        #expect(firstSeen.map(\.0) == ["avail-35", "avail-45", "avail-55", "avail-70"])
        #expect(firstSeen.allSatisfy { $0.1 == .zero })
        #expect(!run.updates.contains { if case .warning = $0.event { true } else { false } }, "no markers, dates agree")
        // Snapback: the seek at stream 30 to 52 passes avail-35 and avail-45;
        // the last one plays, then the target, then the rest as they come.
        #expect(named("adBreakSkip", run).compactMap(\.breakID) == ["avail-35"])
        #expect(named("adBreakStart", run).compactMap(\.breakID) == ["avail-45", "avail-55", "avail-70"])
        #expect(named("adBreakStart", run).map(\.stream) == [45, 55, 70].map { StreamTime(seconds: $0) })
        #expect(named("contentStart", run).map(\.stream).contains(StreamTime(seconds: 52)))
        #expect(named("adBreakEnd", run).map(\.stream) == [49, 60, 74].map { StreamTime(seconds: $0) })
    }
}
