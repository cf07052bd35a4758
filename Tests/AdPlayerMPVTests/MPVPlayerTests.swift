import AdPlayback
import AdPlaybackRuntime
import AdPlaybackTestSupport
import AdPlayerMPV
import AdPolicy
import AdResolvers
import AdTimeline
import AdTracking
import Foundation
import MediaTime
import Testing

extension RealPlayerTests {
    /// The session driving a real mpv (headless, over its IPC socket) on media
    /// served from loopback, asserting on what mpv itself reported.
    @Suite struct MPVPlayerTests {
        @Test(arguments: [("mpv 0.35.1", 3), ("mpv 0.37.0", 3), ("mpv 0.38.0", 4), ("mpv 0.40.0-dirty", 4), ("mpv v0.39", 3), ("", 3)])
        func loadfileOptions_takeTheArgumentTheVersionExpects(version: String, argument: Int) {
            #expect(MPVPlayer.optionsArgument(forVersion: version) == argument)
        }

        @Test func mpvMissing_isAnErrorThatSaysWhatToInstall() {
            #expect(throws: MPVError.self) { try MPVPlayer(mainURL: "http://127.0.0.1/x.m3u8", configuration: .init(executable: "/nonexistent/mpv")) }
            #expect(MPVError.notFound("not on PATH").description.contains("apt-get install -y --no-install-recommends mpv"))
        }

        /// What a session on mpv showed: its events and the positions mpv reported.
        struct Played {
            var events: [SessionEvent]
            var observed: [MPVPlayer.Observation]
            var beacons: [Beacon]
            var readyDelays: [Duration]
            var names: [String] { events.filter { !["ready", "stall", "stallEnd", "resync"].contains($0.name) }.map(\.name) }
        }

        /// Media on a loopback server: 12 s of content and a 5 s ad, and the rest of ``TestMedia/standard()``.
        @MainActor
        static func withMedia(_ body: @MainActor (LoopbackAdServer) async throws -> Void) async throws {
            let server = try await TestMedia.server()
            do {
                try await body(server)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// Plays `timeline` from its start on a real mpv, the runtime owned on
        /// the main actor and ticked every 50 ms, until the session ends.
        @MainActor
        static func play(_ timeline: AdTimeline, main: String, actions: [(after: Duration, input: SessionInput)] = []) async throws -> Played {
            let mpv = try MPVPlayer(mainURL: main)
            let driver = PlaybackDriver(
                session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: .strict)), player: mpv, clock: ContinuousClock())
            let runtime = PlaybackRuntime(driver: driver, registry: ResolverRegistry([], clock: ContinuousClock()))
            mpv.reporter = runtime.reporter
            let sink = Beacons()
            driver.observers.append(BeaconTracker(planner: BeaconPlanner(session: "mpv"), sink: sink))
            var actions = actions
            let stream = driver.events
            let collector = Task { @MainActor in
                var events: [SessionEvent] = []
                for await event in stream { events.append(event) }
                return events
            }
            let loop = Task { @MainActor in await runtime.run() }
            let started = ContinuousClock.now
            try runtime.send(.start(.beginning))
            let deadline = started + .seconds(45)
            while runtime.session.isRunning, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                try runtime.tick()
                if let next = actions.first, ContinuousClock.now - started >= next.after {
                    actions.removeFirst()
                    try runtime.send(next.input)
                }
            }
            loop.cancel()
            driver.finish()
            let events = await collector.value
            let observed = mpv.observations
            let delays = mpv.readyDelays
            mpv.stop()
            return Played(events: events, observed: observed, beacons: sink.beacons, readyDelays: delays)
        }

        /// Beacons as they fire.
        final class Beacons: BeaconSink {
            var beacons: [Beacon] = []
            func take(_ beacon: Beacon) { beacons.append(beacon) }
        }

