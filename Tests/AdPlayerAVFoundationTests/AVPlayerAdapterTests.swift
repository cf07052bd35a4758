import AdPlayback
import AdPlaybackRuntime
import AdPlayerAVFoundation
import AdPolicy
import AdResolvers
import VirtualTime
import AdTimeline
import MediaTime
import Testing

/// A stand-in for AVPlayer that behaves as Apple documents: an item is
/// ready (or failed) later, a seek completes later with `finished ==
/// false` when a later seek or item superseded it, no time passes while
/// the item loads or the player waits, and seeks that need not be exact
/// land on the keyframe before (every 2 s).
@MainActor
final class FakeAVPlayer: AVPlayerControl {
    var currentTime: MediaDuration = .zero
    var rate: Float = 0
    var onItemStatus: (@MainActor (AVItemStatus) -> Void)?
    var onPlayedToEnd: (@MainActor () -> Void)?
    var onFailedToPlayToEnd: (@MainActor (AVItemError) -> Void)?
    var onWaiting: (@MainActor (Bool, String?) -> Void)?
    private(set) var items: [String?] = []
    private var ready = false
    private var seekGeneration = 0
    private var itemGeneration = 0
    var waiting = false {
        didSet { if waiting != oldValue { onWaiting?(waiting, waiting ? "AVPlayerWaitingToMinimizeStallsReason" : nil) } }
    }

    func replaceItem(with url: String?) {
        items.append(url)
        ready = false
        itemGeneration += 1
        seekGeneration += 1
        let mine = itemGeneration
        currentTime = .zero
        Task { @MainActor in
            await Task.yield()
            guard mine == self.itemGeneration else { return }
            if let url, url.contains("missing") {
                self.onItemStatus?(.failed(AVItemError(domain: "CoreMediaErrorDomain", code: -12938, message: "HTTP 404: File Not Found")))
            } else {
                self.ready = true
                self.onItemStatus?(.readyToPlay)
            }
        }
    }

    func seek(to time: MediaDuration, exact: Bool, completion: @escaping @MainActor (Bool) -> Void) {
        seekGeneration += 1
        let mine = seekGeneration
        Task { @MainActor in
            await Task.yield()
            guard mine == self.seekGeneration else {
                completion(false)  // superseded
                return
            }
            self.currentTime = exact ? time : MediaDuration(seconds: (time.seconds / 2).rounded(.down) * 2)
            completion(true)
        }
    }

    /// Plays for `seconds` of wall time.
    func advance(by seconds: Double) {
        guard ready, !waiting, rate > 0 else { return }
        currentTime += MediaDuration(seconds: seconds * Double(rate))
    }
}

@MainActor
@Suite struct AVPlayerAdapterTests {
    /// A session over the adapter and the fake, owned on the main actor.
    @MainActor
    final class Harness {
        let clock = VirtualClock()
        let fake = FakeAVPlayer()
        let adapter: AVPlayerAdapter
        let runtime: PlaybackRuntime
        var events: [SessionEvent] = []

