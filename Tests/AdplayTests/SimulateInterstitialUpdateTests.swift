import AdPlaybackTestSupport
import Foundation
import Testing

/// A later tag of an interstitial's ID, in a later refresh, adds what the
/// first did not say (a MediaTailor stream states PLANNED-DURATION first,
/// then DURATION and X-PLAYOUT-LIMIT): the session plays the interstitial
/// as it stands when reached, where Media3 says "Updating not yet supported".
@Suite struct SimulateInterstitialUpdateTests {
    /// From second 28 the origin's playlists add X-PLAYOUT-LIMIT=4 to the
    /// interstitial at 20 s first announced with PLANNED-DURATION=8: the
    /// break plays 4 s.
    @Test func aPlayoutLimitAddedLater_cutsTheBreak() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("update-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = #"PLANNED-DURATION=8,X-ASSET-URI="https://ads.example/promo.m3u8""#
        let playlists = stride(from: 16, through: 52, by: 4).map { second -> (Int, String) in
            var text = SimulateInterstitialTests.playlist(at: second, first)
            if second >= 28 {
                text += #"#EXT-X-DATERANGE:ID="promo",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:20.000Z",X-PLAYOUT-LIMIT=4"# + "\n"
            }
            return (second - 16, text)
        }
        let scenario = try SimulateInterstitialTests.write(playlists, url: "https://origin.example/live/main.m3u8", scenario: """
            {"stream": {"type": "live", "recording": "rec"},
             "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
            """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events.compactMap { event -> String? in
            guard let name = event["event"] as? String, ["adBreakStart", "adEnd", "adBreakEnd", "contentStart", "error"].contains(name) else { return nil }
            return [name, (event["stream"] as? NSNumber).map { "\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
        }
        #expect(lines == ["contentStart 4", "adBreakStart 20", "adEnd 24", "adBreakEnd 24", "contentStart 24"], "\(output.stdout)")
    }

    /// A viewer who joins the live stream inside the interstitial (at 24 s,
    /// 4 s into it) asks for its list with `_HLS_start_offset=4`, and plays
    /// the rest of it.
    @Test func joiningInsideTheInterstitial_asksForItsListWithTheStartOffset() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("join-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackAdServer.with { server in
            await server.serve("/live/promo.json", .document(#"{"ASSETS": [{"URI": "a.m3u8", "DURATION": 8}]}"#, contentType: "application/json"))
            let scenario = try SimulateInterstitialTests.write(attributes: #"DURATION=8,X-ASSET-LIST="promo.json""#,
                                                               url: await server.url("/live/main.m3u8"), scenario: """
                {"stream": {"type": "live", "recording": "rec"}, "primaryID": "p",
                 "actions": [{"do": "wait", "for": 20}, {"do": "start", "at": {"stream": 24}}, {"do": "play", "for": 10}, {"do": "stop"}]}
                """, in: directory)
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            let requests = await server.requests(to: "/live/promo.json")
            #expect(requests == ["/live/promo.json?_HLS_primary_id=p&_HLS_start_offset=4"], "\(requests) \(output.stderr)")
            // It plays from there: the rest of its asset, then the live stream where it ends.
            let lines = output.events.compactMap { event -> String? in
                guard let name = event["event"] as? String, ["adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart"].contains(name) else { return nil }
                return [name, (event["stream"] as? NSNumber).map { "\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
            }
            #expect(lines == ["adBreakStart 24", "adStart 24", "adEnd 28", "adBreakEnd 28", "contentStart 28"], "\(output.stdout)")
        }
    }

    /// X-SNAP="IN" on a live stream: the resume point (20 + 5.5 s) lies past
    /// the first playlists' last segment, so it waits; once the window
    /// reaches it, it moves to the nearest boundary, 24 s, before playback
    /// arrives, and content resumes there.
    @Test func liveSnapIn_waitsForTheResumeSegment() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try SimulateInterstitialTests.write(
            attributes: #"DURATION=5.5,X-ASSET-URI="https://ads.example/promo.m3u8",X-SNAP="IN""#, url: "https://origin.example/live/main.m3u8",
            scenario: """
                {"stream": {"type": "live", "recording": "rec"},
                 "actions": [{"do": "start", "at": {"stream": 4}}, {"do": "play", "for": 30}, {"do": "stop"}]}
                """, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.events.compactMap { event -> String? in
            guard let name = event["event"] as? String, ["adBreakStart", "adBreakEnd", "contentStart", "error"].contains(name) else { return nil }
            return [name, (event["stream"] as? NSNumber).map { "\($0.doubleValue)" }, (event["content"] as? NSNumber).map { "c\($0.doubleValue)" }]
                .compactMap(\.self).joined(separator: " ")
        }
        #expect(lines == ["contentStart 4.0 c4.0", "adBreakStart 20.0 c20.0", "adBreakEnd 25.5 c20.0", "contentStart 25.5 c24.0"], "\(output.stdout)")
    }
}
