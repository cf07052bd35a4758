import AdLive
import AdPlayback
import AdPolicy
import AdSignals
import AdPlaybackTestSupport
import AdScenario
import AdSimulation
import AdSSAI
import AdTimeline
import Foundation
import MediaTime
import SSAITracking
import Testing
import VAST

/// Scenarios played on a player with seek and load latency and keyframe
/// landings, beside the same scenarios on the ideal player: the viewer
/// sees the same things in the same order, each a little later at most,
/// and no ad is cut short.
@Suite struct RealisticPlayerScenarioTests {
    static let latency = MediaDuration(microseconds: 400_000)
    static let keyframes = MediaDuration(seconds: 2)
    static let realistic = PlayerSpec(seekLatency: MediaDuration(microseconds: 250_000), loadLatency: latency, keyframeInterval: keyframes)

    /// The events a viewer sees, with what they are about.
    static func viewing(_ events: [SessionEvent]) -> [(name: String, clock: ClockTime)] {
        events.compactMap { event in
            let name: String
            switch event.kind {
            case .sessionStart, .sessionEnd, .contentStart, .pause, .resume, .interrupt, .interruptEnd, .failover: name = event.name
            case .adBreakStart(let id), .adBreakEnd(let id): name = "\(event.name) \(id)"
            case .adStart(let b, let a), .adEnd(let b, let a), .adSkip(let b, let a): name = "\(event.name) \(b)/\(a)"
            case .adSkippable(let b, let a), .adSkippableEnd(let b, let a): name = "\(event.name) \(b)/\(a ?? "")"
            case .skipDenied(let reason): name = "skipDenied \(reason)"
            case .adBreakSkip(let id, let reason): name = "adBreakSkip \(id) \(reason.rawValue)"
            case .seek(let kind, _), .seekDenied(let kind, _): name = "\(event.name) \(kind.rawValue)"
            case .seekAdjusted(_, let reason): name = "seekAdjusted \(reason)"
            case .bookmark(let bookmark): name = "bookmark watched \(bookmark.watched)"
            case .blackoutStart(let blackout, _), .blackoutEnd(let blackout): name = "\(event.name) \(blackout.id)"
            case .ready, .resync, .stall, .stallEnd, .timedMetadata, .error, .streamError, .adError: return nil
            }
            return (name, event.clock)
        }
    }

    /// Runs `scenario` on the ideal player and on the realistic one and
    /// checks what the viewer sees.
    @discardableResult
    static func compare(_ scenario: Scenario, player: PlayerSpec = realistic) async throws -> ScenarioRun {
        let ideal = try await scenario.run()
        var slow = scenario
        slow.player = player
        let real = try await slow.run()
        let expected = viewing(ideal.events)
        let actual = viewing(real.events)
        #expect(expected.contains { $0.name.hasPrefix("adStart") || $0.name.hasPrefix("blackoutStart") }, "the scenario shows something")
        #expect(actual.map(\.name) == expected.map(\.name))
        #expect(real.watched == ideal.watched)
        if player.seekLatency > .zero || player.loadLatency > .zero {
            #expect(real.events.contains { $0.name == "ready" }, "the player took its time")
        }
        guard actual.count == expected.count else { return real }
        // Delays do not pile up: from one event to the next, the realistic
        // run takes at most one latency and one keyframe interval longer or shorter.
        // A session resumed from a bookmark starts where the viewer really
        // was: behind the ideal run by what the player took before the stop,
        // which is content still to play, not a delay.
        let bound = max(player.seekLatency, player.loadLatency) + (player.keyframeInterval ?? .zero)
        let idealBookmarks = ideal.events.compactMap { if case .bookmark(let b) = $0.kind { b.content } else { nil } }
        let realBookmarks = real.events.compactMap { if case .bookmark(let b) = $0.kind { b.content } else { nil } }
        var owed = MediaDuration.zero
        var bookmarks = 0
        for index in expected.indices.dropFirst() {
            if expected[index - 1].name.hasPrefix("bookmark"), bookmarks < min(idealBookmarks.count, realBookmarks.count) {
                owed = MediaDuration(ticks: abs(idealBookmarks[bookmarks].ticks - realBookmarks[bookmarks].ticks))
                bookmarks += 1
            }
            let idealStep = expected[index].clock - expected[index - 1].clock
            let realStep = actual[index].clock - actual[index - 1].clock
            let difference = MediaDuration(ticks: abs(realStep.ticks - idealStep.ticks))
            #expect(difference <= bound + owed, "\(expected[index - 1].name) → \(expected[index].name): \(idealStep) ideal, \(realStep) real")
        }
        // No ad plays shorter than its duration.
        var started: [String: ClockTime] = [:]
        for event in real.events {
            switch event.kind {
            case .adStart(let b, let a): started["\(b)/\(a)"] = event.clock
            case .adEnd(let b, let a):
                let duration = real.timeline.adBreak(id: b)?.ads.first { $0.id == a }?.duration
                if let start = started["\(b)/\(a)"], let duration {
                    #expect(event.clock - start >= duration, "\(b)/\(a) played \(event.clock - start), shorter than \(duration)")
                }
            default: break
            }
        }
        return real
    }

