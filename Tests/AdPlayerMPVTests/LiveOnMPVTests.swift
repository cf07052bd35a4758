import AdLive
import AdPlayback
import AdPlaybackTestSupport
import AdPlayerMPV
import AdResolvers
import AdScenario
import AdTransport
import Foundation
import MediaTime
import Testing
import AdURLSession

extension RealPlayerTests {
    /// A live stream on a real mpv: a loopback origin publishes a sliding
    /// window of 1 s segments in real time (6 at the start, one more each
    /// second), mpv follows it, and the session follows its playlist in the
    /// background. mpv's positions, placed on the playlist's stream time by
    /// the adapter, must agree with the session's: breaks are entered and
    /// left at their segments, a blackout switches mpv to the alternate and
    /// back to the live stream. Each is also played by the simulation over
    /// the same origin's playlists, and both must give the same events.
    @Suite struct LiveOnMPVTests {
        typealias Row = SimulationVersusMPVTests.Row

        /// What `onEvent` saw: the event, mpv's report then, the event's date.
        struct Line {
            var event: SessionEvent
            var player: PlayerPosition?
            var date: String?
        }

        /// A CUE-OUT/CUE-IN break at segment 8 and a DATERANGE break at 14,
        /// 3 segments each; the viewer joins at the live edge (stream 3 s,
        /// the edge at 6 less the hold-back), is interrupted for 2 s inside
        /// the first break, which resumes where it stopped (the default
        /// policy), and watches both.
        static func breaks() -> LiveOriginScript {
            var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 6)
            script.breaks = [.init(at: 8, length: 3, dialect: .cueOut), .init(at: 14, length: 3, dialect: .dateRange)]
            return script
        }

        static let breaksJSON = """
            {"stream": {"type": "live", STREAM},
             "actions": [{"do": "start"}, {"do": "play", "for": 5.5}, {"do": "interrupt", "for": 2}, {"do": "play", "for": 12}, {"do": "stop"}]}
            """

