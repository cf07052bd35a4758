import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay simulate` with a scenario's `"player"`: a VMAP's ad named as
/// failing fails to load (401) once the VMAP is read, and a name the VMAP
/// does not have is an error at its JSON path.
@Suite struct SimulatePlayerTests {

    private func run(failing name: String) async throws -> AdplayRunner.Output {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(oneAdVMAP.utf8).write(to: directory.appendingPathComponent("episode.xml"))
        let scenario = directory.appendingPathComponent("scenario.json")
        try Data(#"""
            {"stream": {"type": "vod", "contentDuration": 60}, "vmap": "episode.xml",
             "player": {"loadLatency": 0.3, "failAds": ["\#(name)"]}, "actions": [{"do": "start"}, {"do": "playToEnd"}]}
            """#.utf8).write(to: scenario)
        return try await AdplayRunner.runInBackground(["simulate", scenario.path, "--format", "jsonl"])
    }

    @Test func aVMAPAdNamedAsFailing_failsToLoad_andContentPlays() async throws {
        let output = try await run(failing: "pre/1")
        #expect(output.status == 0, "\(output.stderr)")
        let error = try #require(output.events.first { $0["event"] as? String == "adError" })
        #expect(error["ad"] as? String == "p1")
        #expect(error["code"] as? Int == 401)
        #expect(output.events.map { $0["event"] as? String ?? "" }.filter { $0 != "ready" }
            == ["sessionStart", "adBreakStart", "adError", "adBreakEnd", "contentStart", "sessionEnd"])
    }

    @Test func aNameTheVMAPDoesNotHave_isAnErrorAtItsPath() async throws {
        let output = try await run(failing: "mid/1")
        #expect(output.status == 1)
        #expect(output.stderr.contains(#"$.player.failAds[0] (line 2, column"#), "\(output.stderr)")
        #expect(output.stderr.contains(#"no ad named "mid/1""#), "\(output.stderr)")
    }
}
