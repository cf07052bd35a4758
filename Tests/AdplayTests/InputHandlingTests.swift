import Foundation
import Testing

/// How the commands take what a user hands them: standard input, a
/// directory by mistake, a byte-order mark, binary garbage.
@Suite struct InputHandlingTests {
    static let scenario = """
        {"description": "one break", "stream": {"type": "vod", "contentDuration": 60},
         "breaks": [{"id": "mid", "at": 30, "ads": [{"id": "m1", "duration": 10}]}],
         "actions": [{"do": "start"}, {"do": "playToEnd"}]}
        """

    @Test func simulateReadsTheScenarioFromStandardInput_withADash() async throws {
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--format", "jsonl"], input: Self.scenario)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.summary.contains("adBreakStart mid"))
    }

    @Test(arguments: [["simulate"], ["hls", "inspect"], ["vast", "resolve"]])
    func aDirectoryGivenAsAFile_isSaidInWords(command: [String]) async throws {
        let directory = FileManager.default.temporaryDirectory.path
        let output = try await AdplayRunner.runInBackground(command + [directory])
        #expect(output.status == 1)
        #expect(output.stderr.contains("\(directory) is a directory; give a file"), "\(output.stderr)")
        #expect(!output.stderr.contains("NSCocoaErrorDomain"))
        #expect(!output.stderr.contains("error 256"))
    }

    @Test func aScenarioWithAByteOrderMark_runs() async throws {
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--format", "jsonl"], input: "\u{FEFF}" + Self.scenario)
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test func binaryGarbage_isEscapedInTheError_andCutShort() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let garbage = (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 0x80) }
        try Data(garbage).write(to: file)
        for command in [["simulate"], ["hls", "inspect"], ["vast", "resolve"]] {
            let output = try await AdplayRunner.runInBackground(command + [file.path])
            #expect(output.status == 1)
            let message = output.stderr.replacingOccurrences(of: file.path, with: "FILE")
            #expect(!message.dropLast().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "\(command): \(message)")
            #expect(message.count < 400, "\(command): \(message)")
        }
    }

    @Test func breaksAndVMAPTogether_failBeforeTheVMAPIsFetched() async throws {
        // Port 9 refuses: a fetch would fail with "cannot fetch", not with the path.
        let json = """
            {"stream": {"type": "vod", "contentDuration": 60}, "vmap": "http://127.0.0.1:9/vmap.xml",
             "breaks": [{"id": "mid", "at": 30, "ads": [{"id": "m1", "duration": 10}]}], "actions": []}
            """
        let output = try await AdplayRunner.runInBackground(["simulate", "-"], input: json)
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.breaks"), "\(output.stderr)")
        #expect(output.stderr.contains("either \"breaks\" or \"vmap\""), "\(output.stderr)")
        #expect(!output.stderr.contains("fetch"), "\(output.stderr)")
    }

    @Test func aBadActionFailsBeforeTheVMAPIsFetched() async throws {
        let json = """
            {"stream": {"type": "vod", "contentDuration": 60}, "vmap": "http://127.0.0.1:9/vmap.xml",
             "actions": [{"do": "wobble"}]}
            """
        let output = try await AdplayRunner.runInBackground(["simulate", "-"], input: json)
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.actions[0].do"), "\(output.stderr)")
    }

    @Test func theSVGMessageEndsItsLine() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--svg", file.path], input: Self.scenario)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.hasSuffix("SVG written to \(file.path)\n"))
        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(svg.contains(">one break</text>"), "the scenario's description titles the picture")
        let full = try await AdplayRunner.runInBackground(["simulate", "-", "--svg", file.path, "--full"], input: Self.scenario)
        #expect(full.status == 0, "\(full.stderr)")
    }

    @Test func anSVGThatCannotBeWritten_isSaidInWords() async throws {
        let directory = FileManager.default.temporaryDirectory.path
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--svg", directory], input: Self.scenario)
        #expect(output.status == 1)
        #expect(output.stderr.contains("cannot write \(directory): it is a directory; give a file"), "\(output.stderr)")
    }
}
