import HLS
import MediaTime
import SCTE35
import Testing

/// SVTA 2053-2 ad creative signalling: Shaka's stream, slots and pods, and
/// bad signalling as warnings at the tag's line with the JSON path.
@Suite struct CreativeSignalTests {
    /// A VOD playlist of five 4 s segments with one signalling range at 2 s
    /// carrying `json` (base64-encoded here), or `raw` as written.
    static func playlist(json: String = "", raw: String? = nil) throws -> MediaPlaylist {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:4
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z
            #EXTINF:4,
            s0.ts
            #EXTINF:4,
            s1.ts
            #EXTINF:4,
            s2.ts
            #EXT-X-DATERANGE:ID="sig",CLASS="urn:svta:advertising-wg:ad-creative-signaling",START-DATE="2026-01-01T00:00:02.000Z",DURATION=10,X-AD-CREATIVE-SIGNALING="\(raw ?? PayloadText.base64(Array(json.utf8)))"
            #EXT-X-ENDLIST

            """
        return try PlaylistParser().parseMedia(Array(text.utf8))
    }

    /// Shaka's: one slot at 0 for 5 s whose impression URL is `impression`.
    @Test func shakasStream_isOneSlotOf5s_withItsImpression() throws {
        let playlist = try PlaylistParser().parseMedia(try Fixture.bytes("live/shaka-svta2053-ad-creative-signaling.m3u8"))
        let signal = try #require(playlist.creativeSignals.first)
        #expect(playlist.creativeSignals.count == 1)
        #expect(signal.id == "0")
        #expect(signal.startDate == ProgramDateTime("2000-01-01T00:00:02Z"))
        #expect(signal.duration == MediaDuration(seconds: 5))
        #expect(signal.line == 18)
        #expect(signal.slots == [CreativeSignal.Slot(start: .zero, duration: MediaDuration(seconds: 5),
                                                      tracking: [.init(type: "impression", urls: ["impression"])])])
        #expect(signal.pods.isEmpty)
        #expect(playlist.opportunities.isEmpty, "it describes stitched ads; it is no cue")
        #expect(playlist.warnings.isEmpty)
    }

    /// Pods: each slot's start adds its pod's; the pod's tracking is kept.
    @Test func pods_placeTheirSlots_andKeepTheirTracking() throws {
        let playlist = try Self.playlist(json: #"""
            {"version": 2, "type": "pod", "payload": [{"start": 1, "duration": 8, "tracking": [{"type": "podStart", "urls": ["https://t.example/pod"]}],
              "slots": [{"type": "linear", "start": 0, "duration": 4, "identifiers": [{"scheme": "urn:ad-id", "value": "A1"}], "skipOffset": 2,
                         "tracking": [{"type": "firstQuartile", "urls": ["q1"], "offset": 1}]},
                        {"start": 4, "duration": 4, "clickThrough": "https://shop.example"}]}]}
            """#)
        let signal = try #require(playlist.creativeSignals.first)
        #expect(signal.slots.map(\.start) == [MediaDuration(seconds: 1), MediaDuration(seconds: 5)])
        #expect(signal.slots.first?.identifiers == [.init(scheme: "urn:ad-id", value: "A1")])
        #expect(signal.slots.first?.skipOffset == MediaDuration(seconds: 2))
        #expect(signal.slots.first?.tracking == [.init(type: "firstQuartile", urls: ["q1"], offset: MediaDuration(seconds: 1))])
        #expect(signal.slots.last?.clickThrough == "https://shop.example")
        #expect(signal.pods == [.init(start: MediaDuration(seconds: 1), duration: MediaDuration(seconds: 8),
                                      tracking: [.init(type: "podStart", urls: ["https://t.example/pod"])])])
    }

    /// What cannot be read is a warning at the tag's line, naming the JSON
    /// path, and the range gives no signal.
    @Test(arguments: [
        (#"{"payload": [{"start": 0}]}"#, #"$.payload[0]: missing "duration""#),
        (#"{"payload": [{"start": 0, "duration": 0}]}"#, "$.payload[0].duration: must be above 0"),
        (#"{"type": "vast", "payload": []}"#, #"$.type: expected "slot" or "pod", got "vast""#),
        (#"{"payload": [{"start": "soon", "duration": 5}]}"#, #"$.payload[0].start: expected a number of seconds, got "soon""#),
        (#"{"payload": "#, "$: not JSON"),
    ])
    func badSignalling_isAWarningWithItsPath(json: String, why: String) throws {
        let playlist = try Self.playlist(json: json)
        #expect(playlist.creativeSignals.isEmpty)
        let warning = try #require(playlist.warnings.first { $0.message.contains("creative signalling sig") }, "\(playlist.warnings)")
        #expect(warning.line == 10)
        #expect(warning.message.contains("X-AD-CREATIVE-SIGNALING " + why), "\(warning.message)")
    }

    /// Base64 that is not: the warning says so.
    @Test func notBase64_isAWarning() throws {
        let playlist = try Self.playlist(raw: "@@@@")
        #expect(playlist.warnings.contains { $0.line == 10 && $0.message.contains("is not base64") }, "\(playlist.warnings)")
    }
}
