import AdPlaybackKit

/// A main-actor view model that follows the session: what the ad badge shows.
@MainActor
final class AdBadge: MainActorPlaybackObserver {
    private(set) var text = ""
    private(set) var adsShown = 0

    func session(_ session: PlaybackSession, handled input: SessionInput, published events: [SessionEvent]) {
        for event in events {
            if case .adStart = event.kind { adsShown += 1 }
        }
        text = session.isInBreak ? "Ad" : ""
    }

    func timeToNextMoment(in session: PlaybackSession) -> MediaDuration? { nil }
}

/// What an app's player screen owns: the runtime, on the main actor, with
/// the adapter over its player. The player's time observer calls
/// ``tick()``; ``run()`` runs beside it for resolutions and the player's reports.
@MainActor
final class PlaybackController {
    let player = StandInPlayer()
    let adapter: StandInAdapter
    let runtime: PlaybackRuntime
    let clock: VirtualClock
    let badge = AdBadge()
    private let stream: AsyncStream<SessionEvent>
    private(set) var events: [SessionEvent] = []

    init(session: PlaybackSession, resolvers: [any AdResolver], clock: VirtualClock) {
        self.clock = clock
        adapter = StandInAdapter(player: player)
        let driver = PlaybackDriver(session: session, player: MainActorPlayer(adapter), clock: clock)
        runtime = PlaybackRuntime(driver: driver, registry: ResolverRegistry(resolvers, clock: clock))
        adapter.reporter = runtime.reporter
        driver.observers.append(MainActorObserver(badge))
        stream = runtime.driver.events  // every event from here on
    }

    /// Sends the viewer's or the app's input.
    func send(_ input: SessionInput) throws {
        try runtime.send(input)
    }

    /// Plays `seconds` of wall time in half-second steps of the player's
    /// time observer, letting completion handlers and results arrive between.
    func play(seconds: Int) async throws {
        let stream = self.stream
        let collector = Task { @MainActor in
            var seen: [SessionEvent] = []
            for await event in stream { seen.append(event) }
            return seen
        }
        let loop = Task { @MainActor in await self.runtime.run() }
        for _ in 0..<(seconds * 2) where runtime.session.isRunning {
            await Task.yield()
            await Task.yield()
            clock.advance(by: MediaDuration(microseconds: 500_000))
            player.advance(by: 0.5)
            try runtime.tick()
        }
        loop.cancel()
        runtime.driver.finish()
        events = await collector.value
    }
}
