import Foundation
import Testing

/// `adplay simulate --bookmarks FILE`: a viewer stops in one run and resumes
/// in the next, from the file, with the breaks already watched skipped.
@Suite struct SimulateBookmarkTests {
    static let stream = """
        "stream": {"type": "vod", "contentDuration": 600},
        "breaks": [{"id": "pre", "at": 0, "ads": [{"id": "a", "duration": 10}]},
                   {"id": "mid", "at": 300, "ads": [{"id": "b", "duration": 20}]}],
        "policy": {"watched": "onEnd"}
        """

    private func simulate(_ actions: String, bookmarks: String) async throws -> AdplayRunner.Output {
        try await AdplayRunner.simulate("{\(Self.stream), \"actions\": \(actions)}", extra: ["--bookmarks", bookmarks])
    }

    @Test func aStopInOneRun_isResumedInTheNext_withItsWatchedBreaks() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bookmark-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let first = try await simulate(#"[{"do": "start"}, {"do": "play", "for": 100}, {"do": "stop"}]"#, bookmarks: file)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: file))
        let second = try await simulate(#"[{"do": "start", "from": "bookmark"}, {"do": "play", "for": 5}]"#, bookmarks: file)
        #expect(second.status == 0, "\(second.stderr)")
        let start = try #require(second.events.first { $0["event"] as? String == "sessionStart" })
        #expect((start["content"] as? NSNumber)?.intValue == 90, "the first run stopped 90 s into the content, after the 10 s pre-roll")
        #expect(!second.events.contains { $0["event"] as? String == "adBreakStart" && $0["break"] as? String == "pre" })
    }

    @Test func withoutAFile_startFromBookmarkFailsAtItsStep() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString).json").path
        let output = try await simulate(#"[{"do": "start", "from": "bookmark"}]"#, bookmarks: file)
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.actions[0]"), "\(output.stderr)")
    }

    @Test func aFileInAMissingDirectory_isAnError() async throws {
        let output = try await simulate(#"[{"do": "start"}]"#, bookmarks: "/nonexistent-\(UUID().uuidString)/b.json")
        #expect(output.status == 1)
        #expect(output.stderr.contains("does not exist"))
    }
}
