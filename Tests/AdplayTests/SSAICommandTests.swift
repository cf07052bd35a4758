import AdPlaybackTestSupport
import Foundation
import MediaTime
import Testing

/// `adplay ssai start` against the loopback SSAI endpoint: the session line
/// first, then the stream and its avails; every tier exits 0.
@Suite struct SSAICommandTests {
    /// A VOD session of 60 one-second segments with three avails, one
    /// tracking page per avail.
    private static func vod(cueTags: Bool = false) -> SSAIScript {
        var script = SSAIScript(segmentMilliseconds: 1_000, window: 60)
        script.isVOD = true
        script.cueTags = cueTags
        script.pageSize = 1
        script.avails = [
            .init(id: "pre", at: 0, segments: 4, ads: 2),
            .init(id: "mid", at: 24, segments: 6, ads: 3, trackedSegments: cueTags ? 5 : nil),
            .init(id: "post", at: 56, segments: 4, ads: 1),
        ]
        return script
    }

    private func run(_ script: SSAIScript, _ arguments: (LoopbackSSAIEndpoint) async -> [String]) async throws -> (AdplayRunner.Output, [String]) {
        var output: AdplayRunner.Output?
        var tokens: [String] = []
        try await LoopbackSSAIEndpoint.with(script, reading: { .zero }) { endpoint in
            output = try await AdplayRunner.runInBackground(["ssai", "start"] + (await arguments(endpoint)) + ["--jsonl"])
            tokens = await endpoint.nextTokens
        }
        return (try #require(output), tokens)
    }

    @Test func aVODSession_printsItsStatusFirst_andEveryAvailBeforeItExitsAtENDLIST() async throws {
        let (output, tokens) = try await run(Self.vod()) { [await $0.sessionURL.absoluteString] }
        #expect(output.status == 0, "\(output.stderr)")
        let events = output.events
        let session = try #require(events.first)
        #expect(session["event"] as? String == "session")
        #expect(session["status"] as? String == "initialised")
        #expect((session["code"] as? NSNumber)?.intValue == 0)
        #expect((session["playbackUrl"] as? String)?.hasSuffix("/v1/master/account/channel/session-1/index.m3u8") == true)
        #expect((session["trackingUrl"] as? String)?.hasSuffix("/v1/tracking/account/channel/session-1") == true)
        let avails = events.filter { $0["event"] as? String == "availStart" }
        #expect(avails.map { $0["id"] as? String } == ["pre", "mid", "post"])
        #expect(avails.map { ($0["stream"] as? NSNumber)?.intValue } == [0, 24, 56])
        #expect(avails.map { ($0["duration"] as? NSNumber)?.intValue } == [4, 6, 4])
        let ads = events.filter { $0["event"] as? String == "ad" }
        #expect(ads.count == 6)
        #expect(ads.first?["events"] as? [String] == ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"])
        #expect(tokens == ["page-2/=+ token==", "page-3/=+ token=="], "nextToken pages, percent-encoded on the wire")
        let endIndex = try #require(events.lastIndex { $0["event"] as? String == "end" })
        #expect(events.lastIndex { $0["event"] as? String == "availStart" }! < endIndex)
        #expect(!events.contains { $0["event"] as? String == "warning" })
    }

    @Test func markersThatDisagreeWithTheTrackingData_areWarnedAbout() async throws {
        let (output, _) = try await run(Self.vod(cueTags: true)) { [await $0.sessionURL.absoluteString] }
        #expect(output.status == 0, "\(output.stderr)")
        let warnings = output.events.filter { $0["event"] as? String == "warning" }.compactMap { $0["message"] as? String }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("avail mid at 24 s lasts 5 s, but the manifest's marker") == true, "\(warnings)")
        #expect(warnings.first?.contains("says 6 s; the tracking data wins") == true)
    }

    @Test func noAnalytics_playsTheFallback_andExits0() async throws {
        let (output, _) = try await run(Self.vod()) { endpoint in
            [await endpoint.sessionURL.absoluteString, "--no-analytics", "--fallback", await endpoint.originURL.absoluteString]
        }
        #expect(output.status == 0, "\(output.stderr)")
        let session = try #require(output.events.first)
        #expect(session["status"] as? String == "noAnalytics")
        #expect(session["trackingUrl"] is NSNull)
        #expect(!output.events.contains { $0["event"] as? String == "availStart" }, "no tracking without analytics")
        #expect(output.events.contains { $0["event"] as? String == "end" })
    }

    @Test func aFailedStartWithNothingToPlay_exits1_afterTheSessionLine() async throws {
        var script = Self.vod()
        script.faults = [.initStatus(500)]
        let (output, _) = try await run(script) { [await $0.sessionURL.absoluteString] }
        #expect(output.status == 1)
        #expect(output.events.first?["status"] as? String == "failed")
        #expect((output.events.first?["code"] as? NSNumber)?.intValue == 500)
        #expect(output.stderr.contains("nothing can play"))
    }

    @Test func aFailedStart_playsTheOrigin_andExits0() async throws {
        var script = Self.vod()
        script.faults = [.initStatus(500)]
        let (output, _) = try await run(script) { endpoint in [await endpoint.sessionURL.absoluteString, "--origin", await endpoint.originURL.absoluteString] }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.events.first?["status"] as? String == "failed")
        #expect((output.events.first?["playbackUrl"] as? String)?.hasSuffix("/origin/index.m3u8") == true)
        #expect(output.events.contains { $0["event"] as? String == "end" })
    }
}
