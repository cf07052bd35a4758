public import MediaTime

/// The calls of AVPlayer (and its current AVPlayerItem) the adapter uses,
/// as a protocol: ``AVPlayerAdapter`` is written against it, tested on any
/// platform against a fake that behaves as Apple documents, and driven on
/// Apple platforms by `AVPlayer` itself (`AVPlayerControl+AVFoundation.swift`).
///
/// What Apple documents and the adapter relies on:
/// - `seek(to:toleranceBefore:toleranceAfter:completionHandler:)` completes
///   later, on the main queue, with `finished == false` when another seek
///   or a new item superseded it;
/// - a new item is usable once its `status` is `.readyToPlay`, or has
///   failed (`.failed` with its `error`);
/// - no time passes while the player waits (`timeControlStatus ==
///   .waitingToPlayAtSpecifiedRate`).
@MainActor
public protocol AVPlayerControl: AnyObject {
    /// `currentTime()`.
    var currentTime: MediaDuration { get }
    /// `rate`.
    var rate: Float { get set }
    /// `replaceCurrentItem(with: url.map { AVPlayerItem(url: URL(string: $0)!) })`.
    func replaceItem(with url: String?)
    /// `seek(to:toleranceBefore:toleranceAfter:completionHandler:)`, with zero
    /// tolerances when `exact`, the default ones otherwise.
    func seek(to time: MediaDuration, exact: Bool, completion: @escaping @MainActor (_ finished: Bool) -> Void)
    /// Called with the current item's status as it changes (KVO on `status`).
    var onItemStatus: (@MainActor (AVItemStatus) -> Void)? { get set }
    /// `AVPlayerItemDidPlayToEndTime`.
    var onPlayedToEnd: (@MainActor () -> Void)? { get set }
    /// `AVPlayerItemFailedToPlayToEndTime`, with the error.
    var onFailedToPlayToEnd: (@MainActor (AVItemError) -> Void)? { get set }
    /// `timeControlStatus` becoming `.waitingToPlayAtSpecifiedRate` (true,
    /// with `reasonForWaitingToPlay`) or `.playing` (false).
    var onWaiting: (@MainActor (_ waiting: Bool, _ reason: String?) -> Void)? { get set }
}

/// An item's status, as `AVPlayerItem.Status` says it.
public enum AVItemStatus: Sendable, Hashable {
    /// Not known yet: the item is loading.
    case unknown
    /// The item can play.
    case readyToPlay
    /// The item cannot play, and why.
    case failed(AVItemError)
}

/// An `NSError` of AVFoundation or of the URL loading system, as the
/// adapter needs it: its domain, code and description.
public struct AVItemError: Error, Sendable, Hashable {
    /// The error's domain, e.g. `NSURLErrorDomain`.
    public var domain: String
    /// Its code in that domain.
    public var code: Int
    /// Its localized description.
    public var message: String

    /// Creates an error.
    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }
}
