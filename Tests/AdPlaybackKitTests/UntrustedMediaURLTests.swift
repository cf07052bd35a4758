import AdPlaybackKit
import Foundation
import Testing

/// An ad response is untrusted: a media file at a local path, a
/// player-specific scheme or a relative URL never reaches the player. The
/// ad fails with VAST 403, its Error URLs are told so, and content plays.
@Suite struct UntrustedMediaURLTests {
    static let refused = ["file:///etc/passwd", "edl://%0%/etc/passwd", "lavfi://sine", "ads/relative.mp4", "FILE:///etc/hosts"]

    static func ad(_ id: String, sequence: Int, url: String) -> String {
        """
        <Ad id="\(id)" sequence="\(sequence)"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example/i/\(id)</Impression><Error>https://t.example/e/\(id)?code=[ERRORCODE]</Error>
        <Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[\(url)]]></MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad>
        """
    }

    @Test(arguments: [true, false])
    func mediaFilesThatAreNotHTTP_neverReachThePlayer_failWith403_andContentPlays(withGoodAd: Bool) async throws {
        var ads = Self.refused.enumerated().map { Self.ad("bad\($0.offset)", sequence: $0.offset + 1, url: $0.element) }
        if withGoodAd { ads.append(Self.ad("good", sequence: ads.count + 1, url: "https://cdn.example/good.mp4")) }
        let vmapXML = """
            <vmap:VMAP version="1.0"><vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource>
            <vmap:VASTAdData><VAST version="4.2">\(ads.joined())</VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("untrusted-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let player = ReadmeVMAPPlaybackTests.RecordingPlayer()
        let clock = ContinuousClock()
        let client = HTTPClient(transport: URLSessionTransport(), clock: clock)
        let chain = VASTChainResolver(client: client, macroValues: { VASTMacros.standardValues(at: Date(timeIntervalSince1970: 1_800_000_000)) })
        let registry = ResolverRegistry([VASTPodResolver(chain: chain)], clock: clock)
        let (opportunities, _) = VMAPSchedule.opportunities(in: try VMAPParser().parse(vmapXML), contentDuration: MediaDuration(seconds: 600))
        let session = PlaybackSession(
            timeline: try AdTimeline(contentDuration: MediaDuration(seconds: 600), breaks: []), engine: AdPolicyEngine(policy: .strict))
        let runtime = PlaybackRuntime(driver: PlaybackDriver(session: session, player: player, clock: clock), registry: registry)
        let outbox = BeaconOutbox(journal: try BeaconJournal(directory: directory), client: client)
        let tracker = BeaconTracker(planner: BeaconPlanner(session: "untrusted"), sink: outbox)
        runtime.driver.observers.append(tracker)
        runtime.tracker = tracker
        for opportunity in opportunities { try runtime.send(.opportunity(opportunity)) }
        while runtime.resolutionsInFlight > 0 { _ = await runtime.deliverNextResult() }
        var events = try runtime.send(.start(.beginning))
        for _ in 0..<30 {
            player.inner.advance(by: MediaDuration(seconds: 1))
            events += try runtime.tick()
        }

        // Nothing but http(s) was ever handed to the player.
        for presented in player.presented { #expect(!Self.refused.contains { presented.contains($0) }, "\(presented)") }
        let names = events.map { [$0.name, $0.breakID].compactMap(\.self).joined(separator: " ") }
        if withGoodAd {
            #expect(player.presented == ["pre/good https://cdn.example/good.mp4 at 0", "main at 0"])
            #expect(names.contains("adBreakStart pre"))
        } else {
            #expect(player.presented.allSatisfy { $0.hasPrefix("main") }, "\(player.presented)")
            #expect(names.contains("adBreakSkip pre"), "the break cannot play: \(names)")
        }
        #expect(names.contains("contentStart"), "content plays: \(names)")
        // Every refused ad's Error URL is told 403, once.
        let errorURLs = outbox.entries.map(\.url).filter { $0.hasPrefix("https://t.example/e/") }.sorted()
        #expect(errorURLs == Self.refused.indices.map { "https://t.example/e/bad\($0)?code=403" })
    }
}
