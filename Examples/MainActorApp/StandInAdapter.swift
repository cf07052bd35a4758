import AdPlaybackKit

/// The adapter an app writes over its main-actor player: a thin mapping,
/// every decision is the session's.
@MainActor
final class StandInAdapter: MainActorPlayerAdapter {
    let player: StandInPlayer
    /// The runtime's reporter; every completion handler reports through it.
    var reporter: PlayerReporter?
    private(set) var shown: [String] = []

    init(player: StandInPlayer) { self.player = player }

    var currentItemTime: MediaDuration { MediaDuration(seconds: player.position) }

    func present(_ presentation: Presentation) {
        let id = presentation.id
        var url: String?
        switch presentation.item {
        case .main: url = presentation.replacesItem ? "https://cdn.example/episode.m3u8" : nil
        case .ad(_, _, let asset): url = asset?.uri ?? "missing:no-asset"
        case .alternate(let alternate): url = alternate ?? "slate:"
        }
        shown.append("\(presentation.item) at \(presentation.time.decimalSeconds)")
        player.show(url, at: presentation.time.seconds, exact: presentation.precision == .exact) { [weak self] result in
            switch result {
            case .success(let landed): self?.reporter?.report(.ready(id, landedAt: MediaDuration(seconds: landed)))
            case .failure(.notFound(let url)): self?.reporter?.report(.failed(id, .notFound(url)))
            }
        }
    }

    func setRate(_ rate: Double) { player.rate = rate }
}
