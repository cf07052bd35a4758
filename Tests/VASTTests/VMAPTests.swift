import MediaTime
import Testing
import VAST
import XMLTree

@Suite struct VMAPTests {
    @Test func correctVMAP_readsBreaksSourcesAndTracking_withAnUndeclaredPrefix() throws {
        let bytes = try Fixture.bytes("vmap/correct-vmap.xml")
        let vmap = try VMAPParser().parse(bytes)
        #expect(vmap.version == "1.0")
        #expect(vmap.adBreaks.count == IndependentCount(bytes).elements("AdBreak"))
        #expect(vmap.adBreaks.map(\.id) == ["mypre", "myid", "mypost"])
        #expect(vmap.adBreaks.map(\.timeOffset) == [.start, .time(MediaDuration(ticks: 623 * 9_000_000 + 1_125_000)), .end])
        let pre = try #require(vmap.adBreaks.first)
        #expect(pre.breakTypes == ["linear"])
        #expect(pre.adSource?.id == "1")
        #expect(pre.adSource?.allowMultipleAds == true)
        #expect(pre.adSource?.followRedirects == true)
        guard case .vast(let vast) = pre.adSource?.content else {
            Issue.record("the pre-roll's source is not inline VAST")
            return
        }
        #expect(vast.version == "3.0")
        #expect(pre.trackingEvents.map(\.event) == ["breakStart", "breakEnd", "breakEnd", "error"])
        #expect(pre.trackingEvents.last?.url == "http://server.com/error?[ERRORCODE]")
        #expect(vmap.adBreaks.last?.adSource?.content == .adTagURI("http://server.com/vast.xml", templateType: nil))
    }

    @Test func extensions_areKeptAsWritten() throws {
        let bytes = try Fixture.bytes("vmap/correct-vmap-with-extension.xml")
        let vmap = try VMAPParser().parse(bytes)
        let extensions = vmap.adBreaks.flatMap(\.extensions) + vmap.extensions
        #expect(extensions.count == IndependentCount(bytes).elements("Extension"))
        #expect(extensions.first?.xml.hasPrefix("<vmap:Extension extAttribute=\"extAttribute content\"") == true)
        #expect(extensions.allSatisfy { String(decoding: bytes, as: UTF8.self).contains($0.xml) })
    }

    @Test func incorrectVMAP_failsWithASchemaError() throws {
        let error = #expect(throws: VASTError.self) { try VMAPParser().parse(try Fixture.bytes("vmap/incorrect-vmap.xml")) }
        #expect(error?.code == .vmapSchema)
        #expect(error?.line == 1)
    }

    @Test func extensionSnippet_isXMLButNotVMAP() throws {
        let bytes = try Fixture.bytes("vmap/parsing-example.xml")
        #expect(try XMLReader().read(bytes).localName == "Extension")
        #expect((#expect(throws: VASTError.self) { try VMAPParser().parse(bytes) })?.code == .vmapSchema)
    }

    @Test func notWellFormed_isError1002_sayingWhere() {
        let error = #expect(throws: VASTError.self) { try VMAPParser().parse("<vmap:VMAP>\n<vmap:AdBreak></vmap:VMAP>") }
        #expect(error?.code == .vmapParsing)
        #expect(error?.line == 2)
        #expect(error?.path == "/vmap:VMAP/vmap:AdBreak")
    }

    @Test(arguments: [
        ("start", TimeOffset.start), ("end", .end), ("00:00:30", .time(MediaDuration(seconds: 30))), ("50%", .percent(50)), ("#2", .position(2)),
    ] as [(String, TimeOffset)])
    func timeOffset_readsEveryForm(_ text: String, _ offset: TimeOffset) {
        #expect(TimeOffset(text) == offset)
    }

    @Test func inlineVASTWarnings_sayWhereInTheVMAPTheyAre() throws {
        let vmap = try VMAPParser().parse("""
            <vmap:VMAP version="1.0"><vmap:AdBreak breakType="linear" timeOffset="start"><vmap:AdSource><vmap:VASTAdData>
            <VAST version="4.0"><Ad><InLine><AdSystem>s</AdSystem><Creatives><Creative>
            <Linear/></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>
            """)
        #expect(vmap.warnings.map(\.path) == [
            "/vmap:VMAP/vmap:AdBreak/vmap:AdSource/vmap:VASTAdData/VAST/Ad/InLine/Creatives/Creative/Linear",
        ])
        #expect(vmap.warnings.first?.line == 3)
    }

    @Test func badTimeOffset_skipsTheBreakWithAWarning() throws {
        let vmap = try VMAPParser().parse("""
            <vmap:VMAP version="1.0"><vmap:AdBreak breakType="linear" breakId="a" timeOffset="soon"/>
            <vmap:AdBreak breakType="linear,display" breakId="b" timeOffset="#0"/>
            <vmap:AdBreak breakType="linear,display" breakId="c" timeOffset="#1" repeatAfter="00:05:00"/></vmap:VMAP>
            """)
        #expect(vmap.adBreaks.map(\.id) == ["c"])
        #expect(vmap.adBreaks.first?.breakTypes == ["linear", "display"])
        #expect(vmap.adBreaks.first?.repeatAfter == MediaDuration(seconds: 300))
        #expect(vmap.warnings.count == 2)
        #expect(vmap.warnings.first?.line == 1)
    }
}
