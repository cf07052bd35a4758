import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay vast resolve`, end to end, against files and a loopback ad server.
@Suite(.serialized) struct VASTCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../VASTTests/Fixtures/vast").standardized

    @Test func inlineFile_printsTheAd() async throws {
        let output = try await AdplayRunner.runInBackground(["vast", "resolve", Self.fixtures.appendingPathComponent("iab-4.2/Inline_Simple.xml").path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == """
            chain: 0 fetches
            ads: 1
              ad 20001 "Inline Simple Ad" from iabtechlab
                duration 16 s
                media https://iab-publicfiles.s3.amazonaws.com/vast/VAST-4.0-Short-Intro.mp4 (video/mp4, 2000 kbit/s)
                impression https://example.com/track/impression
                tracking start https://example.com/tracking/start
                tracking progress http://example.com/tracking/progress-10
                tracking firstQuartile https://example.com/tracking/firstQuartile
                tracking midpoint https://example.com/tracking/midpoint
                tracking thirdQuartile https://example.com/tracking/thirdQuartile
                tracking complete https://example.com/tracking/complete
                error https://example.com/error
            summary: 1 ad (1 playable), 1 impression, 6 tracking URLs, 1 error URL; 0 errors, 0 warnings

            """)
    }

    /// An ops engineer runs the tool against production: a wrapper whose
    /// ad is missing lists the Error URL it would call, and calls it only
    /// with --report-errors.
    @Test(arguments: [false, true])
    func errorURLs_areListedNotCalled_unlessReportErrorsIsGiven(report: Bool) async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/error", .status(204))
            await server.serve("/wrapper", .document("""
                <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>s</AdSystem>
                <Impression>https://t.example/i/w</Impression><Error>\(await server.url("/error"))?code=[ERRORCODE]</Error>
                <VASTAdTagURI>\(await server.url("/missing"))</VASTAdTagURI></Wrapper></Ad></VAST>
                """))
            let output = try await AdplayRunner.runInBackground(
                ["vast", "resolve", await server.url("/wrapper"), "--json"] + (report ? ["--report-errors"] : []))
            #expect(output.status == 1, "no ad resolved")
            let result = try #require(output.events.first)
            let expected = [await server.url("/error?code=301")]
            #expect(result[report ? "errorReports" : "wouldSend"] as? [String] == expected)
            #expect(result[report ? "wouldSend" : "errorReports"] as? [String] == [])
            #expect(await server.requests(to: "/error").count == (report ? 1 : 0))
        }
    }

    @Test func wrapperChain_json_listsTheChainAndMergedTracking() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/inline", .document("""
                <VAST version="4.2"><Ad id="final"><InLine><AdSystem>s</AdSystem><AdTitle>T</AdTitle>
                <Impression>https://t.example/i/final</Impression><Error>https://t.example/e/final</Error>
                <Creatives><Creative><Linear skipoffset="00:00:05.500"><Duration>00:00:15.250</Duration>
                <TrackingEvents><Tracking event="start">https://t.example/s/final</Tracking></TrackingEvents>
                <MediaFiles><MediaFile delivery="progressive" type="video/mp4">https://cdn.example/a.mp4</MediaFile></MediaFiles>
                </Linear></Creative></Creatives></InLine></Ad></VAST>
                """))
            await server.serve("/wrapper", .document("""
                <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>s</AdSystem>
                <Impression>https://t.example/i/w</Impression><Error>https://t.example/e/w</Error>
                <Creatives><Creative><Linear><TrackingEvents><Tracking event="start">https://t.example/s/w</Tracking>
                <Tracking event="complete">https://t.example/c/w</Tracking></TrackingEvents></Linear></Creative></Creatives>
                <VASTAdTagURI>\(await server.url("/inline"))</VASTAdTagURI></Wrapper></Ad></VAST>
                """))
            let output = try await AdplayRunner.runInBackground(["vast", "resolve", await server.url("/wrapper"), "--json"])
            #expect(output.status == 0, "\(output.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            #expect(json["chain"] as? [String] == [await server.url("/wrapper"), await server.url("/inline")])
            let ad = try #require((json["ads"] as? [[String: Any]])?.first)
            #expect(ad["id"] as? String == "final")
            #expect(ad["duration"] as? Double == 15.25)
            #expect(ad["skipOffset"] as? Double == 5.5)
            #expect(ad["mediaFile"] as? String == "https://cdn.example/a.mp4")
            #expect(ad["impressions"] as? [String] == ["https://t.example/i/final", "https://t.example/i/w"])
            #expect(ad["errors"] as? [String] == ["https://t.example/e/final", "https://t.example/e/w"])
            let tracking = try #require(ad["tracking"] as? [String: [String]])
            #expect(tracking == ["start": ["https://t.example/s/final", "https://t.example/s/w"], "complete": ["https://t.example/c/w"]])
            #expect((json["errors"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func depthLimitZero_resolvesNothing_andExitsNonZero() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/inline", .document("<VAST version=\"4.2\"><Ad><InLine><AdSystem>s</AdSystem></InLine></Ad></VAST>"))
            await server.serve("/wrapper", .document("""
                <VAST version="4.2"><Ad><Wrapper><AdSystem>s</AdSystem><VASTAdTagURI>\(await server.url("/inline"))</VASTAdTagURI></Wrapper></Ad></VAST>
                """))
            let output = try await AdplayRunner.runInBackground(["vast", "resolve", await server.url("/wrapper"), "--json", "--max-depth", "0"])
            #expect(output.status == 1)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            #expect((json["errors"] as? [[String: Any]])?.first?["code"] as? Int == 302)
            #expect(await server.requests(to: "/inline").isEmpty)
        }
    }

    @Test func fileLargerThanTheLimit_isRefusedUnread() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).xml")
        try Data(repeating: UInt8(ascii: "x"), count: 2 << 20).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await AdplayRunner.runInBackground(["vast", "resolve", file.path])
        #expect(output.status == 1)
        #expect(output.stderr.contains("2097152 bytes, more than the limit of 1048576"), "\(output.stderr)")
    }

    @Test func malformedFile_failsWithError100() async throws {
        let output = try await AdplayRunner.runInBackground(["vast", "resolve", "-"], input: "<VAST><Ad></VAST>")
        #expect(output.status == 1)
        #expect(output.stderr.contains("VAST error 100"), "\(output.stderr)")
        #expect(output.stderr.contains("line 1"))
    }

    static let unplayable = """
        <VAST version="4.2"><Ad id="a1"><InLine><AdSystem>s</AdSystem><AdTitle>T</AdTitle>
        <Impression>https://t.example/i</Impression>
        <Creatives><Creative><Linear><Duration>00:00:99</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/x-flv">https://cdn.example/a.flv</MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func aBadDurationAndNoPlayableMedia_areWarningsAndErrors_andExitOne() async throws {
        let text = try await AdplayRunner.runInBackground(["vast", "resolve", "-"], input: Self.unplayable)
        #expect(text.status == 1)
        #expect(text.stdout.contains("""
            errors: 2
              400: ad a1 has no linear creative with a duration
              403: ad a1: none of the media files is playable: offered video/x-flv
            """), "\(text.stdout)")
        #expect(text.stdout.contains("""
            warnings: 1
              line 3 in /VAST/Ad/InLine/Creatives/Creative/Linear/Duration: "00:00:99" is not HH:MM:SS(.mmm); ignored
            summary: 1 ad (0 playable), 1 impression, 0 tracking URLs, 0 error URLs; 2 errors, 1 warning
            """), "\(text.stdout)")
        let json = try await AdplayRunner.runInBackground(["vast", "resolve", "-", "--json"], input: Self.unplayable)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? Int } == [400, 403])
        let warning = try #require((object["warnings"] as? [[String: Any]])?.first)
        #expect(warning["path"] as? String == "/VAST/Ad/InLine/Creatives/Creative/Linear/Duration")
        #expect(warning["line"] as? Int == 3)
        #expect(warning["message"] as? String == #""00:00:99" is not HH:MM:SS(.mmm); ignored"#)
    }

    @Test func warningsOfAFetchedWrapper_nameItsURL() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/wrapper", .document("""
                <VAST version="4.2"><Ad id="w"><Wrapper followAdditionalWrappers="perhaps"><AdSystem>s</AdSystem>
                <VASTAdTagURI>\(await server.url("/inline"))</VASTAdTagURI></Wrapper></Ad></VAST>
                """))
            await server.serve("/inline", .document(Self.unplayable))
            let output = try await AdplayRunner.runInBackground(["vast", "resolve", await server.url("/wrapper")])
            #expect(output.stdout.contains("\(await server.url("/wrapper")): line 1 in /VAST/Ad/Wrapper"), "\(output.stdout)")
            #expect(output.stdout.contains("\(await server.url("/inline")): line 3 in /VAST/Ad/InLine"), "\(output.stdout)")
        }
    }

    @Test func withJSON_aFailureIsAnErrorObjectOnStandardOutput() async throws {
        let output = try await AdplayRunner.runInBackground(["vast", "resolve", "-", "--json"], input: "<VAST><Ad></VAST>")
        #expect(output.status == 1)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == 100)
        #expect(error["specification"] as? String == "VAST")
        #expect(error["line"] as? Int == 1)
        #expect(error["path"] as? String == "/VAST/Ad")
        #expect((error["message"] as? String)?.contains("</VAST> does not close <Ad>") == true)
        let missing = try await AdplayRunner.runInBackground(["vast", "resolve", "/nonexistent/ad.xml", "--json"])
        #expect(missing.status == 1)
        let missingError = try #require(
            (try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(missingError["source"] as? String == "/nonexistent/ad.xml")
    }

    @Test(arguments: [["--timeout", "0"], ["--request-timeout", "0"], ["--timeout", "3601"]])
    func timeoutsOutOfRange_sayTheRange(arguments: [String]) async throws {
        let output = try await AdplayRunner.runInBackground(["vast", "resolve", "-"] + arguments, input: "")
        #expect(output.status != 0)
        #expect(output.stderr.contains("\(arguments[0]) must be greater than 0 and at most 3600 seconds"), "\(output.stderr)")
    }

    @Test func theRequestTimeout_boundsEachFetch() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/slow", .endlessBody)
            let output = try await AdplayRunner.runInBackground(
                ["vast", "resolve", await server.url("/slow"), "--json", "--request-timeout", "0.2", "--timeout", "600"])
            #expect(output.status == 1)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            #expect((object["errors"] as? [[String: Any]])?.first?["code"] as? Int == 301, "\(output.stdout)")
        }
    }

    @Test func theHelp_namesBothLimits() async throws {
        let output = try await AdplayRunner.runInBackground(["vast", "resolve", "--help"])
        let help = output.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("each fetch stops after --request-timeout seconds (default 5), and the whole resolution after --timeout"))
    }
}
