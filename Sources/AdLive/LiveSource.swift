public import AdTransport
public import Foundation
import HLS
public import Logging
public import MediaTime

/// Follows a live media playlist through the transport: fetches it,
/// hands each body to a ``LiveFollower``, reports what it found, and waits
/// as the follower says, on the client's clock. Faults are reported and
/// retried; following stops at `EXT-X-ENDLIST`, at the time given, or when
/// the task is cancelled.
///
/// ```swift
/// let source = LiveSource(url: playlistURL, client: HTTPClient(transport: URLSessionTransport(), clock: ContinuousClock()))
/// await source.follow(for: .seconds(60)) { update in print(update.clock, update.event) }
/// ```
public struct LiveSource: Sendable {
    /// One event and when it happened: the client clock's time since
    /// following began.
    public struct Update: Sendable, Hashable {
        /// When.
        public var clock: ClockTime
        /// What.
        public var event: LiveEvent

        /// Creates an update.
        public init(clock: ClockTime, event: LiveEvent) {
            self.clock = clock
            self.event = event
        }
    }

    /// The playlist URL.
    public let url: URL
    /// What fetches it; each fetch's time limit runs on its clock.
    public let client: HTTPClient
    /// The clock the waits between fetches, and the updates' times, run on.
    public let clock: any Clock<Duration>
    /// How it is followed.
    public let options: LiveOptions

    /// Where following is logged, with the playlist's URL (its query
    /// redacted): debug for each refresh, info for blackouts, warning for
    /// origin faults.
    public let logger: Logger

    /// Creates a source; nothing is fetched until ``follow(for:bodies:_:)``. The
    /// waits run on `clock`, or on the client's when it is `nil`.
    public init(
        url: URL, client: HTTPClient, clock: (any Clock<Duration>)? = nil, options: LiveOptions = LiveOptions(), logger: Logger = .silent
    ) {
        self.url = url
        self.client = client
        self.clock = clock ?? client.clock
        self.options = options
        var logger = logger
        logger[metadataKey: "playlist"] = "\(url.redactedForLog)"
        self.logger = logger
    }

    /// Follows the playlist, handing each update to `handle` in order (and
    /// each body fetched to `bodies`, to record it).
    /// - Parameters:
    ///   - duration: how long to follow; `nil` until ENDLIST or cancellation.
    ///   - bodies: sees each body fetched, with when, to record it.
    ///   - handle: sees each update, in order.
    /// - Returns: the follower as following ended (its playlist, whether it finished).
    @discardableResult
    public func follow(
        for duration: Duration? = nil, bodies: ((ClockTime, [UInt8]) async -> Void)? = nil, _ handle: (Update) async -> Void
    ) async -> LiveFollower {
        await follow(for: duration, bodies: bodies) { update, _ in await handle(update) }
    }

    /// Follows the playlist as ``follow(for:bodies:_:)`` does, handing each
    /// update to `handle` with the follower as it stands after it (its
    /// playlist, its restart count), to turn the update into session
    /// inputs (`LiveInputs`, in `AdPlaybackRuntime`). Do not keep the follower: the next refresh
    /// would copy its window.
    @discardableResult
    public func follow(
        for duration: Duration? = nil, bodies: ((ClockTime, [UInt8]) async -> Void)? = nil,
        withFollower handle: (Update, LiveFollower) async -> Void
    ) async -> LiveFollower {
        var follower = LiveFollower(url: url.absoluteString, options: options)
        let elapsed = Stopwatch(clock)
        let end = duration.map { ClockTime(ticks: MediaDuration($0).ticks) }
        while !Task.isCancelled, !follower.isFinished {
            var limits = TransportLimits(maxBodyBytes: options.maxBodyBytes, timeout: follower.fetchTimeout.duration)
            if let end { limits.timeout = min(limits.timeout, (end - elapsed.reading).duration) }
            guard limits.timeout > .zero else { break }
            let events: [LiveEvent]
            do {
                let response = try await client.send(HTTPRequest(url: url), limits: limits)
                await bodies?(elapsed.reading, response.body)
                events = follower.take(response.body, at: elapsed.reading)
            } catch {
                if error.kind == .cancelled { break }
                if let end, elapsed.reading >= end { break }
                var status: Int?
                if case .status(let code) = error.kind { status = code }
                events = follower.fail(LiveFault(url: error.url, status: status, reason: error.message), at: elapsed.reading)
            }
            for event in events {
                log(event)
                await handle(Update(clock: elapsed.reading, event: event), follower)
            }
            guard !follower.isFinished, follower.live != nil || !options.stopIfFirstLoadFails else { break }
            var wait = follower.nextDelay
            if let end { wait = min(wait, end - elapsed.reading) }
            guard wait > .zero || end.map({ elapsed.reading < $0 }) ?? true else { break }
            do {
                try await elapsed.sleep(for: wait.duration)
            } catch {
                break
            }
            if let end, elapsed.reading >= end { break }
        }
        return follower
    }
}

/// A clock's time since the stopwatch was made, and sleeping on it.
public struct Stopwatch: Sendable {
    private let read: @Sendable () -> ClockTime
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Starts a stopwatch on `clock`.
    public init(_ clock: any Clock<Duration>) {
        (read, sleeper) = Self.make(clock)
    }

    private static func make<C: Clock<Duration>>(_ clock: C) -> (@Sendable () -> ClockTime, @Sendable (Duration) async throws -> Void) {
        let origin = clock.now
        return ({ ClockTime(ticks: MediaDuration(origin.duration(to: clock.now)).ticks) },
                { try await clock.sleep(for: $0) })
    }

    /// The time since it started.
    public var reading: ClockTime { read() }

    /// Sleeps on its clock.
    public func sleep(for duration: Duration) async throws { try await sleeper(duration) }
}

extension LiveSource {
    /// Logs a live event at the level it deserves.
    func log(_ event: LiveEvent) {
        switch event {
        case .refresh(let sequence, let segments, let changed):
            logger.debug("refresh", metadata: ["mediaSequence": "\(sequence)", "segments": "\(segments)", "changed": "\(changed)"])
        case .originError(let url, let status, let reason, let retryIn):
            var metadata: Logger.Metadata = ["url": "\(URL(string: url)?.redactedForLog ?? "(not a URL)")", "reason": "\(reason)", "retryIn": "\(retryIn.decimalSeconds)"]
            if let status { metadata["status"] = "\(status)" }
            logger.warning("origin fault; retrying", metadata: metadata)
        case .blackout(let change):
            logger.info("blackout", metadata: ["change": "\(change)"])
        case .opportunityStart(let opportunity), .opportunityUpdate(let opportunity), .opportunityEnd(let opportunity):
            logger.debug("opportunity", metadata: ["opportunity": "\(opportunity.id)"])
        case .stale, .gap, .windowReset, .segmentRewritten:
            logger.warning("\(event)")
        case .timedMetadata, .end:
            logger.debug("\(event)")
        }
    }
}
