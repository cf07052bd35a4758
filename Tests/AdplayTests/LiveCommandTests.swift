import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay live watch` and `adplay live record` end to end.
@Suite struct LiveCommandTests {
    static let ended = """
        #EXTM3U
        #EXT-X-TARGETDURATION:2
        #EXT-X-MEDIA-SEQUENCE:40
        #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z
        #EXTINF:2.0,
        s40.ts
        #EXT-X-CUE-OUT:4.0
        #EXTINF:2.0,
        s41.ts
        #EXT-X-MARKER:ONE
        #EXTINF:2.0,
        s42.ts
        #EXT-X-CUE-IN
        #EXTINF:2.0,
        s43.ts
        #EXT-X-ENDLIST

        """

    @Test func watchURL_printsTheBreakTheSubscribedTagAndTheEnd_thenExits0() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/live.m3u8", .document(Self.ended, contentType: "application/vnd.apple.mpegurl"))
            let output = try await AdplayRunner.runInBackground(["live", "watch", await server.url("/live.m3u8"), "--jsonl", "--subscribe", "EXT-X-MARKER"])
            #expect(output.status == 0, "\(output.stderr)")
            let events = output.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            // The ad tags are timed metadata by default; --subscribe adds the marker.
            #expect(events.map { $0["event"] as? String } == [
                "refresh", "opportunityStart", "opportunityEnd", "timedMetadata", "timedMetadata", "timedMetadata", "end",
            ])
            #expect(events[3...5].map { $0["name"] as? String } == ["#EXT-X-CUE-OUT", "#EXT-X-MARKER", "#EXT-X-CUE-IN"])
            #expect(events.allSatisfy { $0["clock"] != nil })
            let end = events[2]
            #expect(end["id"] as? String == "break-41")
            #expect((end["stream"] as? NSNumber)?.intValue == 6, "where the break ends")
            #expect(end["date"] as? String == "2026-01-01T00:00:06.000Z")
            #expect((end["duration"] as? NSNumber)?.intValue == 4)
            #expect(end["tags"] as? [String] == ["#EXT-X-CUE-OUT", "#EXT-X-CUE-IN"])
            #expect(end["scte35"] is NSNull)
            #expect(events[4]["value"] as? String == "ONE")
            #expect(events[4]["date"] as? String == "2026-01-01T00:00:04.000Z")
        }
    }

    @Test func watchURL_whoseFirstLoadFails_exits1WithOneLine() async throws {
        try await LoopbackAdServer.with { server in
            let output = try await AdplayRunner.runInBackground(["live", "watch", await server.url("/missing.m3u8")])
            #expect(output.status == 1)
            let lines = output.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(output.stderr)")
            #expect(output.stderr.contains("the first load failed: HTTP 404"))
        }
    }

    /// The directory is an argument (`--out DIR`, the old spelling, is a hidden alias for one release).
    @Test(arguments: [false, true])
    func record_thenWatchTheRecording_givesTheSameEventsEveryRun(oldSpelling: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackAdServer.with { server in
            await server.serve("/live.m3u8", .document(Self.ended))
            let recorded = try await AdplayRunner.runInBackground(
                ["live", "record", await server.url("/live.m3u8")] + (oldSpelling ? ["--out", directory.path] : [directory.path]))
            #expect(recorded.status == 0, "\(recorded.stderr)")
            #expect(recorded.stdout.hasSuffix("recorded 1 playlist in \(directory.path)\n"))
        }
        let index = try String(contentsOf: directory.appendingPathComponent("index.json"), encoding: .utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(index.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["file"] as? String == "00001.m3u8")
        #expect(((entries.first?["at"] as? NSNumber)?.doubleValue ?? -1) >= 0, "seconds since recording began")
        let first = try await AdplayRunner.runInBackground(["live", "watch", directory.path, "--jsonl"])
        let second = try await AdplayRunner.runInBackground(["live", "watch", directory.path, "--jsonl"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("\"event\":\"end\""))
    }

    @Test(arguments: [
        (["live", "record", "http://127.0.0.1:9/live.m3u8"], "give the directory to record into"),
        (["live", "record", "http://127.0.0.1:9/live.m3u8", "a", "--out", "b"], "the directory is given twice"),
    ])
    func record_needsItsDirectoryOnce(arguments: [String], message: String) async throws {
        let output = try await AdplayRunner.runInBackground(arguments)
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func watchADirectoryThatIsNotARecording_saysWhichFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("[{\"at\": -1, \"file\": \"a.m3u8\"}]".utf8).write(to: directory.appendingPathComponent("index.json"))
        let output = try await AdplayRunner.runInBackground(["live", "watch", directory.path])
        #expect(output.status == 1)
        #expect(output.stderr.contains("index.json: $[0] (line 1, column 2): needs \"at\", a number of seconds ≥ 0"))
    }
}
