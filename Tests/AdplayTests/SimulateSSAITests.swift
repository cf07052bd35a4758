import AdPlaybackTestSupport
import Foundation
import MediaTime
import Testing

/// `adplay simulate` with an "ssai" section: the session starts first, a
/// VOD session's avails are the breaks, the manifest gives the length.
@Suite struct SimulateSSAITests {
    /// 60 one-second segments with a pre-roll (4 s), a mid-roll at stream 24 (6 s) and a post-roll (4 s).
    private static func vod() -> SSAIScript {
        var script = SSAIScript(segmentMilliseconds: 1_000, window: 60)
        script.isVOD = true
        script.avails = [
            .init(id: "pre", at: 0, segments: 4, ads: 2), .init(id: "mid", at: 24, segments: 6, ads: 3), .init(id: "post", at: 56, segments: 4),
        ]
        return script
    }

    private func simulate(_ script: SSAIScript, _ scenario: (String, String) -> String) async throws -> AdplayRunner.Output {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ssai-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        var output: AdplayRunner.Output?
        try await LoopbackSSAIEndpoint.with(script, reading: { .zero }) { endpoint in
            try Data(scenario(await endpoint.sessionURL.absoluteString, await endpoint.originURL.absoluteString).utf8).write(to: file)
            output = try await AdplayRunner.runInBackground(["simulate", file.path, "--format", "jsonl"])
        }
        return try #require(output)
    }

    @Test func aVODSession_playsItsAvailsAsBreaks_afterTheSessionLine() async throws {
        let output = try await simulate(Self.vod()) { endpoint, _ in
            """
            {"ssai": {"endpoint": "\(endpoint)"}, "stream": {"type": "vod", "contentDuration": 46},
             "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """
        }
        #expect(output.status == 0, "\(output.stderr)")
        let first = try #require(output.events.first)
        #expect(first["event"] as? String == "ssaiSession")
        #expect(first["status"] as? String == "initialised")
        let starts = output.events.filter { $0["event"] as? String == "adBreakStart" }
        #expect(starts.map { $0["break"] as? String } == ["pre", "mid", "post"])
        #expect(starts.map { ($0["stream"] as? NSNumber)?.intValue } == [0, 24, 56], "stream time is the manifest's")
        #expect(starts.map { ($0["content"] as? NSNumber)?.intValue } == [0, 20, 46], "content time leaves the ads out")
        #expect(output.events.filter { $0["event"] as? String == "adStart" }.count == 6)
        #expect(output.events.last?["event"] as? String == "sessionEnd")
    }

    @Test func aStreamThatDisagreesWithTheManifest_isAnError() async throws {
        let output = try await simulate(Self.vod()) { endpoint, _ in
            """
            {"ssai": {"endpoint": "\(endpoint)"}, "stream": {"type": "vod", "contentDuration": 60}, "actions": [{"do": "start"}]}
            """
        }
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.stream"), "\(output.stderr)")
        #expect(output.stderr.contains("46 s of content (60 s with its ads)"), "\(output.stderr)")
    }

    @Test func aFailedSession_playsTheOriginWithoutBreaks_andSaysSoFirst() async throws {
        var script = Self.vod()
        script.faults = [.initStatus(503)]
        let output = try await simulate(script) { endpoint, origin in
            """
            {"ssai": {"endpoint": "\(endpoint)", "origin": "\(origin)"}, "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """
        }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.events.first?["status"] as? String == "failed")
        #expect((output.events.first?["code"] as? NSNumber)?.intValue == 503)
        #expect(!output.events.contains { $0["event"] as? String == "adBreakStart" })
        #expect((output.events.last?["content"] as? NSNumber)?.intValue == 60)
    }

    @Test func aLiveSession_isSentToSSAIStart() async throws {
        var script = Self.vod()
        script.isVOD = false
        let output = try await simulate(script) { endpoint, _ in
            "{\"ssai\": {\"endpoint\": \"\(endpoint)\"}, \"actions\": [{\"do\": \"start\"}]}"
        }
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.ssai"))
        #expect(output.stderr.contains("adplay ssai start"))
    }
}
