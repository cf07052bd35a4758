#if canImport(AVFoundation)
public import AVFoundation
public import MediaTime

/// ``AVPlayerControl`` over a real `AVPlayer`: KVO on the current item's
/// `status` and the player's `timeControlStatus`, and the item's end and
/// failure notifications. Compiled only where AVFoundation exists; this
/// project's CI runs on Linux, so this file is not compiled or run there
/// (the adapter it serves is, against a fake: `AVPlayerAdapterTests`).
@MainActor
public final class AVFoundationPlayer: AVPlayerControl {
    /// The player; show it in an `AVPlayerLayer` or `AVPlayerViewController`.
    public let player: AVPlayer
    public var onItemStatus: (@MainActor (AVItemStatus) -> Void)?
    public var onPlayedToEnd: (@MainActor () -> Void)?
    public var onFailedToPlayToEnd: (@MainActor (AVItemError) -> Void)?
    public var onWaiting: (@MainActor (_ waiting: Bool, _ reason: String?) -> Void)?
    private var itemStatus: NSKeyValueObservation?
    private var controlStatus: NSKeyValueObservation?
    private var notifications: [any NSObjectProtocol] = []
    /// An empty schedule of interstitial events: AVFoundation then ignores
    /// the HLS interstitials in the source media, and the session, which
    /// decided them with the rest of its breaks, plays them through this
    /// adapter as it plays every client-side break.
    private let interstitials: AVPlayerInterstitialEventController

    /// Drives `player`. AVFoundation's own playing of the playlist's HLS
    /// interstitials is turned off: the session plays them.
    public init(player: AVPlayer = AVPlayer()) {
        self.player = player
        interstitials = AVPlayerInterstitialEventController(primaryPlayer: player)
        interstitials.events = []
        controlStatus = player.observe(\.timeControlStatus, options: [.new]) { [weak self] player, _ in
            let status = player.timeControlStatus
            let reason = player.reasonForWaitingToPlay?.rawValue
            MainActor.assumeIsolated {
                switch status {
                case .waitingToPlayAtSpecifiedRate: self?.onWaiting?(true, reason)
                case .playing: self?.onWaiting?(false, nil)
                default: break
                }
            }
        }
    }

    public var currentTime: MediaDuration { MediaDuration(player.currentTime()) ?? .zero }

    public var rate: Float {
        get { player.rate }
        set { player.rate = newValue }
    }

    public func replaceItem(with url: String?) {
        itemStatus = nil
        for observer in notifications { NotificationCenter.default.removeObserver(observer) }
        notifications = []
        guard let url, let location = URL(string: url) else {
            player.replaceCurrentItem(with: nil)
            return
        }
        let item = AVPlayerItem(url: location)
        itemStatus = item.observe(\.status, options: [.new]) { [weak self] item, _ in
            let status: AVItemStatus =
                switch item.status {
                case .readyToPlay: .readyToPlay
                case .failed: .failed(Self.error(item.error))
                default: .unknown
                }
            MainActor.assumeIsolated { self?.onItemStatus?(status) }
        }
        notifications.append(NotificationCenter.default.addObserver(
            forName: AVPlayerItem.didPlayToEndTimeNotification, object: item, queue: .main
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.onPlayedToEnd?() }
        })
        notifications.append(NotificationCenter.default.addObserver(
            forName: AVPlayerItem.failedToPlayToEndTimeNotification, object: item, queue: .main
        ) { [weak self] notification in
            let error = Self.error(notification.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? (any Error))
            MainActor.assumeIsolated { self?.onFailedToPlayToEnd?(error) }
        })
        player.replaceCurrentItem(with: item)
    }

    public func seek(to time: MediaDuration, exact: Bool, completion: @escaping @MainActor (Bool) -> Void) {
        let tolerance: CMTime = exact ? .zero : .positiveInfinity
        player.seek(to: time.cmTime, toleranceBefore: tolerance, toleranceAfter: tolerance) { finished in
            Task { @MainActor in completion(finished) }
        }
    }

    nonisolated private static func error(_ error: (any Error)?) -> AVItemError {
        guard let error = error as NSError? else { return AVItemError(domain: "AVFoundationErrorDomain", code: 0, message: "unknown") }
        return AVItemError(domain: error.domain, code: error.code, message: error.localizedDescription)
    }
}
#endif
