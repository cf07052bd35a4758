/// Where one ad of a break stands.
public enum AdState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not played yet (or played in part and left).
    case available
    /// Playing now.
    case playing
    /// Played to its end.
    case played
    /// Passed over: its break was skipped, or the viewer left it.
    case skipped
    /// It could not play (no playable file, an asset that failed).
    case failed
}
