import AdPlaybackTestSupport
import Foundation
import MediaTime
import Testing

/// `adplay simulate` over a recorded live stream.
@Suite struct SimulateLiveTests {
    /// Writes a recording of `script` (its playlist at every segment boundary
    /// for `seconds`) and a scenario beside it; returns the scenario's path.
    private func write(_ script: LiveOriginScript, seconds: Int64, scenario: String, in directory: URL) async throws -> String {
        let recording = directory.appendingPathComponent("rec")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        var index: [String] = []
        var micros: Int64 = 0
        while micros <= seconds * 1_000_000 {
            guard case .playlist(let text) = script.answer(at: ClockTime(ticks: MediaDuration(microseconds: micros).ticks)) else { break }
            let file = String(format: "%05d.m3u8", index.count + 1)
            try Data(text.utf8).write(to: recording.appendingPathComponent(file))
            index.append("{\"at\": \(Double(micros) / 1_000_000), \"file\": \"\(file)\"}")
            micros += script.segmentMilliseconds * 1_000
        }
        try Data("[\(index.joined(separator: ",\n"))]".utf8).write(to: recording.appendingPathComponent("index.json"))
        let path = directory.appendingPathComponent("scenario.json")
        try Data(scenario.utf8).write(to: path)
        return path.path
    }

    /// Writes a recording of one playlist `text` and a scenario beside it; returns the scenario's path.
    private func write(playlist text: String, scenario: String, in directory: URL) async throws -> String {
        let recording = directory.appendingPathComponent("rec")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: recording.appendingPathComponent("00001.m3u8"))
        try Data(#"[{"at": 0, "file": "00001.m3u8"}]"#.utf8).write(to: recording.appendingPathComponent("index.json"))
        let path = directory.appendingPathComponent("scenario.json")
        try Data(scenario.utf8).write(to: path)
        return path.path
    }

    /// A window whose first segment is inside a break: whether the
    /// continuation states the elapsed time (the break began before stream
    /// time 0) or not (the window's start is the latest it can have begun),
    /// the viewer plays what is left of it, then the content.
    @Test(arguments: ["#EXT-X-CUE-OUT-CONT:ElapsedTime=24,Duration=60", "#EXT-X-CUE-OUT-CONT", "#EXT-X-CUE-SPAN:TIMEFROMSIGNAL=PT24S"])
    func aWindowThatStartsInsideABreak_playsWhatIsLeftOfIt(_ continuation: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try await write(playlist: midBreakWindow(continuation: continuation), scenario: """
            {"stream": {"type": "live", "recording": "rec"},
             "actions": [{"do": "start", "at": {"stream": 0}}, {"do": "playToEnd"}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let events = output.events.filter { $0["event"] as? String != "timedMetadata" }
        #expect(events.map { $0["event"] as? String ?? "" }
            == ["sessionStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd"])
        #expect(events[1]["break"] as? String == "break-100")
        #expect((events[1]["stream"] as? NSNumber)?.intValue == 0)
        #expect((events[4]["stream"] as? NSNumber)?.intValue == 12)
    }

    @Test func aRecordedStream_givesTheSameEventLinesEveryRun_andJoiningMidBreakPlaysTheRest() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var script = LiveOriginScript(segmentMilliseconds: 2_000, window: 30)
        script.breaks = [.init(at: 25, length: 10, dialect: .dateRange), .init(at: 45, length: 5, dialect: .cueOut)]
        script.extraTags = [40: ["#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:01:20.000Z"]]
        let scenario = try await write(script, seconds: 60, scenario: """
            {"stream": {"type": "live", "recording": "rec"}, "policy": {"preset": "strict"},
             "actions": [{"do": "start"}, {"do": "play", "for": 40}, {"do": "stop"}]}
            """, in: directory)
        let first = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        let second = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let events = first.events
        #expect(events.prefix(3).map { $0["event"] as? String } == ["sessionStart", "adBreakStart", "adStart"])
        #expect((events[1]["stream"] as? NSNumber)?.intValue == 54, "joined 3 target durations behind the edge, inside the break")
        #expect(events[1]["date"] as? String == "2026-01-01T00:00:54.000Z")
        #expect(events[1]["break"] as? String == "ad-25")
        let ended = try #require(events.first { $0["event"] as? String == "adBreakEnd" })
        #expect((ended["stream"] as? NSNumber)?.intValue == 70)
        let second_break = events.filter { $0["event"] as? String == "adBreakStart" }.compactMap { $0["break"] as? String }
        #expect(second_break == ["ad-25", "break-45"])
    }

    @Test func aSeekOutsideTheWindow_isAnErrorNamingTheRange() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try await write(LiveOriginScript(segmentMilliseconds: 2_000, window: 30), seconds: 10, scenario: """
            {"stream": {"type": "live", "recording": "rec"},
             "actions": [{"do": "start"}, {"do": "seek", "to": {"stream": 500}}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario])
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.actions[1]"))
        #expect(output.stderr.contains("outside the live window's seekable range, 0…54 s"))
    }

    /// Three in-stream breaks in a recorded DVR window (at 60, 120 and 180 s,
    /// 10 s each): a fast-forward over them under each rule, and a seek into
    /// one, go as for VOD.
    @Test(arguments: [
        ("playAll", [60, 120, 180]), ("playFirst", [60]), ("playLast", [180]), ("skipAll", []),
    ])
    func fastForwardOverThreeBreaksOfARecording_followsTheRule(_ rule: String, _ played: [Int]) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var script = LiveOriginScript(segmentMilliseconds: 2_000, window: 150)
        script.breaks = [30, 60, 90].map { .init(at: $0, length: 5, dialect: .scte35) }
        let scenario = try await write(script, seconds: 20, scenario: """
            {"stream": {"type": "live", "recording": "rec"}, "policy": {"fastForward": "\(rule)"},
             "actions": [{"do": "start", "at": {"stream": 20}}, {"do": "fastForward", "to": {"stream": 250}}, {"do": "play", "for": 40}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let starts = output.events.filter { $0["event"] as? String == "adBreakStart" }.compactMap { ($0["stream"] as? NSNumber)?.intValue }
        #expect(starts == played)
        let skipped = output.events.filter { $0["event"] as? String == "adBreakSkip" }.count
        #expect(skipped == 3 - played.count)
        #expect(output.events.last { $0["event"] as? String == "contentStart" }.flatMap { ($0["stream"] as? NSNumber)?.intValue } == 250)
    }

    @Test func aSeekIntoABreakOfARecording_entersItAtItsStart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var script = LiveOriginScript(segmentMilliseconds: 2_000, window: 150)
        script.breaks = [.init(at: 30, length: 5, dialect: .cueOut)]
        let scenario = try await write(script, seconds: 20, scenario: """
            {"stream": {"type": "live", "recording": "rec"}, "policy": {"seekIntoBreak": "playFromBreakStart"},
             "actions": [{"do": "start", "at": {"stream": 20}}, {"do": "seek", "to": {"stream": 65}}, {"do": "play", "for": 20}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        // The cue tags themselves arrive as timed metadata as playback passes them; leave them aside.
        let events = output.events.filter { $0["event"] as? String != "timedMetadata" }
        #expect(events.prefix(6).map { $0["event"] as? String ?? "" } == ["sessionStart", "contentStart", "seek", "adBreakStart", "adStart", "adEnd"])
        #expect((events[3]["stream"] as? NSNumber)?.intValue == 60)
        #expect(output.events.contains { $0["event"] as? String == "timedMetadata" && $0["name"] as? String == "#EXT-X-CUE-IN" })
    }
}
