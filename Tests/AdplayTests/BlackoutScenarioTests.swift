import Foundation
import Testing

/// The blackout example under `Examples/blackout/`: a live main stream, a
/// blackout start tag, the alternate stream, the main stream kept as a
/// background item, the end tag, the switch back, and the blacked-out
/// range of the DVR window made non-seekable.
@Suite struct BlackoutScenarioTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/blackout/scenario.json").standardizedFileURL.path

    private func event(_ line: [String: Any]) -> String {
        [line["event"], line["id"], line["reason"], line["item"]].compactMap { $0 as? String }.joined(separator: " ")
    }

    @Test func theExample_switchesToTheAlternate_andBack_andKeepsTheBlackoutOutOfReach() async throws {
        let output = try await AdplayRunner.runInBackground(["simulate", Self.example, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events
        #expect(lines.map(event) == [
            "sessionStart", "contentStart",
            "blackoutStart event-4001", "timedMetadata background", "timedMetadata background",
            "blackoutEnd event-4001", "contentStart", "timedMetadata foreground",
            "seek", "seekAdjusted blackout", "contentStart",
            "bookmark", "sessionEnd",
        ])
        let start = try #require(lines.first { $0["event"] as? String == "blackoutStart" })
        #expect(start["stream"] as? Double == 20)
        #expect(start["date"] as? String == "2026-11-22T20:00:20.000Z")
        #expect(start["segmentationType"] as? String == "Program Start")
        #expect(start["alternate"] as? String == "alternate")
        let restrictions = try #require(start["restrictions"] as? [String: Any])
        #expect(restrictions["webDeliveryAllowed"] as? Bool == false)
        #expect(restrictions["archiveAllowed"] as? Bool == false)
        #expect(start["why"] as? [String] == ["web delivery is not allowed"])
        let end = try #require(lines.first { $0["event"] as? String == "blackoutEnd" })
        #expect(end["stream"] as? Double == 50)
        #expect(end["clock"] as? Double == 36)
        #expect(end["ended"] as? Bool == true)
        let adjusted = try #require(lines.first { $0["event"] as? String == "seekAdjusted" })
        #expect(adjusted["toStream"] as? Double == 50)
    }

    @Test func theExample_runsTheSameEveryTime_andDrawsTheBlackout() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("blackout-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("session.svg").path
        let first = try await AdplayRunner.runInBackground(["simulate", Self.example, "--svg", svg])
        let second = try await AdplayRunner.runInBackground(["simulate", Self.example])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix(second.stdout.prefix(200)))
        #expect(first.stdout.contains("blackout event-4001 starts"))
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.contains("class=\"blackout\""), "the blackout's range is drawn")
        #expect(picture.contains("class=\"alternate\""), "the time on the alternate is drawn")
    }
}
