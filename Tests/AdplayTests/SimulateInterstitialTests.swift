import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay simulate` over a recorded live stream with an HLS interstitial
/// whose asset list a loopback server answers.
@Suite struct SimulateInterstitialTests {
    /// The origin's playlist at second `second` (4 s segments, a window of
    /// 6), with the interstitial `promo` at 20 s.
    static func playlist(at second: Int, _ attributes: String) -> String {
        let last = second / 4
        var lines = ["#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:\(max(0, last - 5))"]
        for index in max(0, last - 5)...last {
            lines.append("#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:\(index * 4 < 10 ? "0" : "")\(index * 4).000Z")
            lines += ["#EXTINF:4,", "s\(index).ts"]
        }
        lines.append(#"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:20.000Z",\#(attributes)"#)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes a recording of `playlists` (each with its second from the start), every entry naming
    /// `url` as where it came from, and the scenario beside it; returns the scenario's path.
    static func write(_ playlists: [(at: Int, text: String)], url: String, scenario: String, in directory: URL) throws -> String {
        let recording = directory.appendingPathComponent("rec")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        var index: [String] = []
        for (number, playlist) in playlists.enumerated() {
            let file = "\(number + 1).m3u8"
            try Data(playlist.text.utf8).write(to: recording.appendingPathComponent(file))
            index.append(#"{"at": \#(playlist.at), "file": "\#(file)", "url": "\#(url)"}"#)
        }
        try Data("[\(index.joined(separator: ",\n"))]".utf8).write(to: recording.appendingPathComponent("index.json"))
        let path = directory.appendingPathComponent("scenario.json")
        try Data(scenario.utf8).write(to: path)
        return path.path
    }

    /// A live recording: the origin's playlist every 4 s from second 16 to 52, with `attributes`' interstitial.
    static func write(attributes: String, url: String, scenario: String, in directory: URL) throws -> String {
        try write(stride(from: 16, through: 52, by: 4).map { ($0 - 16, playlist(at: $0, attributes)) }, url: url, scenario: scenario, in: directory)
    }

    /// `scenario` over a recording of an 8 s interstitial whose list, two
    /// 4 s assets, a loopback server serves at `/live/promo.json`; `body`
    /// gets the scenario's path and the server.
    static func withPromoList(scenario: String, _ body: (String, LoopbackAdServer) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackAdServer.with { server in
            await server.serve("/live/promo.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 4}, {"URI": "b.m3u8", "DURATION": 4}]}"#,
                                                             contentType: "application/json"))
            let path = try write(attributes: #"DURATION=8,X-ASSET-LIST="promo.json""#, url: await server.url("/live/main.m3u8"),
                                 scenario: scenario, in: directory)
            try await body(path, server)
        }
    }

    /// The list is fetched from the recorded URL's origin, with the
    /// scenario's primary id; each asset plays as an ad of the break the
    /// event lines name by the interstitial's ID.
    @Test func anAssetList_isFetched_andItsAssetsPlay() async throws {
        try await Self.withPromoList(scenario: """
            {"stream": {"type": "live", "recording": "rec"}, "primaryID": "run-1",
             "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
            """) { scenario, server in
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            let events = output.events.filter { ["adBreakStart", "adStart", "adBreakEnd"].contains($0["event"] as? String ?? "") }
            #expect(events.map { $0["event"] as? String ?? "" } == ["adBreakStart", "adStart", "adStart", "adBreakEnd"], "\(output.stdout)")
            #expect(events.allSatisfy { $0["break"] as? String == "promo" })
            #expect(events.compactMap { $0["ad"] as? String } == ["promo/1", "promo/2"])
            #expect((events.first?["stream"] as? NSNumber)?.intValue == 20)
            #expect(await server.requests(to: "/live/promo.json") == ["/live/promo.json?_HLS_primary_id=run-1"])
        }
    }

    /// A list the server does not have: the interstitial is skipped where it
    /// was scheduled, and adplay says why on standard error.
    @Test func aMissingAssetList_isSkipped_andSaysWhy() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackAdServer.with { server in
            let scenario = try Self.write(attributes: #"DURATION=8,X-ASSET-LIST="gone.json""#, url: await server.url("/live/main.m3u8"), scenario: """
                {"stream": {"type": "live", "recording": "rec"},
                 "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
                """, in: directory)
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            let skip = output.events.first { $0["event"] as? String == "adBreakSkip" }
            #expect(skip?["break"] as? String == "promo", "\(output.stdout)")
            #expect(!output.events.contains { $0["event"] as? String == "adStart" })
            #expect(output.stderr.contains("interstitial promo: its asset list failed"), "\(output.stderr)")
            #expect(await server.requests(to: "/live/gone.json") == ["/live/gone.json?_HLS_primary_id=adplay"])
        }
    }

    /// Shaka's VOD test stream (its DATERANGEs after ENDLIST): a pre-roll
    /// with CUE="PRE,ONCE", X-RESTRICT="JUMP", resume offset 0 and a 5 s
    /// limit, and at 4 s an event with CUE="ONCE", X-RESTRICT="SKIP,JUMP",
    /// resume offset 6 and a 5 s limit.
    static let shakaVOD = """
            #EXTM3U
            #EXT-X-VERSION:6
            #EXT-X-TARGETDURATION:5
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:00:00.00Z
            #EXT-X-MAP:URI="init.mp4"
            #EXTINF:4.000,
            s1.mp4
            #EXTINF:4.000,
            s2.mp4
            #EXTINF:4.000,
            s3.mp4
            #EXTINF:4.000,
            s4.mp4
            #EXTINF:4.000,
            s5.mp4
            #EXT-X-ENDLIST
            #EXT-X-DATERANGE:ID="0",CLASS="com.apple.hls.interstitial",CUE="PRE,ONCE",START-DATE="2000-01-01T00:00:02Z",X-ASSET-URI="ad.m3u8",X-RESTRICT="JUMP",X-RESUME-OFFSET=0.0,X-PLAYOUT-LIMIT=5.0
            #EXT-X-DATERANGE:ID="1",CLASS="com.apple.hls.interstitial",CUE="ONCE",START-DATE="2000-01-01T00:00:04Z",X-ASSET-URI="ad.m3u8",X-RESTRICT="SKIP,JUMP",X-RESUME-OFFSET=6.0,X-PLAYOUT-LIMIT=5.0
            """

    /// Shaka's VOD test stream, recorded as one playlist with EXT-X-ENDLIST:
    /// a VOD stream from 0. The pre-roll (CUE=PRE, resume offset 0, limit
    /// 5 s) plays first; the event at 4 s plays 5 s and primary resumes 6 s
    /// on (at content 10 s), so 20 s of content with 10 s of ads ends at 24 s.
    @Test func aRecordingWithENDLIST_isVOD_andItsInterstitialsPlayWithTheirResumeOffsets() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try Self.writeShakaVOD(scenario: Self.startToEnd, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events.map { "\($0["event"] as? String ?? "") \($0["break"] as? String ?? "-") \(($0["stream"] as? NSNumber)?.doubleValue ?? -1)" }
        #expect(lines == [
            "sessionStart - 0.0", "adBreakStart 0 0.0", "adStart 0 0.0", "adEnd 0 5.0", "adBreakEnd 0 5.0", "contentStart - 5.0",
            "adBreakStart 1 9.0", "adStart 1 9.0", "adEnd 1 14.0", "adBreakEnd 1 14.0", "contentStart - 14.0", "sessionEnd - 24.0",
        ], "\(output.stdout)")
        #expect(output.events.first { $0["event"] as? String == "adBreakEnd" && $0["break"] as? String == "1" }?["content"] as? NSNumber == 4)
        #expect((output.events.last { $0["event"] as? String == "contentStart" }?["content"] as? NSNumber)?.doubleValue == 10)
    }

    /// The SVG draws the interstitials as breaks, named by their IDs.
    @Test func theSVG_drawsTheInterstitialsAsBreaks() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try Self.writeShakaVOD(scenario: Self.startToEnd, in: directory)
        let svg = directory.appendingPathComponent("run.svg")
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--svg", svg.path])
        #expect(output.status == 0, "\(output.stderr)")
        let drawing = try String(contentsOf: svg, encoding: .utf8)
        #expect(drawing.contains(">0 · watched<") && drawing.contains(">1 · watched<"), "\(drawing)")
    }

    /// A scenario that starts at 0 and plays to the end.
    static let startToEnd = #"{"stream": {"type": "live", "recording": "rec"}, "actions": [{"do": "start"}, {"do": "playToEnd"}]}"#

    /// Writes Shaka's VOD stream as a one-playlist recording and `scenario` beside it; returns its path.
    static func writeShakaVOD(scenario: String, in directory: URL) throws -> String {
        try write([(0, shakaVOD)], url: "https://cdn.example/vod/main.m3u8", scenario: scenario, in: directory)
    }

    /// The restrictions hold over the scenario's rules: fast-forwarding over
    /// the JUMP event plays it (fastForward is skipAll) and lands at the
    /// target; once watched, neither ONCE event plays again, not on the
    /// rewind (playAll, repeat alwaysPlay) nor when playback reaches it.
    @Test func jumpAndOnce_holdWhateverTheRulesSay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try Self.writeShakaVOD(scenario: """
            {"stream": {"type": "live", "recording": "rec"},
             "policy": {"fastForward": "skipAll", "rewind": "playAll", "repeat": "alwaysPlay"},
             "actions": [{"do": "start"}, {"do": "play", "for": 6}, {"do": "fastForward", "to": {"content": 15}}, {"do": "play", "for": 8},
                         {"do": "rewind", "to": {"content": 0}}, {"do": "playToEnd"}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let events = output.events
        #expect(events.filter { $0["event"] as? String == "adBreakStart" }.compactMap { $0["break"] as? String } == ["0", "1"], "\(output.stdout)")
        let afterJump = try #require(events.firstIndex { $0["event"] as? String == "seek" })
        #expect(events[afterJump...].first { $0["event"] as? String == "adBreakStart" }?["break"] as? String == "1")
        let resumed = events[afterJump...].first { $0["event"] as? String == "contentStart" }
        #expect((resumed?["content"] as? NSNumber)?.doubleValue == 15, "playback lands at the target")
        let skips = events.filter { $0["event"] as? String == "adBreakSkip" }
        #expect(!skips.isEmpty && skips.allSatisfy { $0["reason"] as? String == "watched" }, "\(skips)")
        #expect(skips.contains { $0["break"] as? String == "1" })
    }

    /// X-RESTRICT=SKIP: inside the event a forward jump is refused even
    /// where the policy allows seeking in breaks, and a rewind is not; the
    /// pre-roll, JUMP only, lets a forward seek out.
    @Test func skip_refusesAForwardJumpInsideTheEvent() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try Self.writeShakaVOD(scenario: """
            {"stream": {"type": "live", "recording": "rec"}, "policy": {"allowSeekInBreak": true},
             "actions": [{"do": "start"}, {"do": "play", "for": 2}, {"do": "seek", "to": {"content": 1}},
                         {"do": "play", "for": 5}, {"do": "seek", "to": {"content": 18}}, {"do": "rewind", "to": {"content": 2}},
                         {"do": "stop"}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let jumps = output.events.filter { ["seek", "seekDenied"].contains($0["event"] as? String ?? "") }
        #expect(jumps.map { $0["event"] as? String ?? "" } == ["seek", "seekDenied", "seek"], "\(output.stdout)")
        #expect(output.events.contains { $0["event"] as? String == "adBreakSkip" && $0["break"] as? String == "1" && $0["reason"] as? String == "policy" },
                "the rewind leaves the event: \(output.stdout)")
    }

    /// The conformance files the HLS tests read, from the source tree.
    static let hlsFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../HLSTests/Fixtures").standardized

    /// Shaka's asset-list stream (VOD, no newline at its end) with its
    /// ads.json on loopback: the list's two 4 s assets play at 2 s, and
    /// resume offset 0 inserts them, so content resumes at 2 s and the
    /// 20 s of content end at stream 28 s.
    @Test func shakasAssetListStream_playsBothAssets_andInsertsThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let playlist = try String(contentsOf: Self.hlsFixtures.appendingPathComponent("live/shaka-interstitial-asset-list.m3u8"), encoding: .utf8)
        let list = try String(contentsOf: Self.hlsFixtures.appendingPathComponent("interstitial/shaka-ads.json"), encoding: .utf8)
        try await LoopbackAdServer.with { server in
            await server.serve("/vod/ads.json", .document(list, contentType: "application/json"))
            let scenario = try Self.write([(0, playlist)], url: await server.url("/vod/list.m3u8"), scenario: Self.startToEnd, in: directory)
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            let lines = output.events.map { "\($0["event"] as? String ?? "") \($0["ad"] as? String ?? "-") \(($0["stream"] as? NSNumber)?.doubleValue ?? -1)" }
            #expect(lines.filter { $0.hasPrefix("ad") || $0.hasPrefix("content") || $0.hasPrefix("sessionEnd") } == [
                "contentStart - 0.0", "adBreakStart - 2.0", "adStart ad-break/1 2.0", "adEnd ad-break/1 6.0", "adStart ad-break/2 6.0", "adEnd ad-break/2 10.0",
                "adBreakEnd - 10.0", "contentStart - 10.0", "sessionEnd - 28.0",
            ], "\(output.stdout)")
            #expect(await server.requests(to: "/vod/ads.json") == ["/vod/ads.json?_HLS_primary_id=adplay"])
        }
    }

    /// X-SNAP="OUT,IN" on a VOD stream: scheduled at 5.5 s for 10 s, the
    /// interstitial leaves primary at the boundary at 4 s, and primary
    /// resumes at the boundary nearest 14 s, 16 s.
    @Test func snap_movesTheOutAndInPointsToSegmentBoundaries() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let playlist = (["#EXTM3U", "#EXT-X-TARGETDURATION:4", "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z"]
            + (0..<5).flatMap { ["#EXTINF:4,", "s\($0).ts"] } + ["#EXT-X-ENDLIST",
            #"#EXT-X-DATERANGE:ID="snap",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:05.500Z",DURATION=10,X-ASSET-URI="a.m3u8",X-SNAP="OUT,IN""#])
            .joined(separator: "\n") + "\n"
        let scenario = try Self.write([(0, playlist)], url: "https://cdn.example/vod/main.m3u8", scenario: Self.startToEnd, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let start = output.events.first { $0["event"] as? String == "adBreakStart" }
        #expect((start?["content"] as? NSNumber)?.doubleValue == 4, "\(output.stdout)")
        let resumed = output.events.last { $0["event"] as? String == "contentStart" }
        #expect((resumed?["content"] as? NSNumber)?.doubleValue == 16, "\(output.stdout)")
        #expect((resumed?["stream"] as? NSNumber)?.doubleValue == 14)
    }

    /// CUE=PRE plays before primary playback though it starts at 3 s (strict autoSeek skips
    /// earlier breaks), and CUE=POST after the primary ends, covering no content.
    @Test func preAndPost_playBeforeAndAfterThePrimary() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interstitial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tag = #"#EXT-X-DATERANGE:CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:00.000Z","#
        let playlist = (["#EXTM3U", "#EXT-X-TARGETDURATION:4", "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z"]
            + (0..<2).flatMap { ["#EXTINF:4,", "s\($0).ts"] } + ["#EXT-X-ENDLIST",
            tag + #"ID="post",CUE="POST",DURATION=5,X-ASSET-URI="p.m3u8""#, tag + #"ID="pre",CUE="PRE",DURATION=3,X-ASSET-URI="q.m3u8",X-RESUME-OFFSET=0"#])
            .joined(separator: "\n") + "\n"
        let scenario = try Self.write([(0, playlist)], url: "https://cdn.example/vod/main.m3u8", scenario: """
            {"stream": {"type": "live", "recording": "rec"}, "actions": [{"do": "start", "at": {"content": 3}}, {"do": "playToEnd"}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.events.filter { $0["event"] as? String == "adBreakStart" }.compactMap { $0["break"] as? String } == ["pre", "post"], "\(output.stdout)")
        #expect((output.events.last?["content"] as? NSNumber)?.doubleValue == 8, "the session ends at the content's end: \(output.stdout)")
    }
}
