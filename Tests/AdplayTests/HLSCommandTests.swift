import Foundation
import Testing

/// `adplay hls inspect` end to end.
@Suite struct HLSCommandTests {
    let media = """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-MEDIA-SEQUENCE:7
        #EXT-X-PROGRAM-DATE-TIME:2026-03-01T12:00:00.000Z
        #EXTINF:10.0,
        a.ts
        #EXT-OATCLS-SCTE35:/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=
        #EXT-X-CUE-OUT:20
        #EXT-X-DISCONTINUITY
        #EXTINF:10.0,
        ad1.ts
        #EXTINF:10.0,
        ad2.ts
        #EXT-X-CUE-IN
        #EXTINF:4.5,
        b.ts

        """

    /// Shaka's interstitial test stream (VOD, the DATERANGEs after ENDLIST)
    /// with a preload range that ENDLIST makes void.
    let interstitials = """
        #EXTM3U
        #EXT-X-TARGETDURATION:5
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:00:00.00Z
        #EXTINF:4.000,
        s1.mp4
        #EXTINF:4.000,
        s2.mp4
        #EXTINF:4.000,
        s3.mp4
        #EXT-X-ENDLIST
        #EXT-X-DATERANGE:ID="0",CLASS="com.apple.hls.interstitial",CUE="PRE,ONCE",START-DATE="2000-01-01T00:00:02Z",X-ASSET-URI="ad.m3u8",X-RESTRICT="JUMP",X-RESUME-OFFSET=0.0,X-PLAYOUT-LIMIT=5.0
        #EXT-X-DATERANGE:ID="1",CLASS="com.apple.hls.interstitial",CUE="ONCE",START-DATE="2000-01-01T00:00:04Z",X-ASSET-LIST="ads.json",X-RESTRICT="SKIP,JUMP",X-RESUME-OFFSET=6.0,X-SKIP-CONTROL-OFFSET=2,X-SKIP-CONTROL-DURATION=5
        #EXT-X-DATERANGE:ID="p",CLASS="com.apple.hls.preload",START-DATE="2000-01-01T00:00:01Z",X-URI="ads.json",X-TARGET-ID="1"

        """