        /// A Program Start at segment 9 and its Program End at 14, web
        /// delivery forbidden: this web device is blacked out, shows the
        /// alternate (12 s of VOD), and comes back to the live stream.
        static func blackout() -> LiveOriginScript {
            var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 6)
            script.addBlackout(signal: 0, from: 9, to: 14, sameID: true)
            return script
        }

        static let blackoutJSON = """
            {"stream": {"type": "live", STREAM},
             "blackout": {"alternate": ALTERNATE, "device": {"delivery": "web", "region": "in", "group": null}},
             "actions": [{"do": "start"}, {"do": "play", "for": 16}, {"do": "stop"}]}
            """

        @MainActor @Test func aLiveBreak_isEnteredAndLeftAtItsSegments_andAnInterruptResumesInIt() async throws {
            guard RealPlayerTools.canRun() else { return }
            let script = Self.breaks()
            let (run, lines, url) = try await Self.playOnMpv(Self.breaksJSON, script: script)
            print(Self.describe(lines))
            let tolerance = SimulationVersusMPVTests.tolerance
            #expect(Self.names(lines) == [
                "sessionStart", "contentStart", "adBreakStart", "adStart", "interrupt", "interruptEnd", "adEnd", "adBreakEnd", "contentStart",
                "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd",
            ], "\(Self.names(lines))")
            // Entered and left at the segments the playlist marks, and mpv
            // itself was there, in the live stream.
            let edges = lines.filter { ["adBreakStart", "adBreakEnd"].contains($0.event.name) }
            #expect(edges.map(\.date) == [8, 11, 14, 17].map { Optional(script.date($0)) }, "\(edges.map(\.date))")
            for line in edges {
                let player = try #require(line.player, "\(line.event.name) has mpv's report")
                #expect(player.item == url)
                #expect(abs(player.position.seconds - line.event.stream.seconds) <= tolerance,
                        "\(line.event.name) at stream \(line.event.stream.seconds) s; mpv at \(player.position.seconds) s")
            }
            // The interrupt held mpv inside the break, and it resumed where it stopped.
            let interrupt = try #require(lines.first { $0.event.name == "interrupt" })
            let resumed = try #require(lines.first { $0.event.name == "interruptEnd" })
            #expect(abs((resumed.player?.position.seconds ?? -9) - (interrupt.player?.position.seconds ?? 9)) <= 0.25,
                    "mpv held its position: \(interrupt.player as Any) → \(resumed.player as Any)")
            #expect(resumed.event.stream == interrupt.event.stream)
            #expect(run.mainStreamFailure == nil)
            try await Self.compareWithTheSimulation("live break, interrupted", Self.breaksJSON, script: script, real: run)
        }

        @MainActor @Test func aBlackout_showsTheAlternate_thenTheLiveStreamNearItsEdge() async throws {
            guard RealPlayerTools.canRun() else { return }
            let script = Self.blackout()
            let (run, lines, url) = try await Self.playOnMpv(Self.blackoutJSON, script: script)
            print(Self.describe(lines))
            #expect(Self.names(lines) == ["sessionStart", "contentStart", "blackoutStart", "blackoutEnd", "contentStart", "sessionEnd"],
                    "\(Self.names(lines))")
            let start = try #require(lines.first { $0.event.name == "blackoutStart" })
            let end = try #require(lines.first { $0.event.name == "blackoutEnd" })
            #expect(start.date == script.date(9))
            #expect(end.date == script.date(14))
            // mpv loaded the alternate at the start, from its beginning.
            let alternate = try #require(lines.first { $0.event.name == "ready" && $0.event.clock >= start.event.clock }?.player)
            #expect(alternate.item?.hasSuffix("/content.m3u8") == true, "\(alternate)")
            #expect(alternate.position.seconds < 0.5)
            // The end came from the main stream, followed in the background
            // while mpv showed the alternate.
            #expect(end.player?.item?.hasSuffix("/content.m3u8") == true, "\(end.player as Any)")
            // Then mpv loaded the live stream again, near its edge: where a
            // viewer joins it then (the edge less the 3 s hold-back).
            let back = try #require(lines.first { $0.event.name == "ready" && $0.event.clock >= end.event.clock }?.player)
            #expect(back.item == url)
            let joinPoint = Double(script.published(at: end.event.clock)) - 3
            #expect(abs(back.position.seconds - joinPoint) <= SimulationVersusMPVTests.tolerance,
                    "mpv at \(back.position.seconds) s; the live edge less the hold-back at \(joinPoint) s")
            #expect(run.mainStreamFailure == nil)
            try await Self.compareWithTheSimulation("blackout", Self.blackoutJSON, script: script, real: run)
        }

        /// The window slid between the playlist the adapter was given and the
        /// one mpv fetched: mpv joins two segments later than asked. The
        /// segment mpv names in its log, which the origin confirms it served
        /// first, places mpv's position, not the adapter's guess.
        @MainActor @Test func aWindowThatSlidBeforeMpvFetchedIt_isPlacedByTheSegmentMpvOpened() async throws {
            guard RealPlayerTools.canRun() else { return }
            let (origin, began) = try await Self.origin(LiveOriginScript(segmentMilliseconds: 1_000, window: 6))
            let url = await origin.url.absoluteString
            let base = String(url.dropLast("live.m3u8".count))
            let before = MPVPlayerTests.mpvProcesses()
            let mpv = try MPVPlayer(mainURL: url)
            // At 3.5 s the origin's window is s3…s8; the adapter knows s1…s6, segment i at i s.
            try await Task.sleep(until: began + .milliseconds(3_500))
            mpv.follow(LiveSegmentMap(segments: (1...6).map {
                LiveSegmentMap.Segment(url: "\(base)s\($0).ts", start: MediaDuration(seconds: Int64($0)), duration: MediaDuration(seconds: 1))
            }))
            // 4 s is s4, 3 from the end of what the adapter knows: mpv joins 3 from the end of s3…s8, s6.
            mpv.present(Presentation(id: PresentationID(1), item: .main, time: MediaDuration(seconds: 4), precision: .keyframe, replacesItem: true))
            mpv.setRate(1)
            let deadline = ContinuousClock.now + .seconds(10)
            while mpv.latest == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            let landed = mpv.latest
            mpv.stop()
            let served = await origin.filesRequested
            await origin.stop()
            let first = try #require(served.first, "mpv fetched a segment")
            let joined = try #require(Int(first.dropFirst("/s".count).dropLast(".ts".count)))
            // s6, or later should mpv have fetched the playlist after 4 s: never the s4 the adapter asked for.
            #expect(joined >= 6, "the origin served \(served) first")
            #expect(MPVPlayerTests.mpvProcesses().subtracting(before).isEmpty, "no mpv is left")
            let position = try #require(landed?.position.seconds)
            #expect(abs(position - Double(joined)) <= 0.25, "mpv landed at \(position) s; it joined s\(joined), which starts at \(joined) s")
        }

        /// `adplay simulate --player mpv` on a live URL, as a QA person runs
        /// it: lines as they happen, each with its date and mpv's report, the
        /// break's lines at its segments.
        @MainActor @Test func adplayFollowsALiveURL_onMpv() async throws {
            guard RealPlayerTools.canRun() else { return }
            var script = LiveOriginScript(segmentMilliseconds: 1_000, window: 6)
            script.breaks = [.init(at: 5, length: 2, dialect: .scte35)]
            let origin = try await Self.origin(script).origin
            let url = await origin.url.absoluteString
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("adplay-live-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("scenario.json")
            try Data(#"{"stream": {"type": "live", "url": "\#(url)"}, "actions": [{"do": "start"}, {"do": "play", "for": 6}, {"do": "stop"}]}"#.utf8)
                .write(to: file)
            let before = MPVPlayerTests.mpvProcesses()
            let lines = try await AdplayOnMPVTests.lines(of: ["simulate", file.path, "--player", "mpv", "--format", "jsonl"])
            await origin.stop()
            let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.text.utf8)) as? [String: Any] }
            #expect(events.count == lines.count && !events.isEmpty, "every line is JSON: \(lines.map(\.text))")
            let names = events.compactMap { $0["event"] as? String }.filter { !["ready", "timedMetadata", "bookmark"].contains($0) }
            #expect(names == ["sessionStart", "contentStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd"], "\(names)")
            for event in events where ["adBreakStart", "adBreakEnd"].contains(event["event"] as? String) {
                let player = try #require(event["player"] as? [String: Any])
                #expect(player["item"] as? String == url)
                let position = player["position"] as? Double ?? -9
                let stream = event["stream"] as? Double ?? 9
                #expect(abs(position - stream) <= SimulationVersusMPVTests.tolerance, "\(event)")
            }
            let dates = events.filter { ["adBreakStart", "adBreakEnd"].contains($0["event"] as? String) }.map { $0["date"] as? String }
            #expect(dates == [script.date(5), script.date(7)])
            #expect(lines.contains { $0.text.contains(#""event":"adBreakEnd""#) && $0.whileRunning }, "lines are flushed as they happen")
            #expect(MPVPlayerTests.mpvProcesses().subtracting(before).isEmpty, "no mpv is left")
        }

        /// A started origin publishing `script` on the wall clock from now
        /// (the time it started), with the live media.
        static func origin(_ script: LiveOriginScript) async throws -> (origin: LoopbackLiveOrigin, began: ContinuousClock.Instant) {
            let files = try TestMedia.live()
            let began = ContinuousClock.now
            let origin = LoopbackLiveOrigin(script: script, files: files) { ClockTime(ticks: MediaDuration(ContinuousClock.now - began).ticks) }
            try await origin.start()
            return (origin, began)
        }

        /// The events a viewer sees, by name (what only a real player causes,
        /// and the metadata and bookmarks beside them, left out).
        static func names(_ lines: [Line]) -> [String] {
            lines.map(\.event.name).filter { !["ready", "stall", "stallEnd", "resync", "timedMetadata", "bookmark"].contains($0) }
        }

        /// Plays `json` on the simulated player, configured like mpv, over the
        /// origin's playlists once a second (as `live record` keeps them),
        /// and checks it gives what mpv gave.
        @MainActor static func compareWithTheSimulation(
            _ name: String, _ json: String, script: LiveOriginScript, real: ScenarioRun, resolvers: [any AdResolver] = []
        ) async throws {
            let text = json.replacingOccurrences(of: "STREAM", with: #""recording": "main""#)
                .replacingOccurrences(of: "ALTERNATE", with: #"{"recording": "alternate"}"#)
                .replacingOccurrences(of: #""actions""#, with: SimulationVersusMPVTests.mpvLike + #", "actions""#)
            let scenario = try Scenario.decode(
                json: Array(text.utf8), recording: recording(script, seconds: 40),
                alternate: recording(LiveOriginScript(segmentMilliseconds: 1_000, window: 6), seconds: 40))
            let simulated = try await scenario.run(resolvers: resolvers, clock: ContinuousClock())
            let row = Row(
                name: name, simulated: SimulationVersusMPVTests.viewing(simulated.events), real: SimulationVersusMPVTests.viewing(real.events),
                realOnly: real.events.filter { ["stall", "stallEnd", "resync"].contains($0.name) }.map { "\($0.name)@\($0.stream.seconds)" },
                latencies: SimulationVersusMPVTests.readyLatencies(real.events))
            print(SimulationVersusMPVTests.table([row]))
            #expect(row.sameSequence, "\(name): \(row.differences)")
            #expect(row.largestDifference <= SimulationVersusMPVTests.tolerance, "\(name): \(row.differences)")
        }

        /// The origin's playlist once a second, as `live record` keeps it.
        static func recording(_ script: LiveOriginScript, seconds: Int) -> LiveRecording {
            LiveRecording(entries: (0...seconds).compactMap { second in
                guard case .playlist(let text) = script.answer(at: ClockTime(seconds: Int64(second))) else { return nil }
                return LiveRecording.Entry(at: ClockTime(seconds: Int64(second)), file: String(format: "%05d.m3u8", second), body: Array(text.utf8))
            })
        }

        /// Plays `json` (its `STREAM` the origin's live URL, its `ALTERNATE`
        /// the alternate's) on mpv, with `script` published in real time.
        @MainActor static func playOnMpv(
            _ json: String, script: LiveOriginScript, resolvers: [any AdResolver] = [InStreamMarkerResolver()]
        ) async throws -> (ScenarioRun, [Line], String) {
            let origin = try await Self.origin(script).origin
            let url = await origin.url.absoluteString
            let base = String(url.dropLast("/live.m3u8".count))
            let text = json.replacingOccurrences(of: "STREAM", with: #""url": "\#(url)""#)
                .replacingOccurrences(of: "ALTERNATE", with: #"{"url": "\#(base)/content.m3u8"}"#)
            let scenario = try Scenario.decode(json: Array(text.utf8))
            let before = MPVPlayerTests.mpvProcesses()
            let mpv = try MPVPlayer(mainURL: url)
            var lines: [Line] = []
            let run: ScenarioRun
            do {
                run = try await scenario.runInRealTime(
                    on: RealPlayer(
                        adapter: mpv, connect: { mpv.reporter = $0 },
                        position: { mpv.latest.map { PlayerPosition(item: $0.item, position: $0.position) } },
                        followsLive: { playlist, url in mpv.follow(LiveSegmentMap(playlist, url: url)) }),
                    resolvers: resolvers,
                    client: HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock())
                ) { event, player, date in lines.append(Line(event: event, player: player, date: date)) }
            } catch {
                mpv.stop()
                await origin.stop()
                throw error
            }
            mpv.stop()
            await origin.stop()
            #expect(MPVPlayerTests.mpvProcesses().subtracting(before).isEmpty, "no mpv is left")
            return (run, lines, url)
        }

        static func describe(_ lines: [Line]) -> String {
            lines.map { line in
                String(format: "%7.3f  stream %7.3f  %-14@ mpv %@ @ %@  %@", line.event.clock.seconds, line.event.stream.seconds,
                       line.event.name, line.player?.item?.split(separator: "/").last.map(String.init) ?? "-",
                       line.player.map { String(format: "%.3f", $0.position.seconds) } ?? "-", line.date ?? "")
            }.joined(separator: "\n")
        }
    }
}