        init(_ timeline: AdTimeline) {
            adapter = AVPlayerAdapter(player: fake, mainURL: "https://cdn.example/main.m3u8")
            let driver = PlaybackDriver(
                session: PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: .strict)), player: MainActorPlayer(adapter),
                clock: clock)
            runtime = PlaybackRuntime(driver: driver, registry: ResolverRegistry([], clock: clock))
            adapter.reporter = runtime.reporter
        }

        /// Plays in half-second steps, letting completions and reports arrive between.
        func play(seconds: Int, during: (Int) throws -> Void = { _ in }) async throws {
            let stream = runtime.driver.events
            let collector = Task { @MainActor in
                var seen: [SessionEvent] = []
                for await event in stream { seen.append(event) }
                return seen
            }
            let loop = Task { @MainActor in await self.runtime.run() }
            for step in 0..<(seconds * 2) where runtime.session.isRunning || step == 0 {
                try during(step)
                // Completions and the reports they make arrive between two steps of the time observer.
                for _ in 0..<12 { await Task.yield() }
                clock.advance(by: MediaDuration(microseconds: 500_000))
                fake.advance(by: 0.5)
                try runtime.tick()
            }
            loop.cancel()
            runtime.driver.finish()
            events = await collector.value
        }

        var names: [String] { events.filter { !["ready", "stall", "stallEnd"].contains($0.name) }.map(\.name) }
    }

    static func preroll(_ uri: String) throws -> AdTimeline {
        try AdTimeline(contentDuration: MediaDuration(seconds: 20), breaks: [
            AdBreak(id: "pre", position: .preroll, ads: [
                Ad(id: "p1", duration: MediaDuration(seconds: 5), primaryAsset: AdAsset(role: .primary, uri: uri)),
            ], insertion: .inserted),
        ])
    }

    @Test func aPrerollItem_thenContent_throughItemStatusAndSeekCompletions() async throws {
        let harness = Harness(try Self.preroll("https://ads.example/p1.m3u8"))
        try await harness.play(seconds: 40) { step in if step == 0 { try harness.runtime.send(.start(.beginning)) } }
        #expect(harness.names == ["sessionStart", "adBreakStart", "adStart", "adEnd", "adBreakEnd", "contentStart", "sessionEnd"],
                "\(harness.events)")
        #expect(harness.fake.items == ["https://ads.example/p1.m3u8", "https://cdn.example/main.m3u8"])
        let start = try #require(harness.events.first { $0.name == "adStart" })
        let end = try #require(harness.events.first { $0.name == "adEnd" })
        #expect(end.clock - start.clock >= MediaDuration(seconds: 5), "the ad played its length once shown")
    }

    /// A seek superseded before it completes (`finished == false`) says
    /// nothing; the later one is ready where the player landed.
    @Test func aSupersededSeek_isIgnored_theLaterOneIsReady() async throws {
        let harness = Harness(try AdTimeline(contentDuration: MediaDuration(seconds: 60), breaks: []))
        try await harness.play(seconds: 3) { step in
            switch step {
            case 0: try harness.runtime.send(.start(.beginning))
            case 2:
                try harness.runtime.send(.jump(.seek, to: .content(ContentTime(seconds: 10))))
                try harness.runtime.send(.jump(.seek, to: .content(ContentTime(seconds: 21))))
            default: break
            }
        }
        let readies = harness.events.compactMap { event -> String? in
            if case .ready(let presentation, let landed) = event.kind { "\(presentation.time.decimalSeconds)→\(landed.decimalSeconds)" } else { nil }
        }
        #expect(readies.filter { !$0.hasPrefix("0→") } == ["21→20"], "the seek to 10 was superseded; 21 landed on the keyframe at 20: \(harness.events)")
        #expect(harness.runtime.session.playhead.content >= ContentTime(seconds: 21), "the lead-in holds the playhead at the target")
    }

    /// An ad whose item fails (HTTP 404): `adError` 401, and content plays.
    @Test func anItemThatFails_isAnAdErrorWith401() async throws {
        let harness = Harness(try Self.preroll("https://ads.example/missing.m3u8"))
        try await harness.play(seconds: 25) { step in if step == 0 { try harness.runtime.send(.start(.beginning)) } }
        #expect(harness.names == ["sessionStart", "adBreakStart", "adError", "adBreakEnd", "contentStart", "sessionEnd"], "\(harness.events)")
        let error = try #require(harness.events.first { $0.name == "adError" })
        if case .adError(_, _, let failure) = error.kind { #expect(failure.vastCode == 401) }
    }

    /// Waiting to play is a stall; no time passes meanwhile.
    @Test func waitingToPlay_isAStall() async throws {
        let harness = Harness(try AdTimeline(contentDuration: MediaDuration(seconds: 30), breaks: []))
        try await harness.play(seconds: 12) { step in
            if step == 0 { try harness.runtime.send(.start(.beginning)) }
            if step == 6 { harness.fake.waiting = true }
            if step == 14 { harness.fake.waiting = false }
        }
        let stall = try #require(harness.events.first { $0.name == "stall" })
        let end = try #require(harness.events.first { $0.name == "stallEnd" })
        #expect(end.clock - stall.clock == MediaDuration(seconds: 4))
        #expect(harness.runtime.session.playhead.content < ContentTime(seconds: 21), "4 s of the 12 were stalled")
    }

    /// Only http(s) URLs reach the player.
    @Test func anAdThatIsNotHTTP_neverReachesThePlayer() async throws {
        let harness = Harness(try Self.preroll("file:///etc/passwd"))
        try await harness.play(seconds: 22) { step in if step == 0 { try harness.runtime.send(.start(.beginning)) } }
        #expect(!harness.fake.items.contains { $0?.hasPrefix("file:") == true })
        #expect(harness.names.contains("adError"))
    }
}
