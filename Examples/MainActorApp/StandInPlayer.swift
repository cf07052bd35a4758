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
    private var isBusy = false
    private var generation = 0

    /// Loads `url` (nil: keeps the item) and seeks to `time`; `completion`
    /// runs once the player shows it, on the main actor.
    func show(_ url: String?, at time: Double, exact: Bool, completion: @escaping @MainActor (Result<Double, LoadError>) -> Void) {
        generation += 1
        let mine = generation
        isBusy = true
        Task { @MainActor in
            await Task.yield()  // a real player answers later
            guard mine == self.generation else { return }  // superseded: no callback, as AVPlayer cancels the seek
            self.isBusy = false
            if let url, url.contains("missing") {
                completion(.failure(.notFound(url)))
                return
            }
            if let url { self.url = url }
            self.position = exact ? time : (time / 2).rounded(.down) * 2  // keyframes every 2 s
            completion(.success(self.position))
        }
    }

    /// Plays for `seconds` of wall time at the rate, unless a load or seek is under way.
    func advance(by seconds: Double) {
        guard !isBusy else { return }
        position += seconds * rate
    }
}
