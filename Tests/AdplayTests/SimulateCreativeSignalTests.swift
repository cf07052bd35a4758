import AdPlaybackTestSupport
import Foundation
import SCTE35
import Testing

/// SVTA 2053-2 ad creative signalling in the manifest, through
/// `adplay simulate`: the ads it describes are in-stream breaks, and their
/// tracking fires as VAST's does, with identities and the outbox.
@Suite struct SimulateCreativeSignalTests {
    /// Shaka's test stream (VOD, 20 s of 4 s segments): at 2 s one 5 s slot
    /// whose impression URL is `impression`, relative to the playlist. The
    /// slot plays as an ad at 2 s, and its impression is sent to the
    /// playlist's origin once, right after the ad starts.
    @Test func shakasStream_itsSlotIsAnAd_whoseImpressionFires() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svta-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let playlist = try String(
            contentsOf: SimulateInterstitialTests.hlsFixtures.appendingPathComponent("live/shaka-svta2053-ad-creative-signaling.m3u8"), encoding: .utf8)
        let collector = LoopbackBeaconCollector()
        try await collector.start()
        defer { Task { await collector.stop() } }
        let scenario = try SimulateInterstitialTests.write([(0, playlist)], url: await collector.url("/vod/main.m3u8"),
                                                           scenario: SimulateInterstitialTests.startToEnd, in: directory)
        let outbox = directory.appendingPathComponent("beacons").path
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl", "--beacons", outbox])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events.map { event in
            [event["event"] as? String, event["break"] as? String, event["ad"] as? String, event["tracking"] as? String,
             (event["stream"] as? NSNumber).map { "\($0.doubleValue)" }].compactMap(\.self).joined(separator: " ")
        }
        let start = try #require(lines.firstIndex(of: "adBreakStart 0 2.0"), "\(output.stdout)")
        #expect(Array(lines[start..<(start + 5)]) == [
            "adBreakStart 0 2.0", "adStart 0 0/1 2.0", "beacon 0 0/1 impression", "adEnd 0 0/1 7.0", "adBreakEnd 0 7.0",
        ], "\(output.stdout)")
        let beacon = try #require(output.events.first { $0["event"] as? String == "beacon" })
        #expect(beacon["url"] as? String == (await collector.url("/vod/impression")))
        #expect(await collector.received.map { String($0.prefix { $0 != "?" }) } == ["/vod/impression"])
    }

    /// A live stream (4 s segments, a window of 6) whose playlists carry,
    /// from second 24 on, signalling of two 4 s slots at 20 s: the ads join
    /// the session as an in-stream break that replaces that stretch of the
    /// stream, each ad's impression fired as it starts.
    @Test func aLiveStream_itsSlotsJoinTheSessionAsAnInStreamBreak() async throws {
        let (lines, received) = try await Self.playPod(cues: [:])
        #expect(lines == [
            "adBreakStart 20", "adStart pod1/1 20", "beacon pod1/1 impression", "adEnd pod1/1 24",
            "adStart pod1/2 24", "beacon pod1/2 impression", "adEnd pod1/2 28", "adBreakEnd 28",
        ])
        // The outbox sends several at once: they may arrive in either order, each once.
        #expect(received.sorted() == ["/t/a", "/t/b"])
    }

    /// A stream whose cue (CUE-OUT at 20 s, 8 s) marks the avail the
    /// signalling describes: the cue's break takes the signalled ads, each
    /// with its impression, and nothing is refused.
    @Test func aCueAndItsSignalling_makeOneBreakWithTheSignalledAds() async throws {
        let (lines, received) = try await Self.playPod(cues: [5: "#EXT-X-CUE-OUT:8", 7: "#EXT-X-CUE-IN"])
        #expect(lines == [
            "adBreakStart 20", "adStart pod1/1 20", "beacon pod1/1 impression", "adEnd pod1/1 24",
            "adStart pod1/2 24", "beacon pod1/2 impression", "adEnd pod1/2 28", "adBreakEnd 28",
        ])
        #expect(received.sorted() == ["/t/a", "/t/b"])
    }

    /// Plays 30 s from stream 4 of the live stream with `cues`, whose pod at
    /// 20 s has two 4 s slots with impressions `/t/a` and `/t/b` on the
    /// playlist's origin, a loopback collector, with `--beacons`. Returns the
    /// ad, beacon and error lines, and what the collector received.
    static func playPod(cues: [Int: String]) async throws -> (lines: [String], received: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svta-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = #"{"payload": [{"start": 0, "duration": 4, "tracking": [{"type": "impression", "urls": ["/t/a"]}]}, {"start": 4, "duration": 4, "tracking": [{"type": "impression", "urls": ["/t/b"]}]}]}"#
        let range = #"#EXT-X-DATERANGE:ID="pod1",CLASS="urn:svta:advertising-wg:ad-creative-signaling",START-DATE="2026-01-01T00:00:20.000Z",DURATION=8,X-AD-CREATIVE-SIGNALING=""#
            + PayloadText.base64(Array(json.utf8)) + "\""
        let collector = LoopbackBeaconCollector()
        try await collector.start()
        defer { Task { await collector.stop() } }
        let scenario = try SimulateInterstitialTests.write(
            stride(from: 16, through: 52, by: 4).map { ($0 - 16, live(at: $0, range: range, cues: cues)) }, url: await collector.url("/live/main.m3u8"),
            scenario: """
                {"stream": {"type": "live", "recording": "rec"},
                 "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
                """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl", "--beacons", directory.appendingPathComponent("beacons").path])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events.filter { ($0["event"] as? String ?? "").hasPrefix("ad") || ["beacon", "error"].contains($0["event"] as? String) }
            .map { event in
                [event["event"] as? String, event["ad"] as? String, event["tracking"] as? String, event["message"] as? String,
                 (event["stream"] as? NSNumber).map { "\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
            }
        return (lines, await collector.received)
    }

    /// The origin's playlist at second `second` (4 s segments, a window of
    /// 6), with `cues` before their segments and, from second 24, `range`.
    static func live(at second: Int, range: String, cues: [Int: String] = [:]) -> String {
        let last = second / 4
        var lines = ["#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:\(max(0, last - 5))"]
        for index in max(0, last - 5)...last {
            lines.append("#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:\(index * 4 < 10 ? "0" : "")\(index * 4).000Z")
            if let cue = cues[index] { lines.append(cue) }
            lines += ["#EXTINF:4,", "s\(index).ts"]
        }
        if second >= 24 { lines.append(range) }
        return lines.joined(separator: "\n") + "\n"
    }
}
