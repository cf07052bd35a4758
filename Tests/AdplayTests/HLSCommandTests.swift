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
