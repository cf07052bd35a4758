import Foundation
import HLS
import MediaTime
import Testing

@Suite struct TagTests {
    @Test func lowLatencyPlaylist_everyTagTyped() throws {
        let playlist = try Fixture.media("llhls.m3u8")
        #expect(playlist.version == 9)
        #expect(playlist.targetDuration == 4)
        #expect(playlist.mediaSequence == 266)
        #expect(playlist.discontinuitySequence == 3)
        #expect(playlist.independentSegments)
        #expect(playlist.start?.timeOffset == MediaDuration(microseconds: -12_500_000))
        #expect(playlist.start?.precise == true)
        let control = try #require(playlist.serverControl)
        #expect(control.canBlockReload)
        #expect(control.partHoldBack == MediaDuration(seconds: 3))
        #expect(control.canSkipUntil == MediaDuration(seconds: 24))
        #expect(playlist.partTarget == MediaDuration(seconds: 1))
        #expect(playlist.maps.first?.uri == "init.mp4")
        #expect(playlist.maps.first?.byteRange == ByteRange(length: 720, offset: 0))
        #expect(playlist.keys.first?.method == "AES-128")
        #expect(playlist.keys.first?.iv?.count == 16)

        let segments = Array(playlist.segments)
        #expect(segments.count == 4)
        #expect(segments.map(\.duration) == Array(repeating: MediaDuration(ticks: 36_000_720), count: 4))
        #expect(segments[0].programDateTime?.description == "2026-03-01T11:00:00.000Z")
        #expect(segments.allSatisfy { $0.bitrate == 5_000 && $0.keyIndex == 0 && $0.mapIndex == 0 })
        #expect(segments[1].byteRange == ByteRange(length: 1_000, offset: 2_000))
        #expect(segments[2].discontinuity && segments[2].gap)
        #expect(segments.map(\.discontinuitySequence) == [3, 3, 4, 4])
        #expect(segments[3].parts.count == 4)
        #expect(segments[3].parts.first?.independent == true)
        #expect(playlist.pendingParts.map(\.uri) == ["filePart270.0.mp4"])
        #expect(playlist.preloadHints.map(\.uri) == ["filePart270.1.mp4"])
        #expect(playlist.renditionReports.first?.lastMediaSequence == 270)
        #expect(playlist.renditionReports.first?.lastPart == 0)
        #expect(playlist.programDateTime(at: StreamTime(seconds: 2))?.description == "2026-03-01T11:00:02.000Z")
    }

    @Test func masterPlaylist_typedVariantsRenditionsSessionDataSteering() throws {
        let text = """
            #EXTM3U
            #EXT-X-VERSION:12
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-DEFINE:NAME="host",VALUE="cdn.example.com"
            #EXT-X-CONTENT-STEERING:SERVER-URI="https://steer.example.com/s.json",PATHWAY-ID="CDN-A"
            #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Episode 1",LANGUAGE="en"
            #EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="skd://key",KEYFORMAT="com.apple.streamingkeydelivery"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="https://{$host}/audio.m3u8"
            #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1"
            #EXT-X-STREAM-INF:BANDWIDTH=5000000,AVERAGE-BANDWIDTH=4500000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,FRAME-RATE=29.970,AUDIO="aac",CLOSED-CAPTIONS="cc",VIDEO-RANGE=SDR,HDCP-LEVEL=TYPE-0,SCORE=2.5,STABLE-VARIANT-ID="hd",X-VENDOR="kept"
            https://{$host}/1080p.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=800000,URI="https://{$host}/iframes.m3u8",CLOSED-CAPTIONS=NONE
            """
        guard case .master(let master) = try PlaylistParser().parse(text) else {
            Issue.record("not a multivariant playlist")
            return
        }
        #expect(master.version == 12 && master.independentSegments)
        #expect(master.contentSteering?.pathwayID == "CDN-A")
        #expect(master.sessionData.first?.value == "Episode 1")
        #expect(master.sessionKeys.first?.method == "SAMPLE-AES")
        #expect(master.renditions.map(\.type) == ["AUDIO", "CLOSED-CAPTIONS"])
        #expect(master.renditions[0].uri == "https://cdn.example.com/audio.m3u8")
        #expect(master.renditions[0].isDefault && master.renditions[0].channels == "2")
        let variant = master.variants[0]
        #expect(variant.uri == "https://cdn.example.com/1080p.m3u8")
        #expect(variant.bandwidth == 5_000_000 && variant.averageBandwidth == 4_500_000)
        #expect(variant.resolution == Resolution(width: 1_920, height: 1_080))
        #expect(variant.frameRate == 29.97 && variant.score == 2.5)
        #expect(variant.audio == "aac" && variant.closedCaptions == "cc" && variant.videoRange == "SDR")
        #expect(variant.attributes["X-VENDOR"]?.value == "kept")
        #expect(master.variants[1].isIFrameOnly && master.variants[1].closedCaptionsNone)
        #expect(master.variants[1].uri == "https://cdn.example.com/iframes.m3u8")
    }

