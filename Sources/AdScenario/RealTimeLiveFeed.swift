import Logging
import AdLive
import AdPlayback
import AdPlaybackRuntime
import AdTransport
import Foundation
import HLS
import MediaTime

/// A live stream followed in the background while a real player plays it,
/// as `adplay live watch` follows one: each refresh's news waits in a
/// queue until the stage hands it to the session at its next tick, and
/// each new window goes to the player (``RealPlayer/followsLive``) so it
/// can place its positions on the playlist's stream time. Following goes
/// on whatever the session shows (an ad, a blackout's alternate).
final class RealTimeLiveFeed: @unchecked Sendable {
    let url: URL
    private let source: LiveSource
    private let queue = LiveInputQueue()
    private let playlistChanged: (@Sendable (MediaPlaylist, URL) -> Void)?
    private let lock = NSLock()
    // Under `lock`:
    private var latest: MediaPlaylist?
    private var lastFailure: String?
    private var following: Task<Void, Never>?

    init(url: URL, client: HTTPClient, options: LiveOptions, logger: Logger, playlistChanged: (@Sendable (MediaPlaylist, URL) -> Void)?) {
        self.url = url
        self.playlistChanged = playlistChanged
        source = LiveSource(url: url, client: client, clock: ContinuousClock(), options: options, logger: logger)
    }

    /// Starts following.
    func start() {
        let task = Task { [self] in
            _ = await source.follow(withFollower: { [self] update, follower in take(update, follower) })
        }
        lock.withLock { following = task }
    }

    /// Stops following and waits until it has.
    func stop() async {
        let task = lock.withLock { following }
        task?.cancel()
        await task?.value
    }

    private func take(_ update: LiveSource.Update, _ follower: LiveFollower) {
        queue.take(update, from: follower)
        if case .originError(_, let status, let reason, _) = update.event {
            lock.withLock { lastFailure = status.map { "HTTP \($0): \(reason)" } ?? reason }
        }
        guard case .refresh = update.event, let playlist = follower.live?.playlist else { return }
        lock.withLock { latest = playlist }
        playlistChanged?(playlist, url)
    }

    /// The window as the latest playlist has it.
    var window: LiveWindow? { lock.withLock { latest }.map(LiveWindow.init) }

    /// The date at a stream time, from PROGRAM-DATE-TIME.
    func date(at time: StreamTime) -> ProgramDateTime? { lock.withLock { latest }?.programDateTime(at: time) }

    /// The stream time of a date.
    func streamTime(of date: ProgramDateTime) -> StreamTime? { lock.withLock { latest }?.streamTime(of: date) }

    /// Waits for the first playlist, up to `patience`; why it did not come otherwise.
    func firstPlaylist(patience: Duration) async -> String? {
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline, !Task.isCancelled {
            if window != nil { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return window != nil ? nil : lock.withLock { lastFailure } ?? "no playlist within \(patience)"
    }

    /// Hands the news queued since the last call to the session.
    func deliver(to runtime: PlaybackRuntime) throws(SessionError) {
        for input in queue.drain() { try runtime.send(input) }
    }
}
