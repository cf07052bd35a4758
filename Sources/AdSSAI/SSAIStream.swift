public import AdLive
internal import AdSignals
public import AdTransport
import Foundation
public import Logging
internal import HLS
public import MediaTime
internal import SSAITracking

/// Follows what an SSAI session plays: the playback URL as a live or VOD
/// stream (`LiveSource`; a multivariant playlist through its first
/// variant) and, when the session is ``SSAIStartup/Status/initialised``,
/// its tracking data, polled about once per target duration after a
/// playlist refresh and merged by key (`TrackingLedger`).
/// Avails are placed on the stream by `AvailAnchoring` and
/// checked against the manifest's markers and dates.
///
/// ```swift
/// let stream = SSAIStream(startup: startup, client: client)
/// await stream.follow(for: .seconds(60)) { update, _ in print(update.clock, update.event) }
/// ```
public struct SSAIStream: Sendable {
    /// One event and when it happened on the clock, since following began.
    public struct Update: Sendable, Hashable {
        /// When.
        public var clock: ClockTime
        /// What.
        public var event: SSAIEvent
    }

    /// How the session started: what plays, and its tracking URL.
    public let startup: SSAIStartup
    /// What fetches playlists and tracking data.
    public let client: HTTPClient
    /// The clock of the waits.
    public let clock: any Clock<Duration>
    /// How the playlist is followed.
    public let options: LiveOptions
    /// Where following is logged: the playlist as `LiveSource` logs it,
    /// debug for each tracking poll, warning for a poll that fails.
    public let logger: Logger

    /// Creates a follower of `startup`'s playback; the waits run on `clock`,
    /// or on the client's.
    public init(
        startup: SSAIStartup, client: HTTPClient, clock: (any Clock<Duration>)? = nil, options: LiveOptions = LiveOptions(),
        logger: Logger = .silent
    ) {
        self.startup = startup
        self.client = client
        self.clock = clock ?? client.clock
        self.options = options
        self.logger = logger
    }

    /// Follows the session until ENDLIST, `duration`, or cancellation,
    /// handing each update to `handle` with the playlist follower as it
    /// stands. Does nothing when there is nothing to play.
    @discardableResult
    public func follow(for duration: Duration? = nil, _ handle: (Update, LiveFollower) async -> Void) async -> LiveFollower? {
        guard let playbackURL = startup.playbackURL else { return nil }
        let elapsed = Stopwatch(clock)
        let (mediaURL, variant) = await mediaPlaylist(of: playbackURL)
        var tracking = startup.trackingURL.map { TrackingState(poller: TrackingPoller(url: $0, client: client)) }
        if let variant {
            await handle(Update(clock: elapsed.reading, event: .variant(variant)), LiveFollower(url: mediaURL.absoluteString, options: options))
        }
        let source = LiveSource(url: mediaURL, client: client, clock: clock, options: options, logger: logger)
        let remaining = duration.map { $0 - elapsed.reading.duration }
        return await source.follow(for: remaining) { update, follower in
            let now = elapsed.reading
            await handle(Update(clock: now, event: .live(update.event)), follower)
            guard case .refresh = update.event, tracking != nil, let playlist = follower.live?.playlist,
                  tracking!.isDue(at: now, every: follower.targetDuration)
            else { return }
            let events = await tracking!.poll(at: now, playlist: playlist, timeout: follower.targetDuration.duration)
            logger.debug("tracking poll", metadata: ["updates": "\(events.count)"])
            for event in events {
                if case .trackingError(let message) = event { logger.warning("tracking poll failed", metadata: ["message": "\(message)"]) }
                await handle(Update(clock: elapsed.reading, event: event), follower)
            }
        }
    }

    /// The media playlist to follow for `url`: itself, or the first
    /// variant of a multivariant playlist (and its URI, to report).
    func mediaPlaylist(of url: URL) async -> (URL, String?) {
        guard let body = try? await client.get(url, limits: TransportLimits(maxBodyBytes: options.maxBodyBytes, timeout: .seconds(10))),
              case .master(let master)? = try? PlaylistParser().parse(body),
              let variant = master.variants.first(where: { !$0.isIFrameOnly }),
              let resolved = URL(string: variant.uri, relativeTo: url)?.absoluteURL
        else { return (url, nil) }
        return (resolved, resolved.absoluteString)
    }
}

private extension ClockTime {
    var duration: Duration { MediaDuration(ticks: ticks).duration }
}
