import AdLive
import AdPlaybackTestSupport
import AdSimulation
import AdTransport
import Foundation
import HLS
import MediaTime
import Testing

/// Updates collected from a source's handler.
actor Collector {
    private(set) var updates: [LiveSource.Update] = []
    func add(_ update: LiveSource.Update) { updates.append(update) }
}

let playlistURL = URL(string: "https://origin.example/live.m3u8")!

/// Follows `script` for `seconds` of virtual time through the in-memory
/// scripted transport, the clock stepping 100 ms whenever the source waits.
func follow(_ script: LiveOriginScript, seconds: Int64, options: LiveOptions = LiveOptions()) async -> (updates: [LiveSource.Update], follower: LiveFollower) {
    let clock = VirtualClock()
    let transport = ScriptedLiveTransport(script: script, clock: clock) { clock.reading }
    let source = LiveSource(url: playlistURL, client: HTTPClient(transport: transport, clock: clock), options: options)
    let collector = Collector()
    let follower = await clock.run(advancingBy: MediaDuration(microseconds: 100_000)) {
        await source.follow(for: .seconds(seconds)) { await collector.add($0) }
    }
    return (await collector.updates, follower)
}

/// The five breaks, with every origin fault in turn: 404, 500, a stall, an
/// oversized body, a slow answer (`slow`), garbage (when asked), a window
/// jump and a restart.
func fiveBreaksWithFaults(stallOrSlow slow: LiveOriginScript.Misbehavior, garbage: Bool) -> LiveOriginScript {
    var script = fiveBreaks()
    func at(_ seconds: Int64) -> ClockTime { ClockTime(seconds: seconds) }
    script.faults = [
        .init(from: at(5), to: at(6), .status(404)),
        .init(from: at(8), to: at(9), .status(500)),
        .init(from: at(11), to: at(12), .stall),
        .init(from: at(20), to: at(21), .oversized(bytes: 17 << 20)),
        .init(from: at(28), to: at(29), slow),
        .init(from: at(32), .jump(segments: 20)),
        .init(from: at(45), .restart),
    ]
    if garbage { script.faults.append(.init(from: at(24), to: at(25), .garbage)) }
    return script
}

/// Five breaks in four dialects on a 1 s-segment stream with a 10-segment window.
func fiveBreaks() -> LiveOriginScript {
    var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
    script.breaks = [
        .init(at: 12, length: 5, dialect: .cueOut),
        .init(at: 22, length: 4, dialect: .oatcls),
        .init(at: 32, length: 6, dialect: .scte35),
        .init(at: 42, length: 5, dialect: .dateRange),
        .init(at: 52, length: 3, dialect: .cueOut),
    ]
    return script
}

@Suite struct LiveSourceTests {
    @Test func fiveBreaksInFourDialects_areEachReportedOnce_withTheirStartAndDuration() async throws {
        let (updates, follower) = await follow(fiveBreaks(), seconds: 60)
        let starts = updates.compactMap { if case .opportunityStart(let o) = $0.event { o } else { nil } }
        let ends = updates.compactMap { if case .opportunityEnd(let o) = $0.event { o } else { nil } }
        #expect(starts.count == 5, "\(starts.map(\.id))")
        #expect(Set(starts.map(\.id)).count == 5)
        #expect(ends.map(\.id) == starts.map(\.id))
        let expected: [(start: Int64, length: Int64)] = [(12, 5), (22, 4), (32, 6), (42, 5), (52, 3)]
        for (end, want) in zip(ends, expected) {
            #expect(end.start == StreamTime(seconds: want.start), "\(end.id)")
            #expect(end.duration == MediaDuration(seconds: want.length), "\(end.id)")
        }
        #expect(!updates.contains { if case .originError = $0.event { true } else { false } })
        #expect((68...69).contains(follower.live?.playlist.segments.last?.mediaSequence ?? 0))
    }

    /// Following on a virtual clock fetches about once a segment; the exact
    /// timing rules are tested on the follower itself.
    @Test func aChangingPlaylist_isFetchedAboutOnceASegment_andEachRefreshChangedIt() async throws {
        let (updates, _) = await follow(fiveBreaks(), seconds: 30)
        let refreshes = updates.filter { if case .refresh = $0.event { true } else { false } }
        #expect((25...31).contains(refreshes.count), "\(refreshes.count) refreshes")
        #expect(refreshes.allSatisfy { if case .refresh(_, _, let changed) = $0.event { changed } else { false } })
    }

