import AdPlaybackKit

/// A stand-in for a main-actor player such as AVPlayer: loads and seeks
/// complete later, through completion handlers, and land on a keyframe
/// unless asked to be exact; a file it cannot find fails.
@MainActor
final class StandInPlayer {
    enum LoadError: Error { case notFound(String) }

    private(set) var url: String?
    private(set) var position: Double = 0
    var rate: Double = 0
    /// A load or seek under way: it completes at the player's next frame.
    private var underWay: (() -> Void)?

    /// Loads `url` (nil: keeps the item) and seeks to `time`; `completion`
    /// runs once the player shows it, on the main actor. A later call
    /// supersedes it: no callback, as AVPlayer cancels the seek.
    func show(_ url: String?, at time: Double, exact: Bool, completion: @escaping @MainActor (Result<Double, LoadError>) -> Void) {
        underWay = { [weak self] in
            guard let self else { return }
            if let url, url.contains("missing") {
                completion(.failure(.notFound(url)))
                return
            }
            if let url { self.url = url }
            position = exact ? time : (time / 2).rounded(.down) * 2  // keyframes every 2 s
            completion(.success(position))
        }
    }

    /// Plays for `seconds` of wall time at the rate; a load or seek under
    /// way completes instead (a real player answers later).
    func advance(by seconds: Double) {
        if let completing = underWay {
            underWay = nil
            completing()
            return
        }
        position += seconds * rate
    }
}
