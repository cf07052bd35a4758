import AdPlaybackKit
import Foundation
import Testing

/// The README's session and tracking examples, verbatim, in a file that
/// imports what the example shows: `AdPlaybackKit` and `Foundation` (for
/// `Date()`).
@Suite struct ReadmeSessionExampleTests {
    @Test func sessionExampleResolvesAVMAPAndSavesItsBookmark() async throws {
        let vmapXML = """
            <vmap:VMAP version="1.0"><vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource>
            <vmap:VASTAdData><VAST version="4.2"><Ad id="a1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression>https://t.example/i</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://example.com/a.mp4</MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            </vmap:VMAP>
            """
        let bookmarkPath = ReadmeFixtures.temporaryPath("readme")
        defer { ReadmeFixtures.remove(bookmarkPath) }
        let player = SimulatedPlayer()

        let clock = ContinuousClock()
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
        let outboxDirectory = bookmarkPath + "-outbox"
        defer { ReadmeFixtures.remove(outboxDirectory) }
        let viewingSessionID = "readme"

        // The README's tracking example, verbatim.
        let outbox = BeaconOutbox(journal: try BeaconJournal(directory: outboxDirectory), client: client)
        let sender = Task { await outbox.run() }
        let tracker = BeaconTracker(planner: BeaconPlanner(session: viewingSessionID), sink: outbox)
        runtime.driver.observers.append(tracker)
        runtime.tracker = tracker                                                        // error reports too

        for opportunity in opportunities { try runtime.send(.opportunity(opportunity)) }  // placeholders; their VAST resolves
        while runtime.resolutionsInFlight > 0 { _ = await runtime.deliverNextResult() }
        try runtime.send(.start(try bookmarks.load().map { .bookmark($0) } ?? .beginning))
        // ... call runtime.tick() from the player's time observer ...
        try runtime.send(.stop)                                                          // the bookmark is in the file

        #expect(runtime.session.timeline.adBreak(id: "pre")?.ads.map(\.id) == ["a1"])
        #expect(try bookmarks.load()?.content == .zero)
        sender.cancel()
        #expect(outbox.entries.map(\.id.tracking) == ["impression"], "the pre-roll started: its impression is journaled")
    }
}
