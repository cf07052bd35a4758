import AdPlayback
import AdPlaybackRuntime
import AdPlaybackTestSupport
import AdPlayerMPV
import AdPolicy
import AdResolvers
import AdTimeline
import Foundation
import MediaTime
import Testing

/// The session driving a real mpv (headless, over its IPC socket) on media
/// served from loopback, asserting on what mpv itself reported.
@Suite(.serialized) struct MPVPlayerTests {
    @Test(arguments: [("mpv 0.35.1", 3), ("mpv 0.37.0", 3), ("mpv 0.38.0", 4), ("mpv 0.40.0-dirty", 4), ("mpv v0.39", 3), ("", 3)])
    func loadfileOptions_takeTheArgumentTheVersionExpects(version: String, argument: Int) {
        #expect(MPVPlayer.optionsArgument(forVersion: version) == argument)
    }

    @Test func mpvMissing_isAnErrorThatSaysWhatToInstall() {
        #expect(throws: MPVError.self) { try MPVPlayer(mainURL: "http://127.0.0.1/x.m3u8", configuration: .init(executable: "/nonexistent/mpv")) }
        #expect(MPVError.notFound("not on PATH").description.contains("apt-get install -y --no-install-recommends mpv"))
    }

    /// A 5 s pre-roll as an ad item, then 12 s of content: mpv plays the
    /// ad item for its length, then content from 0; the session's events
    /// follow what mpv did; nothing of mpv is left afterwards.
    @MainActor @Test func aPrerollItem_thenContentFrom0() async throws {
        guard RealPlayerTools.available else {
            #expect(!RealPlayerTools.isRequired, "mpv and ffmpeg are required here: \(RealPlayerTools.install)")
            return
        }
        let server = LoopbackAdServer()
        try await server.start()
        for (name, bytes) in try TestMedia.hls("content", seconds: 12, frequency: 440).merging(try TestMedia.hls("ad", seconds: 5, frequency: 880)) { $1 } {
            await server.serve("/\(name)", .file(bytes, contentType: name.hasSuffix(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t"))
        }
        let contentURL = await server.url("/content.m3u8")
        let adURL = await server.url("/ad.m3u8")
        let before = Self.mpvProcesses()

        let timeline = try AdTimeline(contentDuration: MediaDuration(seconds: 12), breaks: [
            AdBreak(id: "pre", position: .preroll, ads: [
                Ad(id: "p1", duration: MediaDuration(seconds: 5), primaryAsset: AdAsset(role: .primary, uri: adURL)),
            ], insertion: .inserted),
        ])
        let mpv = try MPVPlayer(mainURL: contentURL)
        let driver = PlaybackDriver(
            session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: .strict)), player: mpv, clock: ContinuousClock())
        let runtime = PlaybackRuntime(driver: driver, registry: ResolverRegistry([], clock: ContinuousClock()))
        mpv.reporter = runtime.reporter
        let stream = driver.events
        let collector = Task { @MainActor in
            var events: [SessionEvent] = []
            for await event in stream { events.append(event) }
            return events
        }
        let loop = Task { @MainActor in await runtime.run() }
        try runtime.send(.start(.beginning))
        let deadline = ContinuousClock.now + .seconds(45)
        while runtime.session.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            try runtime.tick()
        }
        loop.cancel()
        driver.finish()
        let events = await collector.value
        let observed = mpv.observations
        mpv.stop()
        await server.stop()

        let names = events.filter { !["ready", "stall", "stallEnd", "resync"].contains($0.name) }.map(\.name)
        #expect(names == ["sessionStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd"], "\(events)")
        // mpv itself: the ad item from its first frame to its end, then content from 0.
        let ad = observed.filter { $0.item == adURL }
        let content = observed.filter { $0.item == contentURL }
        let adFirst = try #require(ad.first)
        let adLast = try #require(ad.last)
        #expect(abs((adLast.position - adFirst.position).seconds - 5) <= 0.25, "the ad item played \(adLast.position - adFirst.position)")
        let contentFirst = try #require(content.first { $0.at > adLast.at })
        #expect(contentFirst.position.seconds < 0.3, "content starts at \(contentFirst.position)")
        #expect((content.last?.position.seconds ?? 0) > 11.5, "content played to its end")
        // Process hygiene: no mpv of ours and no socket left.
        try await Task.sleep(for: .milliseconds(200))
        #expect(Self.mpvProcesses().subtracting(before).isEmpty)
        let sockets = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter { $0.hasPrefix("mpv-") }
        #expect(sockets.isEmpty, "\(sockets)")
    }

    /// The process ids of running mpv processes.
    static func mpvProcesses() -> Set<String> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(entries.filter { pid in
            pid.allSatisfy(\.isNumber) && ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("mpv") ?? false)
        })
    }
}
