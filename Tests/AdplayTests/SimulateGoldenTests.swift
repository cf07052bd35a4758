import Foundation
import Testing

/// Every scenario file in the repository, simulated with the ideal player
/// (no `"player"` key), prints exactly what it printed before the player
/// contract: acknowledged presentations, failures and stalls change
/// nothing for a player that is ready at once and never fails. The golden
/// outputs were written by the release before that change.
@Suite struct SimulateGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let golden = root.appendingPathComponent("Tests/AdplayTests/Fixtures/SimulateGolden")

    /// The scenarios, by path from the repository's root.
    static let scenarios: [String] = {
        var paths: [String] = []
        for directory in ["Tests/AdplayTests/Fixtures/Scenarios", "Fuzz/Corpus/Scenario"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)) ?? []
            paths += names.filter { $0.hasSuffix(".json") }.sorted().map { "\(directory)/\($0)" }
        }
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? []
        paths += examples.sorted().map { "Examples/\($0)/scenario.json" }
            .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        return paths
    }()

    @Test func everyScenarioFile_isFound() {
        #expect(Self.scenarios.count >= 9, "\(Self.scenarios)")
        #expect(Self.scenarios.contains("Examples/blackout/scenario.json"))
    }

    @Test(arguments: scenarios)
    func simulate_printsWhatItPrintedBefore(_ path: String) async throws {
        let name = path.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".json", with: "")
        let scenario = Self.root.appendingPathComponent(path).path
        for (format, suffix) in [("text", "txt"), ("jsonl", "jsonl")] {
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", format])
            #expect(output.status == 0, "\(output.stderr)")
            let expected = try String(contentsOf: Self.golden.appendingPathComponent("\(name).\(suffix)"), encoding: .utf8)
            #expect(output.stdout == expected, "\(path) --format \(format) changed")
        }
    }

    @Test func theDemo_printsWhatItPrintedBefore() async throws {
        let output = try await AdplayRunner.runInBackground(["demo"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == (try String(contentsOf: Self.golden.appendingPathComponent("demo.txt"), encoding: .utf8)))
    }
}
