import AdPlaybackTestSupport
import Foundation
import Testing

/// Interstitials at one date, through `adplay simulate`: they play in tag
/// order, back to back, and their resume offsets add up.
@Suite struct SimulateSameDateTests {
    /// 20 s of VOD content (five 4 s segments) with `ranges` after ENDLIST, as Shaka's stream has them.
    static func playlist(_ ranges: [String]) -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-PLAYLIST-TYPE:VOD",
                     "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z"]
        for index in 0..<5 { lines += ["#EXTINF:4,", "s\(index).ts"] }
        lines.append("#EXT-X-ENDLIST")
        lines += ranges.map { #"#EXT-X-DATERANGE:CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:04.000Z",X-ASSET-URI="ad.m3u8",\#($0)"# }
        return lines.joined(separator: "\n") + "\n"
    }

    static func run(_ ranges: [String]) async throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("same-date-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try SimulateInterstitialTests.write([(0, playlist(ranges))], url: "https://cdn.example/vod/main.m3u8",
                                                           scenario: SimulateInterstitialTests.startToEnd, in: directory)
        let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.events.contains { $0["event"] as? String == "error" }, "\(output.stdout)")
        return output.events.compactMap { event in
            guard let name = event["event"] as? String, ["adBreakStart", "adBreakEnd", "contentStart", "sessionEnd"].contains(name) else { return nil }
            return [name, event["break"] as? String, (event["stream"] as? NSNumber).map { "\($0.intValue)" },
                    (event["content"] as? NSNumber).map { "c\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
        }
    }

    /// Two inserted events (resume offset 0) at 4 s: both play there, one
    /// after the other, and primary resumes where it left.
    @Test func twoInsertedEvents_playBackToBack() async throws {
        let lines = try await Self.run([#"ID="a",DURATION=3,X-RESUME-OFFSET=0"#, #"ID="b",DURATION=2,X-RESUME-OFFSET=0"#])
        #expect(lines == [
            "contentStart 0 c0", "adBreakStart a 4 c4", "adBreakEnd a 7 c4", "adBreakStart b 7 c4", "adBreakEnd b 9 c4",
            "contentStart 9 c4", "sessionEnd 25 c20",
        ])
    }

    /// The first resumes 6 s on (a 5 s limit), the second inserts: the
    /// second plays right after the first, and primary resumes 6 + 0 s on.
    @Test func resumeOffsets_addUp() async throws {
        let lines = try await Self.run([#"ID="a",DURATION=8,X-PLAYOUT-LIMIT=5,X-RESUME-OFFSET=6"#, #"ID="b",DURATION=4,X-RESUME-OFFSET=0"#])
        #expect(lines == [
            "contentStart 0 c0", "adBreakStart a 4 c4", "adBreakEnd a 9 c4", "adBreakStart b 9 c10", "adBreakEnd b 13 c10",
            "contentStart 13 c10", "sessionEnd 23 c20",
        ])
    }

    /// An asset list with no assets and X-RESUME-OFFSET=6: nothing plays,
    /// and primary resumes 6 s on (so 20 s of content end at stream 14).
    @Test func anEmptyList_appliesTheResumeOffset() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = Self.playlist([])
        text += #"#EXT-X-DATERANGE:ID="e",CLASS="com.apple.hls.interstitial",START-DATE="2026-01-01T00:00:04.000Z",DURATION=6,X-ASSET-LIST="e.json",X-RESUME-OFFSET=6"# + "\n"
        try await LoopbackAdServer.with { server in
            await server.serve("/vod/e.json", .document(#"{"ASSETS": []}"#, contentType: "application/json"))
            let scenario = try SimulateInterstitialTests.write([(0, text)], url: await server.url("/vod/main.m3u8"),
                                                               scenario: SimulateInterstitialTests.startToEnd, in: directory)
            let output = try await AdplayRunner.runInBackground(["simulate", scenario, "--format", "jsonl"])
            #expect(output.status == 0, "\(output.stderr)")
            let lines = output.events.compactMap { event -> String? in
                guard let name = event["event"] as? String, ["adBreakStart", "adBreakSkip", "contentStart", "sessionEnd"].contains(name) else { return nil }
                return [name, event["reason"] as? String, (event["stream"] as? NSNumber).map { "\($0.intValue)" },
                        (event["content"] as? NSNumber).map { "c\($0.intValue)" }].compactMap(\.self).joined(separator: " ")
            }
            #expect(lines == ["contentStart 0 c0", "adBreakSkip empty 4 c4", "contentStart 4 c10", "sessionEnd 14 c20"], "\(output.stdout) \(output.stderr)")
        }
    }
}
