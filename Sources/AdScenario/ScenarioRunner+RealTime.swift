public import Logging
public import AdPlayback
public import AdPlaybackRuntime
public import AdOutbox
public import AdPolicy
public import AdResolvers
import AdLive
import AdTimeline
public import AdTransport
public import Foundation
public import HLS
public import MediaTime

/// What a real player itself reports: the item it shows (its URL; `nil`
/// when none is loaded) and its position there.
public struct PlayerPosition: Sendable, Hashable {
    /// The URL of the item the player shows.
    public var item: String?
    /// The player's position in that item.
    public var position: MediaDuration

    /// Creates a position.
    public init(item: String?, position: MediaDuration) {
        self.item = item
        self.position = position
    }
}

/// A real player a scenario plays on: the adapter the session drives, how
/// its reports reach the runtime, and what it reports of itself.
public struct RealPlayer {
    /// The adapter the session drives.
    public var adapter: any PlayerAdapter
    /// Hands the adapter the runtime's reporter.
    public var connect: (PlayerReporter) -> Void
    /// What the player itself reports now.
    public var position: () -> PlayerPosition?
    /// Told each refresh of a live main stream's playlist, with the
    /// playlist's URL, so the adapter can place its positions on the
    /// playlist's stream time (mpv: `LiveSegmentMap`); any thread.
    public var followsLive: (@Sendable (MediaPlaylist, URL) -> Void)?

    /// Creates a real player.
    public init(
        adapter: any PlayerAdapter, connect: @escaping (PlayerReporter) -> Void, position: @escaping () -> PlayerPosition?,
        followsLive: (@Sendable (MediaPlaylist, URL) -> Void)? = nil
    ) {
        self.adapter = adapter
        self.connect = connect
        self.position = position
        self.followsLive = followsLive
    }
}

extension Scenario {
    /// Checks that the scenario can play on a real player: a stream with a
    /// `"url"` (VOD or live, and a blackout's alternate too), and an
    /// `"asset"` for every ad the player loads as its own item.
    public func checkRealPlayable() throws(ScenarioError) {
        guard liveRecording == nil else {
            throw ScenarioError(
                path: "$.stream", message: "a live recording plays on the simulated player only; a real player follows a live stream's \"url\"")
        }
        guard streamURL != nil || liveURL != nil else {
            throw ScenarioError(path: "$.stream", message: "a real player needs the stream's \"url\", the main stream it loads")
        }
        if let blackout, blackout.alternateURL == nil {
            throw ScenarioError(
                path: "$.blackout.alternate", message: "a real player loads the alternate stream from its \"url\", not a recording")
        }
        for (breakIndex, adBreak) in timeline.breaks.enumerated() where adBreak.insertion == .inserted {
            for (adIndex, ad) in adBreak.ads.enumerated() where ad.primaryAsset == nil {
                throw ScenarioError(
                    path: "$.breaks[\(breakIndex)].ads[\(adIndex)]",
                    message: "ad \"\(ad.id)\" has no \"asset\": a real player loads an inserted ad from its URL")
            }
        }
    }

