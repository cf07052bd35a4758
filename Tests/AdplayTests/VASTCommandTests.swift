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
                1 impression, 6 tracking URLs (start, progress, firstQuartile, midpoint, thirdQuartile, complete), 1 error URL

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
}
