import AdSignals
import HLS

extension PlaylistDelta {
    /// The opportunities this refresh opened or closed, each once, as `playlist` (the playlist
    /// after the refresh) now has them: what these tests hand a session, which sees no runtime.
    /// (Apps follow a live playlist with `LiveFollower` and map its events with `LiveInputs`.)
    func changedOpportunities(in playlist: MediaPlaylist) -> [AdOpportunity] {
        var seen: Set<String> = []
        return (openedOpportunities + closedOpportunities).compactMap { id in
            guard seen.insert(id).inserted else { return nil }
            return playlist.opportunities.last { $0.id == id }.map(AdOpportunity.init)
        }
    }
}