    @Test func theDemo() async throws {
        try await Self.compare(try Scenario.decode(json: Array(DemoScenario.json.utf8)))
    }

    /// Each option works alone, and shows in what the run reports.
    @Test(arguments: [
        (PlayerSpec(seekLatency: MediaDuration(microseconds: 250_000)), "ready"),
        (PlayerSpec(loadLatency: MediaDuration(microseconds: 400_000)), "ready"),
        (PlayerSpec(keyframeInterval: MediaDuration(seconds: 7)), "landed"),
        (PlayerSpec(stalls: [.init(at: StreamTime(seconds: 100), duration: MediaDuration(seconds: 6))]), "stall"),
    ])
    func eachOptionAlone(player: PlayerSpec, shows: String) async throws {
        let run = try await Self.compare(try Scenario.decode(json: Array(DemoScenario.json.utf8)), player: player)
        switch shows {
        case "landed":
            #expect(run.events.contains { if case .ready(let p, let landed) = $0.kind { landed != p.time } else { false } })
        case "stall":
            let stall = try #require(run.events.first { $0.name == "stall" })
            #expect(stall.stream == StreamTime(seconds: 100))
            #expect(run.events.first { $0.name == "stallEnd" }.map { $0.clock - stall.clock } == MediaDuration(seconds: 6))
        default:
            #expect(run.events.contains { $0.name == shows })
        }
    }