        /// An ad whose quartiles are tracked.
        static func trackedAd(_ id: String, seconds: Int, uri: String) -> Ad {
            Ad(id: id, duration: MediaDuration(seconds: seconds), primaryAsset: AdAsset(role: .primary, uri: uri),
               tracking: ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "error"].map {
                   TrackingEvent(event: $0, uri: "https://t.example/\(id)/\($0)" + ($0 == "error" ? "?code=[ERRORCODE]" : ""))
               })
        }

        static func preroll(_ uri: String, duration: Int = 5) throws -> AdTimeline {
            try AdTimeline(contentDuration: MediaDuration(seconds: 12), breaks: [
                AdBreak(id: "pre", position: .preroll, ads: [
                    Ad(id: "p1", duration: MediaDuration(seconds: duration), primaryAsset: AdAsset(role: .primary, uri: uri)),
                ], insertion: .inserted),
            ])
        }

        /// A 5 s pre-roll as an ad item, then 12 s of content: mpv plays the
        /// ad item for its length, then content from 0; the session's events
        /// follow what mpv did; nothing of mpv is left afterwards.
        @MainActor @Test func aPrerollItem_thenContentFrom0() async throws {
            guard RealPlayerTools.canRun() else { return }
            let before = Self.mpvProcesses()
            try await Self.withMedia { server in
                let contentURL = await server.url("/content.m3u8")
                let adURL = await server.url("/ad.m3u8")
                let played = try await Self.play(try Self.preroll(adURL), main: contentURL)
                #expect(played.names == ["sessionStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd"],
                        "\(played.events)")
                // mpv itself: the ad item from its first frame to its end, then content from 0.
                let ad = played.observed.filter { $0.item == adURL }
                let content = played.observed.filter { $0.item == contentURL }
                // Its first frame is where mpv landed when it was ready.
                let adFirst = try #require(played.events.lazy.compactMap { event -> MediaDuration? in
                    guard case .ready(let presentation, let landed) = event.kind, case .ad = presentation.item else { return nil }
                    return landed
                }.first)
                let adLast = try #require(ad.last)
                #expect(abs((adLast.position - adFirst).seconds - 5) <= 0.25, "the ad item played from \(adFirst) to \(adLast.position)")
                let contentFirst = try #require(content.first { $0.at > adLast.at })
                #expect(contentFirst.position.seconds < 0.3, "content starts at \(contentFirst.position)")
                #expect((content.last?.position.seconds ?? 0) > 11.5, "content played to its end")
                // Ready goes out within 100 ms of mpv's playback-restart (median).
                let delays = played.readyDelays.sorted()
                #expect(delays.count >= 2)
                if !delays.isEmpty {
                    let median = delays[delays.count / 2]
                    print("mpv: ready after playback-restart, median \(median) of \(delays.count): \(delays)")
                    #expect(median < .milliseconds(100))
                }
            }
            // Process hygiene: no mpv of ours and no socket left (stopping waits for mpv to exit).
            #expect(Self.mpvProcesses().subtracting(before).isEmpty)
            let sockets = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter { $0.hasPrefix("mpv-") }
            #expect(sockets.isEmpty, "\(sockets)")
        }

        /// An ad whose playlist answers 404: `adError` 401, the break ends, and
        /// content plays from 0 to its end.
        @MainActor @Test func anAdWhosePlaylistAnswers404_failsWith401_andContentPlays() async throws {
            guard RealPlayerTools.canRun() else { return }
            try await Self.withMedia { server in
                let contentURL = await server.url("/content.m3u8")
                let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 12), breaks: [
                    AdBreak(id: "pre", position: .preroll, ads: [Self.trackedAd("p1", seconds: 5, uri: await server.url("/missing.m3u8"))],
                            insertion: .inserted),
                ])
                let played = try await Self.play(timeline, main: contentURL)
                #expect(played.names == ["sessionStart", "adBreakStart", "adError", "adBreakEnd", "contentStart", "sessionEnd"], "\(played.events)")
                let error = try #require(played.events.first { $0.name == "adError" })
                if case .adError(_, _, let failure) = error.kind { #expect(failure.vastCode == 401) }
                // Ad tracking sends only the ad's Error URL, with the code.
                #expect(played.beacons.map { $0.id.tracking } == ["error"])
                #expect(played.beacons.first?.macros["ERRORCODE"] == "401")
                #expect((played.observed.filter { $0.item == contentURL }.last?.position.seconds ?? 0) > 11.5)
            }
        }

        /// Both layers of defence: an ad URL that is not http(s) never reaches
        /// mpv (the shared URL rule), and an ad playlist that lists a local
        /// file is refused by libavformat's protocol list: either way the ad
        /// fails and content plays.
        @MainActor @Test(arguments: ["edl://%30%file:///etc/passwd", "playlist"])
        func untrustedAds_neverReachTheFilesystem(ad: String) async throws {
            guard RealPlayerTools.canRun() else { return }
            try await Self.withMedia { server in
                await server.serve("/evil.m3u8", .document(
                    "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nfile:///etc/passwd\n#EXTINF:1.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n",
                    contentType: "application/vnd.apple.mpegurl"))
                let uri = ad == "playlist" ? await server.url("/evil.m3u8") : ad
                let played = try await Self.play(try Self.preroll(uri), main: await server.url("/content.m3u8"))
                #expect(played.names.contains("adError"), "\(played.events)")
                #expect(!played.names.contains("adStart"))
                #expect(played.names.suffix(2) == ["contentStart", "sessionEnd"])
                #expect(!played.observed.contains { $0.item == uri && $0.position > .zero }, "nothing of the ad played")
            }
        }

        /// Snapback: a seek from 1.5 s to 9 s over the unwatched mid-roll at 4
        /// plays the mid-roll item from its start, then content at 9, exactly.
        @MainActor @Test func snapback_playsTheMidrollFromItsStart_thenContentAtTheTarget() async throws {
            guard RealPlayerTools.canRun() else { return }
            try await Self.withMedia { server in
                let contentURL = await server.url("/content.m3u8")
                let adURL = await server.url("/ad.m3u8")
                let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 12), breaks: [
                    AdBreak(id: "mid", position: .midroll(ContentTime(seconds: 4)), ads: [Self.trackedAd("m1", seconds: 5, uri: adURL)],
                            insertion: .inserted),
                ])
                let played = try await Self.play(timeline, main: contentURL, actions: [(.milliseconds(1_500), .jump(.seek, to: .content(ContentTime(seconds: 9))))])
                #expect(played.names == ["sessionStart", "contentStart", "seek", "adBreakStart", "adStart", "adEnd", "adBreakEnd",
                                         "contentStart", "sessionEnd"], "\(played.events)")
                let ad = played.observed.filter { $0.item == adURL }
                let adFirst = try #require(ad.first)
                let adLast = try #require(ad.last)
                #expect(adFirst.position.seconds < 0.3, "the mid-roll starts at \(adFirst.position)")
                #expect(abs((adLast.position - adFirst.position).seconds - 5) <= 0.25)
                let resumed = try #require(played.observed.first { $0.item == contentURL && $0.at > adLast.at })
                #expect(abs(resumed.position.seconds - 9) <= 0.25, "content resumes at \(resumed.position), the target")
                #expect(played.beacons.map { $0.id.tracking } == ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"])
            }
        }

        /// A stall: the origin holds the seventh segment of a 12 s ad for 10 s
        /// (mpv fetches segments one after another, so playback reaches it
        /// first). A stall is reported and ends, no quartile fires during it,
        /// and the ad plays to its end afterwards.
        @MainActor @Test func aStallInAnAd_isReported_andNoQuartileFiresDuringIt() async throws {
            guard RealPlayerTools.canRun() else { return }
            try await Self.withMedia { server in
                let media = try TestMedia.hls("long", seconds: 12, frequency: 660)
                for (name, bytes) in media {
                    await server.serve("/\(name)", .file(bytes, contentType: name.hasSuffix(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t"),
                                       latency: name == "long006.ts" ? .seconds(10) : .zero)
                }
                let adURL = await server.url("/long.m3u8")
                let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 12), breaks: [
                    AdBreak(id: "pre", position: .preroll, ads: [Self.trackedAd("p1", seconds: 12, uri: adURL)], insertion: .inserted),
                ])
                let played = try await Self.play(timeline, main: await server.url("/content.m3u8"))
                let stall = try #require(played.events.first { $0.name == "stall" }, "\(played.events)")
                let end = try #require(played.events.first { $0.name == "stallEnd" && $0.clock > stall.clock })
                #expect(!played.beacons.contains { $0.clock > stall.clock && $0.clock < end.clock }, "\(played.beacons.map(\.clock))")
                #expect(played.names.filter { !$0.hasPrefix("timed") } == ["sessionStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd",
                                                                            "contentStart", "sessionEnd"])
                #expect(played.beacons.map { $0.id.tracking }.last == "complete")
            }
        }

        /// An interruption during content pauses mpv: its position stands
        /// still for the call, and playback goes on from there (resume).
        @MainActor @Test func anInterruption_holdsMpv_andPlaybackGoesOn() async throws {
            guard RealPlayerTools.canRun() else { return }
            try await Self.withMedia { server in
                let contentURL = await server.url("/content.m3u8")
                let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 12), breaks: [])
                let played = try await Self.play(timeline, main: contentURL, actions: [
                    (.seconds(3), .interrupt), (.seconds(5), .interruptEnd),
                ])
                #expect(played.names == ["sessionStart", "contentStart", "interrupt", "interruptEnd", "sessionEnd"], "\(played.events)")
                let during = played.observed.filter { $0.at > .seconds(3.5) && $0.at < .seconds(4.8) }
                #expect(during.isEmpty, "mpv's position stood still during the call: \(during.map(\.position))")
                #expect((played.observed.last?.position.seconds ?? 0) > 11.5, "content played to its end after the call")
            }
        }

        /// The process ids of running mpv processes. An mpv that has ended but
        /// whose parent went first (a zombie, until the system reaps it) is not
        /// running.
        static func mpvProcesses() -> Set<String> {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return Set(entries.filter { pid in
                guard pid.allSatisfy(\.isNumber), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
                // "pid (comm) state ...": the state follows the last parenthesis.
                guard let close = stat.lastIndex(of: ")") else { return false }
                let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
                return stat.contains("(mpv)") && state != "Z"
            })
        }
    }
}
