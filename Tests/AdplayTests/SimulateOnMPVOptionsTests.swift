import Foundation
import Testing

/// `adplay simulate --player mpv` refuses what cannot play on a real
/// player, before any mpv starts: each with one line that says why.
@Suite struct SimulateOnMPVOptionsTests {
    static let playable = #"""
        {"stream": {"type": "vod", "contentDuration": 12, "url": "http://127.0.0.1:9/content.m3u8"},
         "breaks": [{"id": "pre", "at": 0, "insertion": "inserted", "ads": [{"id": "a1", "duration": 5, "asset": "http://127.0.0.1:9/ad.m3u8"}]}],
         "actions": [{"do": "start"}, {"do": "playToEnd"}]}
        """#

    @Test func mpvMissing_exits1_withOneLineNamingMpvAndTheInstallCommand() async throws {
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--player", "mpv", "--mpv", "/nonexistent/mpv"], input: Self.playable)
        #expect(output.status == 1)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("mpv was not found (/nonexistent/mpv)"), "\(output.stderr)")
        #expect(output.stderr.contains("apt-get install -y --no-install-recommends mpv"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test(arguments: [["--show"], ["--mpv", "/usr/bin/mpv"]])
    func mpvOptions_needPlayerMpv(options: [String]) async throws {
        let output = try await AdplayRunner.runInBackground(["simulate", "-"] + options, input: Self.playable)
        #expect(output.status != 0)
        #expect(output.stderr.contains("--mpv and --show apply to --player mpv"), "\(output.stderr)")
    }

    @Test func aStreamWithoutURL_isAnErrorAtTheStream() async throws {
        let scenario = Self.playable.replacingOccurrences(of: #", "url": "http://127.0.0.1:9/content.m3u8""#, with: "")
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--player", "mpv", "--mpv", "/nonexistent/mpv"], input: scenario)
        #expect(output.status == 1)
        #expect(output.stderr.contains(#"$.stream"#) && output.stderr.contains(#"a real player needs the stream's "url""#), "\(output.stderr)")
    }

    @Test func anInsertedAdWithoutAsset_isAnErrorAtTheAd() async throws {
        let scenario = Self.playable.replacingOccurrences(of: #", "asset": "http://127.0.0.1:9/ad.m3u8""#, with: "")
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--player", "mpv", "--mpv", "/nonexistent/mpv"], input: scenario)
        #expect(output.status == 1)
        #expect(output.stderr.contains(#"$.breaks[0].ads[0]"#) && output.stderr.contains(#"ad "a1" has no "asset""#), "\(output.stderr)")
    }

    @Test func aStreamURLThatIsNotHTTP_isRefusedAtItsPath() async throws {
        let scenario = Self.playable.replacingOccurrences(of: "http://127.0.0.1:9/content.m3u8", with: "file:///etc/passwd")
        let output = try await AdplayRunner.runInBackground(["simulate", "-"], input: scenario)
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.stream.url"), "\(output.stderr)")
    }

    @Test func aLiveRecording_playsOnTheSimulatedPlayerOnly() async throws {
        let output = try await AdplayRunner.runInBackground(
            ["simulate", "Examples/blackout/scenario.json", "--player", "mpv", "--mpv", "/nonexistent/mpv"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("a live recording plays on the simulated player only"), "\(output.stderr)")
    }

    @Test func aLiveURL_needsARealPlayer() async throws {
        let scenario = #"{"stream": {"type": "live", "url": "http://127.0.0.1:9/live.m3u8"}, "actions": [{"do": "start"}, {"do": "play", "for": 5}]}"#
        let output = try await AdplayRunner.runInBackground(["simulate", "-"], input: scenario)
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.stream") && output.stderr.contains("--player mpv"), "\(output.stderr)")
    }

    @Test func aLiveURLWithARecordedAlternate_isRefusedAtTheAlternate() async throws {
        let scenario = #"{"stream": {"type": "live", "url": "http://127.0.0.1:9/live.m3u8"}, "blackout": {"alternate": {"recording": "Examples/blackout/alternate"}}, "actions": [{"do": "start"}]}"#
        let output = try await AdplayRunner.runInBackground(["simulate", "-", "--player", "mpv", "--mpv", "/nonexistent/mpv"], input: scenario)
        #expect(output.status == 1)
        #expect(output.stderr.contains("$.blackout.alternate") && output.stderr.contains("from its \"url\""), "\(output.stderr)")
    }
}
