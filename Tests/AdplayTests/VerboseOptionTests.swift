import Foundation
import Testing

/// `-v` logs info and above to standard error, `-vv` debug too; without
/// it nothing is logged, and standard output is the same either way.
@Suite struct VerboseOptionTests {
    static let scenario = #"{"stream": {"type": "vod", "contentDuration": 60}, "breaks": [{"id": "mid", "at": 30, "ads": [{"id": "a1", "duration": 10}]}], "actions": [{"do": "start"}, {"do": "playToEnd"}]}"#

    @Test func verbosity_addsLevelsToStandardError_andLeavesStandardOutputAlone() async throws {
        let quiet = try await AdplayRunner.runInBackground(["simulate", "-", "--format", "jsonl"], input: Self.scenario)
        let info = try await AdplayRunner.runInBackground(["simulate", "-", "--format", "jsonl", "-v"], input: Self.scenario)
        let debug = try await AdplayRunner.runInBackground(["simulate", "-", "--format", "jsonl", "-vv"], input: Self.scenario)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(info.stdout == quiet.stdout && debug.stdout == quiet.stdout)
        let infoLines = info.stderr.split(separator: "\n")
        #expect(infoLines.contains { $0.contains(" info ") && $0.contains("break=mid") && $0.hasSuffix("adBreakStart") }, "\(info.stderr)")
        #expect(!info.stderr.contains(" debug "))
        #expect(debug.stderr.contains(" debug "), "\(debug.stderr)")
        #expect(debug.stderr.split(separator: "\n").contains { $0.contains("ad=a1") && $0.hasSuffix("adStart") }, "\(debug.stderr)")
    }

    @Test(arguments: [["scte35", "decode"], ["hls", "inspect"], ["vast", "resolve"], ["vmap", "inspect"], ["live", "watch"], ["live", "record"],
                      ["ssai", "start"], ["beacons", "list"], ["beacons", "flush"], ["demo"], ["simulate"]])
    func everyCommand_takesVerbose(command: [String]) async throws {
        let output = try await AdplayRunner.runInBackground(command + ["--help"])
        #expect(output.stdout.contains("-v, --verbose"), "\(command): \(output.stdout)")
    }
}
