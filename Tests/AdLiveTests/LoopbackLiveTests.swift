import AdLive
import AdPlaybackTestSupport
import AdSimulation
import AdTransport
import Foundation
import HLS
import MediaTime
import Testing
import AdPlayback
import AdPlaybackRuntime
import AdPolicy
import AdResolvers
import AdSignals
import AdTimeline
import AdURLSession

/// Following a live origin over real HTTP on 127.0.0.1. Time is virtual:
/// the origin's window, the waits between fetches and each fetch's limit
/// all run on virtual clocks that move together, and only while the source
/// waits or the origin holds a request back.
@Suite(.serialized) struct LoopbackLiveTests {
    private func followOverLoopback(_ script: LiveOriginScript, seconds: Int64) async throws -> [LiveSource.Update] {
        let pacing = VirtualClock()
        let fetching = VirtualClock()
        let collector = Collector()
        try await LoopbackLiveOrigin.with(script, reading: { pacing.reading }) { origin in
            let client = HTTPClient(transport: URLSessionTransport(), clock: fetching)
            let source = LiveSource(url: await origin.url, client: client, clock: pacing)
            let task = Task { await source.follow(for: .seconds(seconds)) { await collector.add($0) } }
            try await paceOverLoopback(origin, pacing: pacing, fetching: fetching, until: ClockTime(seconds: seconds))
            _ = await task.value
        }
        return await collector.updates
    }

    @Test func fiveBreaksInFourDialects_overLoopback_areEachReportedOnce() async throws {
        let updates = try await followOverLoopback(fiveBreaks(), seconds: 60)
        let ends = updates.compactMap { if case .opportunityEnd(let o) = $0.event { o } else { nil } }
        let starts = updates.compactMap { if case .opportunityStart(let o) = $0.event { o.id } else { nil } }
        #expect(starts == ends.map(\.id))
        #expect(ends.map { $0.start.seconds } == [12, 22, 32, 42, 52])
        #expect(ends.map { $0.duration?.seconds } == [5, 4, 6, 5, 3])
    }

    @Test func eachFault_overLoopback_isReported_andFollowingGoesOn() async throws {
        // The slow answer takes 30 s, past the 5 s limit.
        let script = fiveBreaksWithFaults(stallOrSlow: .slow(.seconds(30)), garbage: false)
        let updates = try await followOverLoopback(script, seconds: 60)
        let errors = updates.compactMap { update -> (Int?, String)? in
            if case .originError(_, let status, let reason, _) = update.event { (status, reason) } else { nil }
        }
        #expect(errors.contains { $0.0 == 404 })
        #expect(errors.contains { $0.0 == 500 })
        #expect(errors.filter { $0.1.contains("no complete answer within 5 s") }.count >= 2, "the stall and the slow answer: \(errors)")
        #expect(errors.contains { $0.1.contains("16777216") }, "the oversized body: \(errors.map(\.1))")
        #expect(updates.contains { if case .gap = $0.event { true } else { false } })
        #expect(updates.contains { if case .windowReset(0) = $0.event { true } else { false } })
        let lastRefresh = updates.last { if case .refresh = $0.event { true } else { false } }
        #expect((lastRefresh?.clock ?? .zero) >= ClockTime(seconds: 55), "following went on")
    }

    /// A 2-hour DVR window with 24 breaks, fetched from the loopback origin
    /// and fed into a session: a fast-forward of 60 minutes under snapback
    /// plays only the last break passed; a rewind of 90 minutes under
    /// rewind playLast plays only the last break that rewind passed.
    @Test func aTwoHourDVRWindowOverLoopback_fastForwardAndRewindFollowTheRules() async throws {
        let script = LiveSimulationTests.dvr()
        let updates = try await followOverLoopback(script, seconds: 1)
        let refreshes = updates.filter { if case .refresh = $0.event { true } else { false } }
        #expect(refreshes.count == 1)
        let playlist = try LivePlaylist(LiveSimulationTests.text(script)).playlist

        func session(_ policy: AdPolicy) throws -> Simulation {
            let simulation = Simulation(session: PlaybackSession(
                timeline: try AdTimeline(contentDuration: nil, breaks: []), engine: AdPolicyEngine(policy: policy),
                placeholderStyle: BreakStyle(insertion: .inStream, occupancy: .replacesContent)))
            for update in updates {
                for input in LiveInputs.inputs(for: update.event, in: playlist) {
                    try simulation.send(input)  // the runtime's marker resolver makes each cue its break at once
                }
            }
            #expect(simulation.session.timeline.count == 24)
            return simulation
        }

        let forward = try session(.snapback)
        try forward.send(.start(.position(.stream(StreamTime(seconds: 600)))))
        var events = try forward.send(.jump(.fastForward, to: .stream(StreamTime(seconds: 4_200))))
        events += try forward.play(for: MediaDuration(seconds: 40))
        #expect(events.filter { $0.name == "adBreakStart" }.map(\.stream) == [StreamTime(seconds: 4_020)])
        #expect(events.last { $0.name == "contentStart" }?.stream == StreamTime(seconds: 4_200))

        var policy = AdPolicy.strict
        policy.rewind = .playLast
        let backward = try session(policy)
        try backward.send(.start(.position(.stream(StreamTime(seconds: 7_182)))))
        events = try backward.send(.jump(.rewind, to: .stream(StreamTime(seconds: 1_782))))
        events += try backward.play(for: MediaDuration(seconds: 40))
        #expect(events.filter { $0.name == "adBreakStart" }.map(\.stream) == [StreamTime(seconds: 1_920)])
        #expect(events.last { $0.name == "contentStart" }?.stream == StreamTime(seconds: 1_782))
    }
}