    /// Each interstitial's line says where it plays, its duration, resume
    /// offset, restrictions and cue; the void preload range is a warning.
    @Test func text_listsInterstitialsWithTheirSchedule() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-"], input: interstitials)
        #expect(output.status == 0)
        #expect(output.stdout.contains(
            "    interstitial: pre-roll, duration 5 s, resume offset 0 s (inserted), playout limit 5 s, restrict JUMP, cue PRE,ONCE, asset ad.m3u8\n"),
            "\(output.stdout)")
        #expect(output.stdout.contains(
            "    interstitial: at 4 s (2000-01-01T00:00:04.000Z), duration unknown, resume offset 6 s, restrict SKIP,JUMP, cue ONCE, "
                + "asset list ads.json, skip control at 2 s for 5 s\n"), "\(output.stdout)")
        #expect(!output.stdout.contains("preload ranges:"))
        #expect(output.stdout.contains("line 14, #EXT-X-DATERANGE: com.apple.hls.preload is ignored: the playlist has EXT-X-ENDLIST"))
    }

    @Test func json_givesEachInterstitialItsAttributes() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--format", "json"], input: interstitials)
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let opportunities = try #require(object["opportunities"] as? [[String: Any]])
        let first = try #require(opportunities.first?["interstitial"] as? [String: Any])
        #expect(first["position"] as? String == "preroll")
        #expect((first["resumeOffset"] as? NSNumber)?.doubleValue == 0)
        #expect((first["playoutLimit"] as? NSNumber)?.doubleValue == 5)
        #expect(first["restrict"] as? [String] == ["JUMP"])
        #expect(first["cue"] as? [String] == ["PRE", "ONCE"])
        #expect(first["asset"] as? [String: String] == ["uri": "ad.m3u8"])
        let second = try #require(opportunities.last?["interstitial"] as? [String: Any])
        #expect(second["position"] as? String == "stream")
        #expect(second["asset"] as? [String: String] == ["list": "ads.json"])
        let skip = try #require(second["skipControl"] as? [String: Any])
        #expect((skip["offset"] as? NSNumber)?.doubleValue == 2)
        #expect((skip["duration"] as? NSNumber)?.doubleValue == 5)
        #expect((object["preloadRanges"] as? [Any])?.isEmpty == true)
    }

    @Test func text_listsKindDurationSegmentsAndOpportunities() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-"], input: media)
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("media playlist: 4 segments, 34.5 s, media sequence 7, live\n"))
        #expect(output.stdout.contains("  break-8: start 10 s, duration 20 s, at 2026-03-01T12:00:10.000Z\n"))
        #expect(output.stdout.contains("    marked by #EXT-OATCLS-SCTE35, #EXT-X-CUE-OUT, #EXT-X-CUE-IN\n"))
        #expect(output.stdout.contains("      splice_insert()\n"))
        #expect(output.stdout.hasSuffix("blackouts for a web device in region, in no group: 0\nwarnings: 0\n"))
    }

    @Test func json_followsTheContract() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--json"], input: media)
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(Set(["kind", "duration", "segments", "opportunities", "blackouts", "warnings"]).isSubset(of: object.keys))
        #expect(object["kind"] as? String == "media")
        #expect((object["duration"] as? NSNumber)?.doubleValue == 34.5)
        let segments = try #require(object["segments"] as? [[String: Any]])
        #expect(segments.count == 4)
        #expect(segments[0]["uri"] as? String == "a.ts")
        #expect(segments[0]["programDateTime"] as? String == "2026-03-01T12:00:00.000Z")
        #expect(segments[1]["programDateTime"] is NSNull)
        #expect(segments[1]["discontinuity"] as? Bool == true)
        #expect((segments[3]["duration"] as? NSNumber)?.doubleValue == 4.5)
        let opportunity = try #require((object["opportunities"] as? [[String: Any]])?.first)
        #expect(opportunity["id"] as? String == "break-8")
        #expect((opportunity["start"] as? NSNumber)?.doubleValue == 10)
        #expect((opportunity["duration"] as? NSNumber)?.doubleValue == 20)
        #expect(opportunity["open"] as? Bool == false)
        #expect(opportunity["source"] as? [String] == ["#EXT-OATCLS-SCTE35", "#EXT-X-CUE-OUT", "#EXT-X-CUE-IN"])
        let cue = try #require(opportunity["scte35"] as? [String: Any])
        #expect(Set(cue.keys) == ["info_section", "command", "descriptors", "warnings"])
    }

    /// Subscribed tags, named with or without their `#`, are printed with
    /// their line and stream time, in text and in JSON.
    @Test func subscribedTags_arePrintedWithLineAndStreamTime() async throws {
        let text = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--subscribe", "EXT-X-CUE-IN", "--subscribe", "#EXT-OATCLS-SCTE35"], input: media)
        #expect(text.status == 0)
        #expect(text.stdout.contains("""
            timed metadata: 2
              line 7, stream 10 s: #EXT-OATCLS-SCTE35:/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=
              line 14, stream 30 s: #EXT-X-CUE-IN

            """))
        let json = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--json", "--subscribe", "EXT-X-CUE-IN"], input: media)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(object["timedMetadata"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["name"] as? String == "#EXT-X-CUE-IN")
        #expect(items.first?["line"] as? Int == 14)
        #expect((items.first?["stream"] as? NSNumber)?.doubleValue == 30)
        #expect(items.first?["value"] is NSNull)
    }

    @Test func summary_printsCountsOnly() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--summary"], input: media)
        #expect(output.status == 0)
        #expect(output.stdout == "segments: 4\nopportunities: 1\nblackouts: 0\nwarnings: 0\n")
    }

    @Test func masterPlaylist_jsonHasVariantsAndMedia() async throws {
        let master = """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",URI="en.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="a"
            low.m3u8

            """
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--json"], input: master)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "master")
        #expect((object["variants"] as? [[String: Any]])?.first?["uri"] as? String == "low.m3u8")
        #expect((object["media"] as? [[String: Any]])?.first?["name"] as? String == "English")
    }

    @Test func badInput_failsWithLineAndTag() async throws {
        let missing = try await AdplayRunner.runInBackground(["hls", "inspect", "-"], input: "#EXTINF:10,\na.ts\n")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("line 1: a playlist starts with #EXTM3U"))
        let long = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--max-line-length", "8"], input: media)
        #expect(long.status == 1)
        #expect(long.stderr.contains("line 2: 24 bytes, longer than the limit of 8"))
        let attributes = try await AdplayRunner.runInBackground(["hls", "inspect", "-"], input: "#EXTM3U\n#EXT-X-KEY:METHOD\n")
        #expect(attributes.status == 1)
        #expect(attributes.stderr.contains("line 2, #EXT-X-KEY: attribute list: expected '=' after METHOD"))
    }

    @Test func unreachableURL_failsClearly() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "http://127.0.0.1:9/live.m3u8", "--timeout", "2"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("cannot fetch http://127.0.0.1:9/live.m3u8"))
    }

    @Test func missingFile_failsClearly() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "/nonexistent/playlist.m3u8"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("cannot read /nonexistent/playlist.m3u8"))
    }

    @Test func withJSON_aFailureIsAnErrorObjectOnStandardOutput() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--json"],
                                                            input: "#EXTM3U\n#EXT-X-TARGETDURATION:99999999999999999999\n")
        #expect(output.status == 1)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["line"] as? Int == 2)
        #expect(error["tag"] as? String == "#EXT-X-TARGETDURATION")
        #expect(error["kind"] as? String == "badValue")
        #expect(error["source"] as? String == "-")
        #expect((error["message"] as? String)?.contains("out of range: a decimal-integer is 0 to 18446744073709551615") == true)
        let unreachable = try await AdplayRunner.runInBackground(
            ["hls", "inspect", "http://127.0.0.1:9/live.m3u8", "--json", "--timeout", "2"])
        #expect(unreachable.status == 1)
        let fetchError = try #require(
            (try JSONSerialization.jsonObject(with: Data(unreachable.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(fetchError["url"] as? String == "http://127.0.0.1:9/live.m3u8")
    }

    @Test func aTimeoutOutOfRange_saysTheRange() async throws {
        let output = try await AdplayRunner.runInBackground(["hls", "inspect", "-", "--timeout", "0"], input: "")
        #expect(output.status != 0)
        #expect(output.stderr.contains("--timeout must be greater than 0 and at most 3600 seconds"), "\(output.stderr)")
    }
}
