import AdPlayback
import AdPolicy
import MediaTime
import AdScenario
import AdLive
import AdSignals
import Testing

private func decode(_ json: String) throws(ScenarioError) -> Scenario {
    try Scenario.decode(json: Array(json.utf8))
}

private let stream = #""stream": {"type": "vod", "contentDuration": 1800}"#
private let oneBreak = #""breaks": [{"id": "a", "at": 600, "ads": [{"id": "x", "duration": 30}]}]"#

@Suite struct ScenarioDecoderTests {
    @Test(arguments: [
        (#"{\#(stream), "actions": [], "extra": 1}"#, "$.extra", "unknown key \"extra\""),
        (#"{\#(stream), "policy": {"fastForward": "sometimes"}, "actions": []}"#, "$.policy.fastForward",
         "allowed: playAll, playFirst, playLast, skipAll"),
        (#"{\#(stream), "policy": {"preset": "loose"}, "actions": []}"#, "$.policy.preset", "allowed: strict, snapback, lenient"),
        (#"{\#(stream), "breaks": [{"id": "a", "at": 1, "ads": [{"id": "x", "duration": 1}]}, {"id": "a", "at": 2, "ads": [{"id": "x", "duration": 1}]}], "actions": []}"#,
         "$.breaks[1].id", "duplicate break id \"a\""),
        (#"{\#(stream), "breaks": [{"id": "a", "at": -1, "ads": [{"id": "x", "duration": 1}]}], "actions": []}"#,
         "$.breaks[0].at", "at least 0"),
        (#"{\#(stream), "breaks": [{"id": "a", "at": 1900, "ads": [{"id": "x", "duration": 1}]}], "actions": []}"#,
         "$.breaks[0].at", "within 0…1800"),
        (#"{\#(stream), "breaks": [{"id": "a", "at": 10, "ads": []}], "actions": []}"#, "$.breaks[0].ads", "at least one ad"),
        (#"{\#(stream), "breaks": [{"id": "a", "at": 10, "ads": [{"id": "x", "duration": 1, "asset": "file:///etc/passwd"}]}], "actions": []}"#,
         "$.breaks[0].ads[0].asset", #""file:///etc/passwd" is not an absolute http or https URL"#),
        (#"{\#(stream), "breaks": [{"id": "a", "at": 10, "ads": [{"id": "x", "duration": 1, "asset": "ads/x.mp4"}]}], "actions": []}"#,
         "$.breaks[0].ads[0].asset", "is not an absolute http or https URL"),
        (#"{\#(stream), \#(oneBreak), "actions": [{"do": "seek", "to": {"content": 1, "stream": 2}}]}"#, "$.actions[0].to",
         "exactly one of"),
        (#"{\#(stream), "actions": [{"do": "play", "for": 0.0000001}]}"#, "$.actions[0].for", "more precise than a microsecond"),
        (#"{\#(stream), "resolveTimeout": 61, "actions": []}"#, "$.resolveTimeout", "must be at most 60 seconds"),
        (#"{"stream": {"type": "live"}, "actions": []}"#, "$.stream", "either \"recording\" (a directory the simulated player replays) or \"url\""),
        (#"{"stream": {"type": "dash"}, "actions": []}"#, "$.stream.type", "allowed: vod, or live with a \"recording\""),
        (#"{\#(stream), "vmap": "x.xml", "actions": []}"#, "$.vmap", "has not been read"),
        (#"{\#(stream), "vmap": "x.xml", \#(oneBreak), "actions": []}"#, "$.breaks", "either \"breaks\" or \"vmap\""),
        (#"{\#(stream), "vmap": "", "actions": []}"#, "$.vmap", "empty"),
        (#"{\#(stream), "manifest": "x.m3u8", "actions": []}"#, "$.manifest", "not supported yet"),
        (#"{\#(stream), "actions": [}"#, "$", "line 1"),
        (#"{\#(stream), "actions": [], "actions": []}"#, "$", "duplicate key \"actions\""),
        (#"{\#(stream), "actions": [{"do": "play", "for": 1000000001}]}"#, "$.actions[0].for",
         "out of range: at most 1000000000 seconds (about 31 years)"),
        ("\u{FEFF}{\"stream\": 1}", "$.stream", "(line 1, column 12): expected an object"),
        (#"{\#(stream), "actions": [{"do": "wobble\u0007\u0000"}]}"#, "$.actions[0].do", #"unknown action "wobble\x07\x00""#),
    ])
    func badScenarioGetsOneErrorNamingPathAndAllowedValues(json: String, path: String, message: String) {
        do {
            _ = try decode(json)
            Issue.record("expected an error at \(path)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    /// Two breaks at one position are allowed: they play back to back, in
    /// the order the file gives them.
    @Test func twoBreaksAtOnePosition_playInTheFilesOrder() async throws {
        let scenario = try decode(#"""
            {\#(stream), "breaks": [{"id": "a", "at": 5, "ads": [{"id": "x", "duration": 1}]}, {"id": "b", "at": 5, "ads": [{"id": "y", "duration": 2}]}],
             "actions": [{"do": "start"}, {"do": "play", "for": 10}]}
            """#)
        let run = try await scenario.run()
        let breaks = run.events.compactMap { event -> String? in
            switch event.kind {
            case .adBreakStart(let id), .adBreakEnd(let id): "\(event.name) \(id) \(event.stream.decimalSeconds)"
            default: nil
            }
        }
        #expect(breaks == ["adBreakStart a 5", "adBreakEnd a 6", "adBreakStart b 6", "adBreakEnd b 8"])
    }

    @Test func errorsCarryLineAndColumn() {
        let json = "{\n  \(stream),\n  \"actions\": [\n    {\"do\": \"wobble\"}\n  ]\n}"
        do {
            _ = try decode(json)
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 4)
            #expect(error.column == 12)
        }
    }

    @Test func decimalSecondsAreReadExactly() throws {
        let scenario = try decode(#"{\#(stream), "policy": {"cooldown": 300.5}, "actions": [{"do": "play", "for": 900.03}]}"#)
        #expect(scenario.policy.cooldown.decimalSeconds == "300.5")
        #expect(scenario.steps.first?.action == .play(try .init(decimalSeconds: "900.03")))
    }

    @Test func timesThatWouldOverflowAreErrorsNotCrashes() async throws {
        let manyAds = (0..<2000).map { #"{"id": "a\#($0)", "duration": 999999999}"# }.joined(separator: ",")
        #expect(throws: ScenarioError.self) {
            try decode(#"{\#(stream), "breaks": [{"id": "b", "at": 1, "ads": [\#(manyAds)]}], "actions": []}"#)
        }
        let waits = Array(repeating: #"{"do": "wait", "for": 999999999}"#, count: 2000).joined(separator: ",")
        let scenario = try decode(#"{\#(stream), "actions": [\#(waits)]}"#)
        await #expect(throws: ScenarioError.self) { try await scenario.run() }
    }

    @Test func deeplyNestedJSONIsRejectedNotRecursedForever() {
        let json = String(repeating: "[", count: 100_000)
        #expect(throws: ScenarioError.self) { try decode(json) }
    }

    @Test func theDemoScenarioDecodesAndRunsToItsEnd() async throws {
        let run = try await Scenario.decode(json: Array(DemoScenario.json.utf8)).run()
        #expect(run.events.last?.name == "sessionEnd")
        #expect(run.watched == ["pre", "mid1", "mid2", "mid3", "post"], "the next-day resume plays mid2, never watched")
    }

    /// The blackout section: checked before anything runs, each error naming its path.
    @Test(arguments: [
        (#"{\#(stream), "blackout": {"alternate": {"recording": "alt"}}, "actions": []}"#, "$.blackout", "apply to a live stream"),
        (#"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"alternate": {"recording": "alt"}, "device": {"delivery": "cable"}}, "actions": []}"#,
         "$.blackout.device.delivery", "allowed: web, managed"),
        (#"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"alternate": {"recording": "alt"}, "device": {"region": "inside"}}, "actions": []}"#,
         "$.blackout.device.region", "allowed: in, out"),
        (#"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"alternate": {"recording": "alt"}, "device": {"group": 3}}, "actions": []}"#,
         "$.blackout.device.group", "0, 1 or 2, or null"),
        (#"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"device": {}}, "actions": []}"#,
         "$.blackout", "missing key \"alternate\""),
        (#"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"alternate": {"url": "file:///etc/passwd"}}, "actions": []}"#,
         "$.blackout.alternate.url", "http"),
        (#"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"alternate": {"url": "http://h/a.m3u8", "recording": "alt"}}, "actions": []}"#,
         "$.blackout.alternate", "takes either \"recording\""),
        (#"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"alternate": {}}, "actions": []}"#,
         "$.blackout.alternate", "takes either \"recording\""),
        (#"{"stream": {"type": "live", "url": "edl://x"}, "actions": []}"#, "$.stream.url", "http"),
        (#"{"stream": {"type": "live", "url": "http://h/live.m3u8", "recording": "rec"}, "actions": []}"#,
         "$.stream", "takes either \"recording\""),
        (#"{"stream": {"type": "live"}, "actions": []}"#, "$.stream", "takes either \"recording\""),
    ])
    func badBlackoutSections_areErrorsNamingTheirPath(json: String, path: String, message: String) {
        let recording = LiveRecording(entries: [.init(at: .zero, file: "00001.m3u8", body: Array("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n".utf8))])
        do {
            _ = try Scenario.decode(json: Array(json.utf8), recording: recording, alternate: recording)
            Issue.record("expected an error at \(path)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    /// A live stream a real player follows: its URL, and the alternate's.
    @Test func aLiveStreamByURL_needsNoRecording() throws {
        let json = #"{"stream": {"type": "live", "url": "http://127.0.0.1:9/live.m3u8"}, "blackout": {"alternate": {"url": "http://127.0.0.1:9/alt.m3u8"}}, "actions": [{"do": "start"}]}"#
        #expect(try Scenario.liveRecordingSource(json: Array(json.utf8)) == nil)
        #expect(try Scenario.alternateRecordingSource(json: Array(json.utf8)) == nil)
        let scenario = try Scenario.decode(json: Array(json.utf8))
        #expect(scenario.liveURL == "http://127.0.0.1:9/live.m3u8")
        #expect(scenario.liveRecording == nil)
        #expect(scenario.blackout?.alternateURL == "http://127.0.0.1:9/alt.m3u8")
        #expect(scenario.blackout?.alternatePath == nil)
    }

    /// The simulated player replays recordings; a live URL needs a real player.
    @Test func aLiveStreamByURL_isRefusedOnTheSimulatedPlayer() async throws {
        let json = #"{"stream": {"type": "live", "url": "http://127.0.0.1:9/live.m3u8"}, "actions": [{"do": "start"}]}"#
        let scenario = try Scenario.decode(json: Array(json.utf8))
        await #expect { try await scenario.run() } throws: { error in
            let error = try #require(error as? ScenarioError)
            return error.path == "$.stream" && error.description.contains("--player mpv")
        }
    }

    @Test func aBlackoutSection_givesTheDeviceAndTheAlternate() throws {
        let recording = LiveRecording(entries: [.init(at: .zero, file: "00001.m3u8", body: Array("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n".utf8))])
        let json = #"{"stream": {"type": "live", "recording": "rec"}, "blackout": {"alternate": {"recording": "alt"}, "device": {"delivery": "managed", "region": "out", "group": 2}}, "actions": []}"#
        #expect(try Scenario.alternateRecordingSource(json: Array(json.utf8)) == "alt")
        let scenario = try Scenario.decode(json: Array(json.utf8), recording: recording, alternate: recording)
        #expect(scenario.blackout?.alternatePath == "alt")
        #expect(scenario.blackout?.device == DevicePolicy(delivery: .managed, region: .outside, group: 2))
    }
}
