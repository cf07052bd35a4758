import AdPlaybackTestSupport
import Foundation
import SCTE35
import Testing

/// `adplay live watch` deciding blackouts for the device it is told it is.
@Suite struct LiveBlackoutCommandTests {
    /// A time_signal with one programme descriptor, web delivery forbidden, as base64.
    private func cue(_ type: UInt8, seconds: UInt64? = nil) async throws -> String {
        let restrictions = SegmentationDescriptor.DeliveryRestrictions(
            webDeliveryAllowed: false, noRegionalBlackout: true, archiveAllowed: false, deviceRestrictions: .none)
        let segmentation = SegmentationDescriptor.Segmentation(
            deliveryRestrictions: restrictions, segmentationDuration: seconds.map { PTS(ticks: $0 * 90_000) }, segmentationTypeID: type)
        return try SpliceInfoEncoder.base64(SpliceInfoSection(
            command: .timeSignal(SpliceTime(ptsTime: PTS(ticks: 90_000))),
            descriptors: [.segmentation(SegmentationDescriptor(segmentationEventID: 42, segmentation: segmentation))]))
    }

    /// A recording of one ended playlist: 2 s segments, a Program Start of
    /// 20 s at stream 10 and its Program End at 30.
    private func recording(in directory: URL) async throws -> String {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\n"
        for index in 0..<20 {
            if index == 5 { text += "#EXT-X-SCTE35:CUE=\"\(try await cue(0x10, seconds: 20))\"\n" }
            if index == 15 { text += "#EXT-X-SCTE35:CUE=\"\(try await cue(0x11))\"\n" }
            text += "#EXTINF:2,\ns\(index).ts\n"
        }
        text += "#EXT-X-ENDLIST\n"
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: directory.appendingPathComponent("00001.m3u8"))
        try Data(#"[{"at": 0, "file": "00001.m3u8"}]"#.utf8).write(to: directory.appendingPathComponent("index.json"))
        return directory.path
    }

    private func blackoutEvents(_ arguments: [String]) async throws -> [[String: Any]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("blackout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await AdplayRunner.runInBackground(["live", "watch", try recording(in: directory), "--jsonl"] + arguments)
        #expect(output.status == 0, "\(output.stderr)")
        return output.events.filter { ($0["event"] as? String ?? "").hasPrefix("blackout") || ($0["event"] as? String ?? "").hasPrefix("programSignal") }
    }

    @Test func aWebDevice_isBlackedOutFromTheProgramStartToItsEnd() async throws {
        let events = try await blackoutEvents([])
        #expect(events.map { $0["event"] as? String } == ["blackoutStart", "blackoutEnd"])
        #expect((events[0]["stream"] as? NSNumber)?.intValue == 10)
        let cue = events[0]["cue"] as? [String: Any]
        #expect(cue?["descriptors"] != nil, "the decoded cue: \(String(describing: events[0]["cue"]))")
        #expect(events[0]["date"] as? String == "2026-01-01T00:00:10.000Z")
        #expect(events[0]["segmentationType"] as? String == "Program Start")
        #expect((events[0]["plannedEnd"] as? NSNumber)?.intValue == 30)
        #expect(events[0]["why"] as? [String] == ["web delivery is not allowed"])
        #expect((events[0]["restrictions"] as? [String: Any])?["archiveAllowed"] as? Bool == false)
        #expect((events[1]["stream"] as? NSNumber)?.intValue == 30)
        #expect(events[1]["date"] as? String == "2026-01-01T00:00:30.000Z")
    }

    @Test func aManagedDevice_isNotBlackedOut_andSaysWhy() async throws {
        let events = try await blackoutEvents(["--delivery", "managed"])
        #expect(events.map { $0["event"] as? String } == ["programSignal"])
        #expect(events.first?["restricted"] as? Bool == false)
        #expect(events.first?["why"] as? [String] == ["web delivery is restricted; this device is managed"])
    }

    @Test func aBadDeviceOption_isRefusedWithWhatItMustBe() async throws {
        let output = try await AdplayRunner.runInBackground(["live", "watch", "x", "--delivery", "satellite"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--delivery must be web or managed, not satellite"))
    }

    /// `hls inspect` decides the same blackouts as a live session, for the
    /// device it is told it is: with the date, the planned end and why; a
    /// device the cue does not restrict gets none, and the signal is listed
    /// with why not.
    @Test(arguments: [
        ([String](), 1, "  event-42: start 10 s (2026-01-01T00:00:10.000Z), end 30 s (2026-01-01T00:00:30.000Z), planned end 30 s, Program Start, may not be recorded; restricted: web delivery is not allowed\n"),
        (["--delivery", "managed"], 0, "  Program Start, event 42, at 10 s, #EXT-X-SCTE35 (line 15): not restricted: web delivery is restricted; this device is managed\n"),
    ])
    func hlsInspect_decidesTheBlackoutsForTheDevice(arguments: [String], count: Int, line: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let playlist = try await recording(in: directory) + "/00001.m3u8"
        let text = try await AdplayRunner.runInBackground(["hls", "inspect", playlist] + arguments)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("blackouts for a \(arguments.isEmpty ? "web" : "managed") device in region, in no group: \(count)\n"))
        #expect(text.stdout.contains(line), "\(text.stdout)")
        let json = try await AdplayRunner.runInBackground(["hls", "inspect", playlist, "--json"] + arguments)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let blackouts = try #require(object["blackouts"] as? [[String: Any]])
        #expect(blackouts.count == count)
        if let blackout = blackouts.first {
            #expect(blackout["date"] as? String == "2026-01-01T00:00:10.000Z")
            #expect((blackout["plannedEnd"] as? NSNumber)?.intValue == 30)
            #expect((blackout["end"] as? NSNumber)?.intValue == 30)
            #expect(blackout["why"] as? [String] == ["web delivery is not allowed"])
        }
        let signals = try #require(object["programSignals"] as? [[String: Any]])
        #expect(signals.count == 1 - count, "a managed device: the start that restricts nothing (its end pairs with it)")
    }

    /// `live watch` prints the window's non-seekable ranges when they change.
    @Test func liveWatch_printsTheWindowsNonSeekableRanges() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ranges-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try await AdplayRunner.runInBackground(["live", "watch", try recording(in: directory), "--jsonl"])
        let lines = output.events.filter { $0["event"] as? String == "nonSeekableRanges" }
        #expect(lines.count == 1)
        let ranges = try #require(lines.first?["ranges"] as? [[String: Any]])
        #expect(ranges.map { ($0["from"] as? NSNumber)?.intValue } == [10])
        #expect(ranges.map { ($0["to"] as? NSNumber)?.intValue } == [30])
        #expect(ranges.map { $0["reason"] as? String } == ["blackout"])
        let managed = try await AdplayRunner.runInBackground(["live", "watch", try recording(in: directory.appendingPathComponent("m")), "--jsonl", "--delivery", "managed"])
        #expect(!managed.events.contains { $0["event"] as? String == "nonSeekableRanges" })
    }
}