    /// A client-side ad that fails to load: `adError` with 401, and the
    /// rest of its break plays.
    @Test(arguments: ["mid1/1", "m1"])
    func aFailingAd_givesAdError_andTheRestOfItsBreakPlays(name: String) async throws {
        let json = """
            {"stream": {"type": "vod", "contentDuration": 600, "insertion": "inserted"},
             "breaks": [{"id": "mid1", "at": 300, "ads": [{"id": "m1", "duration": 5}, {"id": "m2", "duration": 8}]}],
             "player": {"loadLatency": 0.4, "failAds": ["\(name)"]},
             "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """
        let run = try await Scenario.decode(json: Array(json.utf8)).run()
        let names = Self.viewing(run.events).map(\.name)
        #expect(names == ["sessionStart", "contentStart", "adBreakStart mid1", "adStart mid1/m2", "adEnd mid1/m2", "adBreakEnd mid1",
                          "contentStart", "sessionEnd"])
        let error = try #require(run.events.first { $0.name == "adError" })
        #expect(error.kind == .adError(breakID: "mid1", adID: "m1", failure: .notFound("the simulated ad mid1/m1 fails to load")))
        #expect(run.watched == ["mid1"])
    }

    /// Names that are no client-side ad are refused where they stand.
    @Test(arguments: [
        (#""breaks": [{"id": "mid1", "at": 300, "ads": [{"id": "m1", "duration": 5}]}], "player": {"failAds": ["mid1/2"]}"#,
         "$.player.failAds[0]", "has 1 ads; 2 is not one of them"),
        (#""breaks": [{"id": "mid1", "at": 300, "ads": [{"id": "m1", "duration": 5}]}], "player": {"failAds": ["nope"]}"#,
         "$.player.failAds[0]", "no ad named \"nope\""),
        (#""breaks": [{"id": "mid1", "at": 300, "insertion": "inStream", "ads": [{"id": "m1", "duration": 5}]}], "player": {"failAds": ["m1"]}"#,
         "$.player.failAds[0]", "stitched into the main stream"),
        (#""player": {"seekLatency": -1}"#, "$.player.seekLatency", "at least 0"),
        (#""player": {"stalls": [{"at": {"stream": 5, "content": 5}, "for": 1}]}"#, "$.player.stalls[0].at", "exactly one"),
        (#""player": {"jitter": 1}"#, "$.player.jitter", "unknown key"),
    ])
    func badPlayerSections_sayWhatAndWhere(body: String, path: String, message: String) {
        let json = #"{"stream": {"type": "vod", "contentDuration": 600, "insertion": "inserted"}, "#
            + body + #", "actions": [{"do": "start"}]}"#
        #expect {
            _ = try Scenario.decode(json: Array(json.utf8))
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.path == path && error.message.contains(message)
        }
    }

    @Test func clientSideBreaks_withSnapbackAndAResume() async throws {
        let json = """
            {"stream": {"type": "vod", "contentDuration": 1200, "insertion": "inserted"},
             "breaks": [{"id": "pre", "at": 0, "ads": [{"id": "p1", "duration": 6}]},
                        {"id": "mid1", "at": 300, "ads": [{"id": "m1", "duration": 5}, {"id": "m2", "duration": 8}]},
                        {"id": "mid2", "at": 700, "ads": [{"id": "n1", "duration": 15}]},
                        {"id": "post", "at": "end", "ads": [{"id": "z1", "duration": 10}]}],
             "policy": {"preset": "snapback"},
             "actions": [{"do": "start"}, {"do": "play", "for": 20}, {"do": "seek", "to": {"content": 900}}, {"do": "play", "for": 60},
                         {"do": "stop"}, {"do": "start", "from": "bookmark"}, {"do": "playToEnd"}]}
            """
        try await Self.compare(try Scenario.decode(json: Array(json.utf8)))
    }

    /// A live stream with a break in each dialect.
    @Test func aLiveStream() async throws {
        var origin = LiveOriginScript(segmentMilliseconds: 2_000, window: 20)
        origin.breaks = [.init(at: 20, length: 5, dialect: .cueOut), .init(at: 40, length: 4, dialect: .dateRange)]
        let json = """
            {"stream": {"type": "live", "recording": "main"},
             "actions": [{"do": "start"}, {"do": "play", "for": 120}, {"do": "stop"}]}
            """
        let scenario = try Scenario.decode(json: Array(json.utf8), recording: recording(origin, seconds: 160))
        try await Self.compare(scenario)
    }

    /// A blackout over a live stream, with the alternate.
    @Test func aBlackout() async throws {
        var main = LiveOriginScript(segmentMilliseconds: 1_000, window: 40)
        main.addBlackout(signal: 0, from: 50, to: 70, sameID: true)
        let json = """
            {"stream": {"type": "live", "recording": "main"},
             "blackout": {"alternate": {"recording": "alternate"}, "device": {"delivery": "web", "region": "in", "group": null}},
             "actions": [{"do": "start"}, {"do": "play", "for": 60}, {"do": "stop"}]}
            """
        let scenario = try Scenario.decode(json: Array(json.utf8), recording: recording(main, seconds: 90),
                                           alternate: recording(LiveOriginScript(segmentMilliseconds: 1_000, window: 10), seconds: 90))
        try await Self.compare(scenario)
    }

    /// An SSAI session's VOD stream with two avails.
    @Test func anSSAISession() async throws {
        let startup = SSAIStartup(status: .initialised, reason: "the session started", code: 0,
                                  playbackURL: URL(string: "https://mt.example/index.m3u8"), trackingURL: URL(string: "https://mt.example/t"))
        func avail(_ id: String, at start: Int64, ads: [Int64]) -> TrackedAvail {
            var offset = start
            let tracked = ads.enumerated().map { index, seconds in
                defer { offset += seconds }
                return TrackedAd(id: "\(id)-\(index + 1)", start: StreamTime(seconds: offset), duration: MediaDuration(seconds: seconds))
            }
            return TrackedAvail(id: id, start: StreamTime(seconds: start), duration: MediaDuration(seconds: ads.reduce(0, +)), ads: tracked)
        }
        let session = SSAIScenarioSession(startup: startup, look: SSAIStream.FirstLook(
            isEnded: true, streamDuration: MediaDuration(seconds: 300),
            avails: [avail("a", at: 0, ads: [10, 5]), avail("b", at: 120, ads: [15])], warnings: []))
        let json = #"{"ssai": {"endpoint": "https://mt.example/v1/session/a/b"}, "actions": [{"do": "start"}, {"do": "play", "for": 60}, {"do": "seek", "to": {"content": 200}}, {"do": "playToEnd"}]}"#
        try await Self.compare(try Scenario.decode(json: Array(json.utf8), ssai: session))
    }

    /// The origin's playlist once a second, as `live record` keeps it.
    private func recording(_ script: LiveOriginScript, seconds: Int) -> LiveRecording {
        LiveRecording(entries: (0...seconds).compactMap { second in
            guard case .playlist(let text) = script.answer(at: ClockTime(seconds: Int64(second))) else { return nil }
            return LiveRecording.Entry(at: ClockTime(seconds: Int64(second)), file: String(format: "%05d.m3u8", second), body: Array(text.utf8))
        })
    }
}

extension RealisticPlayerScenarioTests {

    /// In a VMAP scenario the names are checked once the VMAP is read:
    /// its breaks by id and position, its inline ads by id.
    @Test(arguments: [("pre/1", nil), ("p1", nil), ("pre/0", "positions count from 1"), ("mid/1", "no ad named"), ("zz", "no ad named")])
    func failAdsInAVMAPScenario_areCheckedAgainstTheVMAP(name: String, error: String?) throws {
        let vmap = try VMAPParser().parse(Array(oneAdVMAP.utf8))
        let json = #"{"stream": {"type": "vod", "contentDuration": 60}, "vmap": "episode.xml", "player": {"failAds": [""#
            + name + #""]}, "actions": [{"do": "start"}]}"#
        if let error {
            #expect {
                _ = try Scenario.decode(json: Array(json.utf8), vmap: vmap)
            } throws: { thrown in
                (thrown as? ScenarioError).map { $0.path == "$.player.failAds[0]" && $0.message.contains(error) } ?? false
            }
        } else {
            let scenario = try Scenario.decode(json: Array(json.utf8), vmap: vmap)
            #expect(scenario.player?.failAds == [name])
        }
    }
}