    @Test func eachFault_isReported_andFollowingGoesOn() async throws {
        let script = fiveBreaksWithFaults(stallOrSlow: .slow(.seconds(2)), garbage: true)
        let (updates, follower) = await follow(script, seconds: 60)
        let errors = updates.compactMap { update -> (Int?, String)? in
            if case .originError(_, let status, let reason, _) = update.event { (status, reason) } else { nil }
        }
        #expect(errors.contains { $0.0 == 404 })
        #expect(errors.contains { $0.0 == 500 })
        #expect(errors.contains { $0.1.contains("no complete answer within 5 s") }, "the stall times out: \(errors)")
        #expect(errors.contains { $0.1.contains("16777216") }, "the oversized body: \(updates.map { "\($0.clock) \($0.event)".prefix(120) })")
        #expect(errors.contains { $0.1.contains("does not parse") }, "the garbage")
        #expect(updates.contains { if case .gap(let missed) = $0.event { missed >= 10 } else { false } })
        #expect(updates.contains { if case .windowReset(0) = $0.event { true } else { false } })
        let lastRefresh = updates.last { if case .refresh = $0.event { true } else { false } }
        #expect((lastRefresh?.clock ?? .zero) >= ClockTime(seconds: 58), "following went on to the end")
        #expect(follower.failures == 0)
        #expect(follower.live?.playlist.segments.last.map { follower.live!.playlist.uri(of: $0).hasPrefix("r") } == true)
    }

    @Test func aFrozenPlaylist_isReportedStaleOnce() async throws {
        var script = fiveBreaks()
        script.faults = [.init(from: ClockTime(seconds: 10), to: ClockTime(seconds: 20), .frozen)]
        let (updates, _) = await follow(script, seconds: 25)
        let stale = updates.compactMap { if case .stale(let unchanged) = $0.event { ($0.clock, unchanged) } else { nil } }
        #expect(stale.count == 1)
        if let first = stale.first {
            #expect(first.1 >= MediaDuration(microseconds: 1_500_000))
            #expect(first.0 > ClockTime(seconds: 11) && first.0 < ClockTime(seconds: 20), "while the playlist is frozen")
        }
    }

    @Test func endList_endsFollowing() async throws {
        var script = fiveBreaks()
        script.endAfter = 15
        let (updates, follower) = await follow(script, seconds: 60)
        #expect(updates.last?.event == .end)
        #expect(follower.isFinished)
        #expect((updates.last?.clock ?? .zero) <= ClockTime(seconds: 6))
    }

    /// A tag repeated in every window it is in is delivered once per
    /// occurrence, in stream order, over 100 refreshes.
    @Test func timedMetadata_isDeliveredOncePerOccurrence_inStreamOrder() async throws {
        var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 10)
        for index in stride(from: 0, to: 300, by: 3) { script.extraTags[index] = ["#EXT-X-MARKER:N=\(index)"] }
        script.extraTags[30] = ["#EXT-X-MARKER:N=30", "#EXT-X-MARKER:N=30"]
        var options = LiveOptions()
        options.parse.subscribedTags = ["#EXT-X-MARKER"]
        let (updates, _) = await follow(script, seconds: 120, options: options)
        let refreshes = updates.filter { if case .refresh = $0.event { true } else { false } }
        #expect(refreshes.count >= 100)
        let delivered = updates.compactMap { if case .timedMetadata(let item, _) = $0.event { item } else { nil } }
        let values = delivered.compactMap(\.value)
        let lastSegment = updates.compactMap { if case .refresh(let first, let count, _) = $0.event { Int(first) + count } else { nil } }.last ?? 0
        var expected = stride(from: 0, to: lastSegment, by: 3).map { "N=\($0)" }
        expected.insert("N=30", at: expected.firstIndex(of: "N=30")!)
        #expect(values == expected)
        #expect(delivered.map(\.time) == delivered.map(\.time).sorted())
        let dated = updates.compactMap { if case .timedMetadata(_, let date) = $0.event { date } else { nil } }
        #expect(dated.count == delivered.count, "every tag has the date of its stream time")
    }
}
