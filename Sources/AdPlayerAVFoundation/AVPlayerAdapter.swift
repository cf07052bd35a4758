public import AdPlayback
public import AdPlaybackRuntime
public import MediaTime
import AdTimeline
import VAST

/// The session's adapter over AVPlayer, on the main actor: a thin mapping
/// of the player contract (Docs/Players.md) onto ``AVPlayerControl``.
///
/// - A presentation that loads replaces the item; once the item is ready
///   it seeks (exactly where the contract says exact); the seek's
///   completion with `finished` is ready, at the time the player then
///   reports. A seek in the item shown is the same without the load. A
///   completion with `finished == false` was superseded and says nothing.
/// - An item that fails to load, or to play to its end, fails the
///   presentation: 401 when the file or playlist is not found, 402 on a
///   timeout, 405 otherwise.
/// - The end of the item is the item's end; waiting to play is a stall.
/// - Only http(s) URLs reach the player.
///
/// Wrap it in `MainActorPlayer` for the driver, and give it the runtime's
/// reporter: call `PlaybackRuntime.tick()` from a periodic time observer.
public final class AVPlayerAdapter: MainActorPlayerAdapter {
    private let player: any AVPlayerControl
    private let mainURL: String
    /// Where reports go: the runtime's reporter.
    public var reporter: PlayerReporter?
    private var shownURL: String?
    private var current: Presentation?
    private var waitingForItem: Presentation?

    /// Drives `player`, whose main item is at `mainURL`.
    public init(player: any AVPlayerControl, mainURL: String) {
        self.player = player
        self.mainURL = mainURL
        player.onItemStatus = { [weak self] status in self?.itemStatus(status) }
        player.onPlayedToEnd = { [weak self] in
            guard let self, let id = current?.id else { return }
            reporter?.report(.ended(id))
        }
        player.onFailedToPlayToEnd = { [weak self] error in
            guard let self, let id = current?.id else { return }
            reporter?.report(.failed(id, Self.failure(for: error)))
        }
        player.onWaiting = { [weak self] waiting, _ in self?.reporter?.report(waiting ? .stalled : .stallEnded) }
    }

    public var currentItemTime: MediaDuration { player.currentTime }

    public func present(_ presentation: Presentation) {
        current = presentation
        let url: String? =
            switch presentation.item {
            case .main: mainURL
            case .ad(_, _, let asset): asset?.uri ?? ""
            case .alternate(let url): url
            }
        guard presentation.replacesItem || url != shownURL else {
            seek(for: presentation)
            return
        }
        if let url, !MediaURL.isWeb(url) {
            reporter?.report(.failed(presentation.id, .unplayable(MediaURL.refusal(url) ?? "not an http(s) URL: \(url)")))
            return
        }
        shownURL = url
        guard url != nil else {
            // The app's slate: no item.
            player.replaceItem(with: nil)
            reporter?.report(.ready(presentation.id, landedAt: presentation.time))
            return
        }
        waitingForItem = presentation
        player.replaceItem(with: url)
    }

    public func setRate(_ rate: Double) { player.rate = Float(rate) }

    private func itemStatus(_ status: AVItemStatus) {
        guard let presentation = waitingForItem else { return }
        switch status {
        case .unknown:
            return
        case .readyToPlay:
            waitingForItem = nil
            seek(for: presentation)
        case .failed(let error):
            waitingForItem = nil
            reporter?.report(.failed(presentation.id, Self.failure(for: error)))
        }
    }

    private func seek(for presentation: Presentation) {
        let id = presentation.id
        player.seek(to: presentation.time, exact: presentation.precision == .exact) { [weak self] finished in
            guard let self, finished, current?.id == id else { return }  // superseded
            reporter?.report(.ready(id, landedAt: player.currentTime))
        }
    }

    /// A player error as the contract's failure: not found (401), timed out
    /// (402), or anything else (405).
    static func failure(for error: AVItemError) -> PlayerFailure {
        let message = "\(error.domain) \(error.code): \(error.message)"
        switch (error.domain, error.code) {
        case ("NSURLErrorDomain", -1100), ("NSURLErrorDomain", -1011), ("CoreMediaErrorDomain", -12938), ("AVFoundationErrorDomain", -11829):
            return .notFound(message)  // file does not exist, bad server response (404), HTTP 404, cannot open
        case ("NSURLErrorDomain", -1001):
            return .timeout(message)
        default:
            return .unplayable(message)
        }
    }
}