    @Test func programDateTime_formsAndZones() {
        let table: [(String, String?)] = [
            ("2022-06-10T03:31:00.189Z", "2022-06-10T03:31:00.189Z"),
            ("2022-06-10T03:31:00Z", "2022-06-10T03:31:00.000Z"),
            ("2022-06-10T05:31:00.5+02:00", "2022-06-10T03:31:00.500Z"),
            ("2022-06-09T22:31:00.000-0500", "2022-06-10T03:31:00.000Z"),
            ("2020-02-29T23:59:59.123456Z", "2020-02-29T23:59:59.123456Z"),
            ("2022-06-10T03:31:00", nil),
            ("2022-13-10T03:31:00Z", nil),
            ("yesterday", nil),
            // The 24-byte form has its own fast path; its near misses fall back or fail.
            ("2022-06-10t03:31:00.189Z", "2022-06-10T03:31:00.189Z"),
            ("2022-06-10 03:31:00.189z", "2022-06-10T03:31:00.189Z"),
            ("2022-06-10T03:31:00,189Z", "2022-06-10T03:31:00.189Z"),
            ("2022-06-10T03:31:60.999Z", "2022-06-10T03:32:00.999Z"),
            ("2022-06-10T03:31:00.18xZ", nil),
            ("2022-06-10T03:31:0:.189Z", nil),
            ("2022-00-10T03:31:00.189Z", nil),
            ("2022-06-32T03:31:00.189Z", nil),
            ("2022-06-10T24:00:00.000Z", nil),
            ("2022-06-10T03:60:00.000Z", nil),
            ("2022/06/10T03:31:00.189Z", nil),
            ("2022-06-10T03:31:00.189+", nil),
            ("\u{7F}022-06-10T03:31:00.189Z", nil),
            ("2022-06-10T03:31:00.1éZ", nil),
        ]
        for (text, expected) in table { #expect(ProgramDateTime(text)?.description == expected, "\(text)") }
    }

    @Test func programDateTime_consecutiveSegmentsAcrossDaysMonthsAndYears() throws {
        // The parser remembers the last day it read; dates that stay on it,
        // step over midnight, month and year ends, or jump back must all read true.
        var generator = SystemRandomNumberGenerator()
        var milliseconds: Int64 = 1_767_225_000_000 // 2025-12-31T23:50:00Z
        var expected: [ProgramDateTime] = []
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:7\n"
        for index in 0..<600 {
            let step: Int64 = switch index % 3 {
            case 0: 6_006
            case 1: Int64.random(in: -172_800_000...172_800_000, using: &generator)
            default: Int64.random(in: 0...90_000_000, using: &generator)
            }
            milliseconds += step
            let date = ProgramDateTime(ticksSinceEpoch: milliseconds * 9_000)
            expected.append(date)
            text += "#EXT-X-PROGRAM-DATE-TIME:\(date)\n#EXTINF:6.006,\nsegment-\(index).ts\n"
        }
        let playlist = try PlaylistParser().parseMedia(text)
        let read = playlist.segments.map(\.programDateTime)
        let firstWrong = read.indices.first { read[$0] != expected[$0] }
        #expect(read.count == expected.count && firstWrong == nil,
                "segment \(firstWrong ?? -1): \(firstWrong.map { "\(String(describing: read[$0])) for \(expected[$0])" } ?? "")")
    }

    @Test func programDateTime_canonicalFormAgreesWithFoundation() {
        var generator = SystemRandomNumberGenerator()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for _ in 0..<2_000 {
            // Whole milliseconds from year 1970 to 9999, so `description` writes the 24-byte form.
            let milliseconds = Int64.random(in: 0..<253_402_300_800_000, using: &generator)
            let date = ProgramDateTime(ticksSinceEpoch: milliseconds * 9_000)
            let text = date.description
            #expect(text.utf8.count == 24)
            #expect(ProgramDateTime(text) == date, "\(text)")
            let foundation = formatter.date(from: text).map { Int64(($0.timeIntervalSince1970 * 1_000).rounded()) }
            #expect(foundation == milliseconds, "\(text)")
        }
    }
}