    /// Runs the scenario on a real player, in real time: each action takes
    /// the wall time it names, and the session is ticked every
    /// `tickInterval` meanwhile. `onEvent` sees each event as it is
    /// published, with what the player itself then reported. When the main
    /// stream fails (the player crashed, the stream is gone) the session is
    /// stopped there and the run says why (``ScenarioRun/mainStreamFailure``).
    /// A live stream (`"stream": {"type": "live", "url": …}`) is followed
    /// in the background as `adplay live watch` follows it, with `client`:
    /// its news reaches the session at each tick, its windows reach the
    /// player (``RealPlayer/followsLive``), and the run starts once its
    /// first playlist has arrived. Each event's date is in
    /// ``ScenarioRun/dates``, and `onEvent` gets it too. With `beacons`,
    /// `onBeacon` sees each beacon as it is journaled, right after the
    /// event that fired it.
    /// - Throws: ``ScenarioError`` as ``run(selector:resolvers:clock:bookmarks:beacons:beaconSession:logger:)``
    ///   does, and when the scenario cannot play on a real player
    ///   (``checkRealPlayable()``), a live stream's first playlist does not
    ///   load, or a `playToEnd` does not end (a player that stopped moving).
    @MainActor
    public func runInRealTime(
        on player: RealPlayer, selector: (any AdPolicySelector)? = nil, resolvers: [any AdResolver],
        bookmarks: (any BookmarkStore & Sendable)? = nil, beacons: BeaconOutbox? = nil, beaconSession: String = "run",
        client: HTTPClient? = nil, logger: Logger = .silent, tickInterval: Duration = .milliseconds(40),
        onEvent: @escaping @MainActor (SessionEvent, PlayerPosition?, String?) -> Void = { _, _, _ in },
        onBeacon: @escaping @MainActor (FiredBeacon) -> Void = { _ in }
    ) async throws(ScenarioError) -> ScenarioRun {
        try checkRealPlayable()
        var alternate: AlternateContent?
        if let url = blackout?.alternateURL {
            do { alternate = try AlternateContent(url: url) } catch { throw ScenarioError(path: "$.blackout.alternate.url", message: error.description) }
        }
        let session = PlaybackSession(
            timeline: timeline, engine: AdPolicyEngine(policy: policy, selector: selector), placeholderStyle: placeholderStyle,
            alternateContent: alternate)
        let clock = ContinuousClock()
        let driver = PlaybackDriver(session: session, player: player.adapter, clock: clock, bookmarks: bookmarks)
        let runtime = PlaybackRuntime(
            driver: driver, registry: ResolverRegistry(resolvers, timeLimit: resolveTimeout.duration, clock: clock, logger: logger), logger: logger)
        let feed = try await followLive(with: client, logger: logger, playlistChanged: player.followsLive)
        let stage = RealTimeStage(runtime: runtime, tickInterval: tickInterval, feed: feed)
        var dates: [String?] = []
        driver.observers.append(EventTap { events in
            for event in events {
                let date = feed?.date(at: event.stream)?.description
                if feed != nil { dates.append(date) }
                onEvent(event, player.position(), date)
            }
            stage.published += events
            for case .streamError(let message, true) in events.map(\.kind) { stage.mainStreamFailure = message }
        })
        if let feed { driver.bookmarkDate = { content in feed.date(at: StreamTime(ticks: content.ticks)) } }
        let recorder = track(beacons, session: beaconSession, in: runtime)
        // The tracker observes after the tap, so a beacon's line follows its event's;
        // both run where the runtime does, on the main actor.
        recorder?.onFire = { fired in MainActor.assumeIsolated { onBeacon(fired) } }
        player.connect(runtime.reporter)
        let loop = Task { @MainActor in await runtime.run() }
        defer { loop.cancel() }
        let events: [SessionEvent]
        do {
            // What the first playlist says (the window, breaks open at the join) comes before the start.
            try feed?.deliver(to: runtime)
            events = try await play(on: stage, bookmarks: bookmarks) + stage.take()
        } catch {
            await feed?.stop()
            throw (error as? ScenarioError) ?? ScenarioError(path: "$.stream", message: "\(error)")
        }
        await feed?.stop()
        var run = ScenarioRun(
            timeline: session.initialTimeline, events: events, watched: runtime.session.watchedBreakIDs,
            issues: issues + runtime.issues + (recorder?.problems ?? []))
        run.dates = dates
        run.beacons = recorder?.fired ?? []
        run.mainStreamFailure = stage.mainStreamFailure
        return run
    }

    /// Starts following a live stream's playlist, and waits for the first
    /// one; `nil` for VOD.
    private func followLive(
        with client: HTTPClient?, logger: Logger, playlistChanged: (@Sendable (MediaPlaylist, URL) -> Void)?
    ) async throws(ScenarioError) -> RealTimeLiveFeed? {
        guard let liveURL else { return nil }
        guard let url = URL(string: liveURL) else { throw ScenarioError(path: "$.stream.url", message: "not a URL: \(liveURL)") }
        guard let client else {
            throw ScenarioError(path: "$.stream.url", message: "following a live stream needs an HTTP client to fetch its playlist with")
        }
        var options = LiveOptions()
        if let blackout { options.device = blackout.device }
        let feed = RealTimeLiveFeed(url: url, client: client, options: options, logger: logger, playlistChanged: playlistChanged)
        feed.start()
        if let why = await feed.firstPlaylist(patience: .seconds(15)) {
            await feed.stop()
            throw ScenarioError(path: "$.stream.url", message: "\(liveURL): the first playlist does not load: \(why)")
        }
        return feed
    }
}
