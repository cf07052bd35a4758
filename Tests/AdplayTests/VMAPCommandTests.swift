import AdPlaybackTestSupport
import Foundation
import Testing

/// `adplay vmap inspect`: the breaks of a VMAP, nothing fetched but the VMAP.
@Suite struct VMAPCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../VASTTests/Fixtures/vmap").standardized

    @Test func theIABSample_listsItsThreeBreaks_withOffsetsAndSources() async throws {
        let output = try await AdplayRunner.runInBackground(["vmap", "inspect", Self.fixtures.appendingPathComponent("correct-vmap.xml").path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("VMAP 1.0: 3 breaks\n  mypre: start (pre-roll), linear\n"), "\(output.stdout)")
        #expect(output.stdout.contains("  myid: at 623.125 s, linear\n    source: inline VAST 3.0, 0 ads, source id 2, pods allowed\n"))
        #expect(output.stdout.contains("  mypost: end (post-roll), linear\n    source: ad tag http://server.com/vast.xml, source id 3"))
        #expect(output.stdout.contains("    tracking error http://server.com/error?[ERRORCODE]\n"))
    }

    @Test func json_givesEachBreaksOffsetSourceAndTracking() async throws {
        let output = try await AdplayRunner.runInBackground(
            ["vmap", "inspect", Self.fixtures.appendingPathComponent("correct-vmap.xml").path, "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let breaks = try #require(object["breaks"] as? [[String: Any]])
        #expect(breaks.compactMap { $0["id"] as? String } == ["mypre", "myid", "mypost"])
        #expect(breaks.compactMap { $0["timeOffset"] as? String } == ["start", "623.125", "end"])
        #expect(breaks[1]["seconds"] as? Double == 623.125)
        let last = try #require(breaks[2]["source"] as? [String: Any])
        #expect(last["kind"] as? String == "adTagURI")
        #expect(last["url"] as? String == "http://server.com/vast.xml")
        #expect((breaks[0]["source"] as? [String: Any])?["kind"] as? String == "vast")
        #expect((breaks[0]["tracking"] as? [[String: Any]])?.count == 4)
    }

    @Test func aWrongRoot_isAVMAPErrorWithItsCode() async throws {
        let path = Self.fixtures.appendingPathComponent("incorrect-vmap.xml").path
        let text = try await AdplayRunner.runInBackground(["vmap", "inspect", path])
        #expect(text.status == 1)
        #expect(text.stderr.contains("VMAP error 1000: line 1 in /vmap:WRONG"), "\(text.stderr)")
        let json = try await AdplayRunner.runInBackground(["vmap", "inspect", path, "--json"])
        #expect(json.status == 1)
        let error = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["specification"] as? String == "VMAP")
        #expect(error["code"] as? Int == 1000)
    }

    @Test func aURL_isFetched_butNoAdTagIs() async throws {
        try await LoopbackAdServer.with { server in
            await server.serve("/vmap", .document("""
                <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
                <vmap:AdBreak timeOffset="25%" breakType="linear" breakId="quarter">
                <vmap:AdSource id="s" followRedirects="false"><vmap:AdTagURI templateType="vast4"><![CDATA[\(await server.url("/tag"))]]></vmap:AdTagURI></vmap:AdSource>
                </vmap:AdBreak>
                <vmap:AdBreak timeOffset="soon" breakType="linear" breakId="bad"/>
                </vmap:VMAP>
                """))
            let output = try await AdplayRunner.runInBackground(["vmap", "inspect", await server.url("/vmap")])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.contains("  quarter: at 25% of the content, linear\n    source: ad tag \(await server.url("/tag")) (vast4), source id s, no wrappers\n"),
                    "\(output.stdout)")
            #expect(output.stdout.contains("warnings: 1\n  line 5 in /vmap:VMAP/vmap:AdBreak: timeOffset=\"soon\" is not start, end, HH:MM:SS(.mmm), n% or #n; break skipped"), "\(output.stdout)")
            #expect(await server.requests(to: "/tag").isEmpty)
        }
    }
}
