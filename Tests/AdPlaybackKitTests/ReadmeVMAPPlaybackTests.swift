import AdPlaybackKit
import Foundation
import Testing

/// The README's session example played through: a VMAP's breaks are
/// client-side ads, so the player is handed each ad's own file when its
/// break comes, and content comes back where it left off.
@Suite struct ReadmeVMAPPlaybackTests {
    /// A player that remembers what it was asked to show, and where.
    final class RecordingPlayer: PlayerAdapter {
        let inner = SimulatedPlayer()
        private(set) var presented: [String] = []

        var currentItemTime: MediaDuration { inner.currentItemTime }
        var onReport: ((PlayerReport) -> Void)? {
            get { inner.onReport }
            set { inner.onReport = newValue }
        }

        func present(_ presentation: Presentation) {
            let time = presentation.time
            switch presentation.item {
            case .main: presented.append("main at \(time)")
            case .ad(let breakID, let adID, let asset): presented.append("\(breakID)/\(adID) \(asset?.uri ?? "no file") at \(time)")
            case .alternate(let url): presented.append("alternate \(url ?? "slate") at \(time)")
            }
            inner.present(presentation)
        }

        func setRate(_ rate: Double) { inner.setRate(rate) }
    }

    static func inlineAd(_ id: String, seconds: Int, sequence: Int = 1) -> String {
        """
        <Ad id="\(id)" sequence="\(sequence)"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example/i</Impression><Creatives><Creative><Linear><Duration>00:00:\(seconds)</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://ads.example/\(id).mp4</MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad>
        """
    }

    @Test func vmapBreaks_switchThePlayerToEachAd_andContentResumesWhereItLeftOff() async throws {
        let vmapXML = """
            <vmap:VMAP version="1.0">
            <vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource>
            <vmap:VASTAdData><VAST version="4.2">\(Self.inlineAd("p1", seconds: 15))</VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            <vmap:AdBreak breakType="linear" breakId="mid" timeOffset="00:10:00"><vmap:AdSource>
            <vmap:VASTAdData><VAST version="4.2">\(Self.inlineAd("m1", seconds: 20))\(Self.inlineAd("m2", seconds: 10, sequence: 2))</VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            </vmap:VMAP>
            """
        let bookmarkPath = FileManager.default.temporaryDirectory.appendingPathComponent("readme-vmap-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: bookmarkPath) }
        let player = RecordingPlayer()

        // The README's example, verbatim but for the clock: a virtual one,
        // so the 700 s of playback below take no wall time.
        let clock = VirtualClock()
        let client = HTTPClient(transport: URLSessionTransport(), clock: clock)
        let chain = VASTChainResolver(client: client, macroValues: { VASTMacros.standardValues(at: Date()) })
        let registry = ResolverRegistry([VASTPodResolver(chain: chain)], clock: clock)
        let vmap = try VMAPParser().parse(vmapXML)
        let (opportunities, _) = VMAPSchedule.opportunities(in: vmap, contentDuration: MediaDuration(seconds: 1800))
        let session = PlaybackSession(
            timeline: try AdTimeline(contentDuration: MediaDuration(seconds: 1800), breaks: []), engine: AdPolicyEngine(policy: .snapback))
        let bookmarks = FileBookmarkStore(path: bookmarkPath)
        let runtime = PlaybackRuntime(
            driver: PlaybackDriver(session: session, player: player, clock: clock, bookmarks: bookmarks), registry: registry)
        for opportunity in opportunities { try runtime.send(.opportunity(opportunity)) }  // placeholders; their VAST resolves
        while runtime.resolutionsInFlight > 0 { _ = await runtime.deliverNextResult() }
        try runtime.send(.start(try bookmarks.load().map { .bookmark($0) } ?? .beginning))

        // The player's time observer, once a second of playback.
        var events: [SessionEvent] = []
        var presentedAtAdStart: [String: String] = [:]
        for _ in 0..<700 {
            clock.advance(by: MediaDuration(seconds: 1))
            player.inner.advance(by: MediaDuration(seconds: 1))
            for event in try runtime.tick() {
                events.append(event)
                if case .adStart(let breakID, let adID) = event.kind { presentedAtAdStart["\(breakID)/\(adID)"] = player.presented.last }
            }
        }
        try runtime.send(.stop)

        #expect(runtime.session.timeline.adBreak(id: "mid")?.insertion == .inserted)
        #expect(player.presented == [
            "pre/p1 https://ads.example/p1.mp4 at 0", "main at 0",
            "mid/m1 https://ads.example/m1.mp4 at 0", "mid/m2 https://ads.example/m2.mp4 at 0", "main at 600",
        ])
        // Each ad starts while its own file is shown, never over content.
        #expect(presentedAtAdStart["mid/m1"] == "mid/m1 https://ads.example/m1.mp4 at 0")
        #expect(presentedAtAdStart["mid/m2"] == "mid/m2 https://ads.example/m2.mp4 at 0")
        let resumed = try #require(events.last { $0.kind == .contentStart })
        #expect(resumed.content == ContentTime(seconds: 600), "content resumes where it left off")
        // 700 s of playback: 15 s of pre-roll, 30 s of mid-roll, the rest content.
        #expect(runtime.driver.localTime == ContentTime(seconds: 655))
    }
}
