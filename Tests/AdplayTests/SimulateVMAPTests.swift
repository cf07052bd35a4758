import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay simulate` with `"vmap"` instead of `"breaks"`.
@Suite(.serialized) struct SimulateVMAPTests {
    static func inline(_ id: String, seconds: Int) -> String {
        """
        <VAST version="4.2"><Ad id="\(id)"><InLine><AdSystem>s</AdSystem><Creatives><Creative><Linear><Duration>00:00:\(seconds)</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4">https://cdn.example/\(id).mp4</MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    static func scenario(vmap: String, extra: String = "") -> String {
        """
        {"stream": {"type": "vod", "contentDuration": 1800}, "vmap": "\(vmap)",\(extra)
         "actions": [{"do": "start"}, {"do": "playToEnd"}]}
        """
    }

    private func write(_ files: [String: String]) async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func vmapFileBesideTheScenario_givesTheBreaks_namedByBreakId() async throws {
        let folder = try await write([
            "scenario.json": Self.scenario(vmap: "schedule.xml"),
            "schedule.xml": """
                <vmap:VMAP version="1.0">
                <vmap:AdBreak breakType="linear" breakId="opening" timeOffset="start"><vmap:AdSource><vmap:VASTAdData>\(Self.inline("a1", seconds: 15))</vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="halftime" timeOffset="50%"><vmap:AdSource><vmap:VASTAdData>\(Self.inline("a2", seconds: 30))</vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
                </vmap:VMAP>
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await AdplayRunner.runInBackground(["simulate", folder.appendingPathComponent("scenario.json").path, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.summary.filter { $0.hasPrefix("adBreakStart") } == ["adBreakStart opening", "adBreakStart halftime"])
        let halftime = output.events.first { $0["event"] as? String == "adBreakStart" && $0["break"] as? String == "halftime" }
        #expect(halftime?["content"] as? Double == 900)
    }

    @Test func vmapURL_isFetched_andItsAdTagsFollowed() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/mid", .document(Self.inline("m1", seconds: 20)))
            await server.serve("/vmap", .document("""
                <vmap:VMAP version="1.0"><vmap:AdBreak breakType="linear" breakId="mid" timeOffset="00:05:00">
                <vmap:AdSource><vmap:AdTagURI>\(await server.url("/mid"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="broken" timeOffset="00:20:00">
                <vmap:AdSource><vmap:AdTagURI>\(await server.url("/missing"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>
                """))
            let folder = try await write(["scenario.json": Self.scenario(vmap: await server.url("/vmap"))])
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try await AdplayRunner.runInBackground(["simulate", folder.appendingPathComponent("scenario.json").path, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.summary.filter { $0.hasPrefix("adBreakStart") } == ["adBreakStart mid"])
            #expect(output.summary.contains("adBreakSkip broken unresolved"))
            let error = output.events.first { $0["event"] as? String == "error" }
            #expect((error?["message"] as? String)?.hasPrefix("break broken is unresolved") == true, "\(output.stdout)")
            #expect(output.stderr.contains("adplay: vmap: break broken: VAST error 301"), "\(output.stderr)")
        }
    }

    /// The VMAP is read first; its breaks resolve while the session plays.
    /// One break's VAST answers after 10 minutes, past a 2 s limit: that
    /// break is skipped as unresolved, the others play, and the run ends
    /// while that answer is still on its way (it does not wait for it).
    @Test func slowBreak_isSkippedAsUnresolved_atItsLimit_andTheOthersPlay() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/pre", .document(Self.inline("p1", seconds: 10)))
            await server.serve("/slow", .document(Self.inline("s1", seconds: 20)), latency: .seconds(600))
            await server.serve("/post", .document(Self.inline("x1", seconds: 15)))
            await server.serve("/vmap", .document("""
                <vmap:VMAP version="1.0">
                <vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource><vmap:AdTagURI>\(await server.url("/pre"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="slow" timeOffset="00:10:00"><vmap:AdSource><vmap:AdTagURI>\(await server.url("/slow"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                <vmap:AdBreak breakType="linear" breakId="post" timeOffset="end"><vmap:AdSource><vmap:AdTagURI>\(await server.url("/post"))</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
                </vmap:VMAP>
                """))
            let folder = try await write(["scenario.json": Self.scenario(vmap: await server.url("/vmap"), extra: #" "resolveTimeout": 2,"#)])
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try await AdplayRunner.runInBackground(["simulate", folder.appendingPathComponent("scenario.json").path, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.summary.filter { $0.hasPrefix("adBreak") }
                == ["adBreakStart pre", "adBreakEnd pre", "adBreakSkip slow unresolved", "adBreakStart post", "adBreakEnd post"])
            let adIDs = output.events.compactMap { $0["event"] as? String == "adStart" ? $0["ad"] as? String : nil }
            #expect(adIDs == ["p1", "x1"], "the ad ids from the VAST")
            let skip = output.events.first { $0["event"] as? String == "adBreakSkip" }
            #expect(skip?["content"] as? Double == 600)
            // The run asked for the slow break and ended before its answer was sent.
            #expect(await server.requests(to: "/slow").count == 1)
            #expect(await server.answers(to: "/slow").isEmpty, "the run waited for the late answer")
        }
    }

    @Test func vmapAndBreaksTogether_isAnError() async throws {
        let folder = try await write(["scenario.json": Self.scenario(vmap: "schedule.xml",
                                                               extra: #" "breaks": [{"id": "a", "at": 10, "ads": [{"id": "x", "duration": 5}]}],"#),
                                "schedule.xml": "<vmap:VMAP version=\"1.0\"/>"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await AdplayRunner.runInBackground(["simulate", folder.appendingPathComponent("scenario.json").path])
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.breaks"), "\(output.stderr)")
    }

    @Test func unreadableVMAP_isAnError_namingIt() async throws {
        let folder = try await write(["scenario.json": Self.scenario(vmap: "missing.xml"), "bad.xml": "<vmap:VMAP>"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try await AdplayRunner.runInBackground(["simulate", folder.appendingPathComponent("scenario.json").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("missing.xml"), "\(missing.stderr)")
        try Data(Self.scenario(vmap: "bad.xml").utf8).write(to: folder.appendingPathComponent("scenario.json"))
        let bad = try await AdplayRunner.runInBackground(["simulate", folder.appendingPathComponent("scenario.json").path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("VMAP error 1002"), "\(bad.stderr)")
    }
}
