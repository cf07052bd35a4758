import Foundation
import Testing

private func scenario(policy: String, actions: String, breaks: String? = nil) -> String {
    let defaultBreaks = """
    {"id": "pre", "at": 0, "ads": [{"id": "p1", "duration": 10}]},
    {"id": "mid", "at": 600, "ads": [{"id": "m1", "duration": 20}, {"id": "m2", "duration": 20}]},
    {"id": "mid2", "at": 1200, "ads": [{"id": "n1", "duration": 30}]},
    {"id": "post", "at": "end", "ads": [{"id": "x1", "duration": 10}]}
    """
    return """
    {"stream": {"type": "vod", "contentDuration": 1800, "insertion": "inStream"},
     "breaks": [\(breaks ?? defaultBreaks)],
     "policy": \(policy),
     "actions": [\(actions)]}
    """
}

@Suite struct SimulateScenarioTests {
    @Test(arguments: [
        ("resume", ["interrupt", "interruptEnd", "adEnd mid", "adStart mid", "adEnd mid", "adBreakEnd mid", "contentStart"]),
        ("restart", ["interrupt", "interruptEnd", "adBreakStart mid", "adStart mid", "adEnd mid", "adStart mid"]),
        ("skip", ["interrupt", "interruptEnd", "adBreakSkip mid interrupted", "contentStart"]),
    ])
    func interruptRuleDecidesWhatFollowsAnInterruptedBreak(rule: String, expected: [String]) async throws {
        let output = try await AdplayRunner.simulate(scenario(
            policy: #"{"autoSeek": "skipAll", "interrupt": "\#(rule)"}"#,
            actions: #"{"do": "start", "at": {"content": 590}}, {"do": "play", "for": 15}, {"do": "interrupt", "for": 30}, {"do": "play", "for": 40}"#))
        #expect(output.status == 0, "\(output.stderr)")
        let afterInterrupt = Array(output.summary.drop { $0 != "interrupt" })
        #expect(Array(afterInterrupt.prefix(expected.count)) == expected)
        let interrupt = try #require(output.events.first { $0["event"] as? String == "interrupt" })
        #expect(interrupt["clock"] as? Double == 15)
        #expect(interrupt["stream"] as? Double == 615)
        #expect(interrupt["content"] as? Double == 600)
        if rule == "skip" {
            let start = try #require(output.events.last { $0["event"] as? String == "contentStart" })
            #expect(start["content"] as? Double == 600)
            #expect(start["stream"] as? Double == 650)
        }
    }

    @Test(arguments: [
        ("skipAll", ["adBreakSkip pre policy", "adBreakSkip mid policy", "adBreakSkip mid2 policy", "contentStart"]),
        ("playPreroll", ["adBreakSkip mid policy", "adBreakSkip mid2 policy", "adBreakStart pre"]),
        ("playMidroll", ["adBreakSkip pre policy", "adBreakSkip mid policy", "adBreakStart mid2"]),
        ("playAll", ["adBreakSkip mid policy", "adBreakStart pre"]),
    ])
    func autoSeekRuleDecidesWhichBreaksBeforeTheStartPlay(rule: String, expected: [String]) async throws {
        let output = try await AdplayRunner.simulate(scenario(
            policy: #"{"preset": "snapback", "autoSeek": "\#(rule)"}"#,
            actions: #"{"do": "start", "at": {"content": 1500}}, {"do": "playToEnd"}"#))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.summary.first == "sessionStart")
        #expect(Array(output.summary.dropFirst().prefix(expected.count)) == expected)
        let contentStart = try #require(output.events.first { $0["event"] as? String == "contentStart" })
        #expect(contentStart["content"] as? Double == 1500)
        #expect(output.summary.last == "sessionEnd")
    }

    @Test(arguments: [
        ("playOnce", ["seek", "adBreakSkip mid watched", "contentStart"]),
        ("alwaysPlay", ["seek", "adBreakStart mid", "adStart mid"]),
    ])
    func repeatRuleDecidesWhetherAWatchedBreakPlaysAgain(rule: String, expected: [String]) async throws {
        let output = try await AdplayRunner.simulate(scenario(
            policy: #"{"autoSeek": "skipAll", "repeat": "\#(rule)"}"#,
            actions: #"{"do": "start", "at": {"content": 590}}, {"do": "play", "for": 60}, {"do": "rewind", "to": {"content": 500}}, {"do": "stop"}"#))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Array(output.summary.drop { $0 != "seek" }.prefix(expected.count)) == expected)
        let seek = try #require(output.events.first { $0["event"] as? String == "seek" })
        #expect(seek["kind"] as? String == "rewind")
        #expect(seek["toContent"] as? Double == 500)
    }

    @Test func everyLineHasClockEventStreamAndContentPrintedExactly() async throws {
        let output = try await AdplayRunner.simulate(scenario(
            policy: #"{"preset": "lenient", "autoSeek": "skipAll"}"#,
            actions: #"{"do": "start", "at": {"content": 900.03}}, {"do": "play", "for": 0.000001}, {"do": "stop"}"#))
        #expect(output.status == 0, "\(output.stderr)")
        for event in output.events {
            for key in ["clock", "event", "stream", "content"] { #expect(event[key] != nil, "\(key) in \(event)") }
        }
        #expect(output.stdout.contains(#"{"clock":0,"event":"contentStart","stream":950.03,"content":900.03}"#))
        #expect(output.stdout.contains(#"{"clock":0.000001,"event":"bookmark","stream":950.030001,"content":900.030001,"watched":[]}"#))
    }

    @Test func stopEmitsBookmarkThenSessionEndAndResumeNeverReplaysWatchedBreaks() async throws {
        let output = try await AdplayRunner.simulate(scenario(
            policy: #"{"repeat": "alwaysPlay"}"#,
            actions: #"{"do": "start"}, {"do": "play", "for": 100}, {"do": "stop"}, {"do": "start", "from": "bookmark"}, {"do": "rewind", "to": {"content": 0}}"#))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.summary.suffix(8) == [
            "bookmark", "sessionEnd", "sessionStart", "adBreakSkip pre watched", "contentStart", "seek",
            "adBreakSkip pre watched", "contentStart",
        ])
        let bookmark = try #require(output.events.first { $0["event"] as? String == "bookmark" })
        #expect(bookmark["watched"] as? [String] == ["pre"])
        #expect(bookmark["content"] as? Double == 90)
    }

    @Test func failoverEmitsFailoverSessionEndThenTheNewSessionStart() async throws {
        let output = try await AdplayRunner.simulate(scenario(
            policy: #"{"failover": {"disablePreroll": true, "disableMidroll": true}}"#,
            actions: #"{"do": "start", "at": {"content": 0}}, {"do": "play", "for": 615}, {"do": "failover"}, {"do": "playToEnd"}"#))
        #expect(output.status == 0, "\(output.stderr)")
        let tail = Array(output.summary.drop { $0 != "failover" })
        #expect(Array(tail.prefix(6)) == [
            "failover", "sessionEnd", "sessionStart", "adBreakSkip pre failover", "adBreakSkip mid failover", "contentStart",
        ])
        #expect(tail.contains("adBreakSkip mid2 failover"))
        #expect(tail.suffix(2) == ["adBreakEnd post", "sessionEnd"], "the flags never disable the post-roll")
    }

    @Test func demoPrintsTheLogAndTheTimeline() async throws {
        let output = try await AdplayRunner.runInBackground(["demo"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("ad break mid1 starts"))
        #expect(output.stdout.contains("ad break mid2 skipped (cool-down)"))
        #expect(output.stdout.contains("Timeline: content 0:30:00, 5 breaks"))
        #expect(output.stdout.contains("session ends"))
    }

    @Test func svgIsWrittenWhereAsked() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await AdplayRunner.runInBackground(["demo", "--svg", file.path])
        #expect(output.status == 0)
        #expect(output.stderr.contains(file.path))
        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("mid1 · watched"))
    }

    @Test(arguments: [
        (#"{"do": "seek", "to": {"content": 10}}"#, "$.actions[0]", "needs a running session"),
        (#"{"do": "start"}, {"do": "start"}"#, "$.actions[1]", "stop it first"),
        (#"{"do": "start", "from": "bookmark"}"#, "$.actions[0]", "no bookmark"),
        (#"{"do": "jump"}"#, "$.actions[0].do", "allowed: start, play"),
        (#"{"do": "play", "for": -5}"#, "$.actions[0].for", "at least 0"),
        (#"{"do": "seek", "to": {"content": 1801}}"#, "$.actions[0].to.content", "within 0…1800"),
        (#"{"do": "play", "for": 1, "speed": 2}"#, "$.actions[0].speed", "unknown key"),
    ])
    func badActionsGetOneErrorNamingTheJSONPath(actions: String, path: String, message: String) async throws {
        let output = try await AdplayRunner.simulate(scenario(policy: "{}", actions: actions))
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(path), "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(!output.stderr.contains("Fatal"))
    }
}
