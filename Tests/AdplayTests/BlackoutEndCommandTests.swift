import AdPlaybackTestSupport
import Foundation
import Testing

/// `hls inspect` and `live watch` over a blackout (10–30 s) ended by each
/// end signal, in the form RFC 8216bis §4.4.5.1 gives and packagers write
/// (a later tag with the start's ID and START-DATE, END-DATE and
/// SCTE35-IN) and with an ID of its own: both say it ends at 30 s, with
/// the end segment's date, never at its start.
@Suite struct BlackoutEndCommandTests {
    static func date(_ seconds: Int) -> String { "2026-01-01T20:00:\(String(format: "%02d", seconds))Z" }

    /// Six 10 s segments from 20:00:00; the start before segment 1, the end tag before segment 3.
    static func playlist(signal: Int, sameID: Bool) -> String {
        let (startType, end) = ProgramCue.blackoutEnds[signal]
        let start = ProgramCue(type: startType, eventID: 7, webDeliveryAllowed: false)
            .dateRange(id: "p1", "SCTE35-OUT", "START-DATE=\"\(date(10))\",PLANNED-DURATION=3600")
        let endTag = sameID
            ? end.dateRange(id: "p1", "SCTE35-IN", "START-DATE=\"\(date(10))\",END-DATE=\"\(date(30))\"")
            : end.dateRange(id: "p1-end", "SCTE35-IN", "START-DATE=\"\(date(30))\"")
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-PROGRAM-DATE-TIME:\(date(0))\n"
        for index in 0..<6 {
            if index == 1 { text += start + "\n" }
            if index == 3 { text += endTag + "\n" }
            text += "#EXTINF:10,\ns\(index).ts\n"
        }
        return text + "#EXT-X-ENDLIST\n"
    }

    @Test(arguments: ProgramCue.blackoutEnds.indices, [true, false])
    func hlsInspect_endsTheBlackoutAtItsEnd(signal: Int, sameID: Bool) async throws {
        let text = Self.playlist(signal: signal, sameID: sameID)
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-"], input: text)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("start 10 s (2026-01-01T20:00:10.000Z), end 30 s (2026-01-01T20:00:30.000Z), "), "\(output.stdout)")
        let json = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--json"], input: text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let blackouts = try #require(object["blackouts"] as? [[String: Any]])
        #expect(blackouts.count == 1)
        #expect(blackouts.first?["start"] as? Double == 10)
        #expect(blackouts.first?["end"] as? Double == 30)
        #expect(blackouts.first?["endDate"] as? String == "2026-01-01T20:00:30.000Z")
    }

    @Test(arguments: ProgramCue.blackoutEnds.indices, [true, false])
    func liveWatch_endsTheBlackoutAtItsEnd(signal: Int, sameID: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("blackout-end-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(Self.playlist(signal: signal, sameID: sameID).utf8).write(to: directory.appendingPathComponent("00001.m3u8"))
        try Data(#"[{"at": 0, "file": "00001.m3u8"}]"#.utf8).write(to: directory.appendingPathComponent("index.json"))
        let output = try await AdplayRunner.runInBackground(["live", "watch", directory.path, "--jsonl"])
        #expect(output.status == 0, "\(output.stderr)")
        let blackouts = output.events.filter { ($0["event"] as? String ?? "").hasPrefix("blackout") }
        #expect(blackouts.map { $0["event"] as? String } == ["blackoutStart", "blackoutEnd"], "\(output.stdout)")
        #expect(blackouts.last?["stream"] as? Double == 30)
        #expect(blackouts.last?["date"] as? String == "2026-01-01T20:00:30.000Z")
        let text = try await AdplayRunner.runInBackground(["live", "watch", directory.path])
        #expect(text.stdout.contains("blackout ends event-7 at 30 s (2026-01-01T20:00:30.000Z)")
                    || text.stdout.contains("blackout ends network-7 at 30 s (2026-01-01T20:00:30.000Z)"), "\(text.stdout)")
    }
}
