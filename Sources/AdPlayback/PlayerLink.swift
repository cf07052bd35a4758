import MediaTime

/// The session's model of its player: what it shows and where, whether a
/// presentation must go out, the last one asked for and whether it is
/// ready, where it landed, and a stall.
struct PlayerLink: Sendable, Hashable {
    /// What the player shows, or will once the last presentation is ready.
    var item: PlayerItem = .main
    /// Where in the item the session has played to.
    var time: MediaDuration = .zero
    /// Whether the model moved where playing on would not take the player:
    /// one presentation goes out at the end of the input.
    var isStale = false
    /// How that presentation must land.
    var precision: SeekPrecision = .exact
    /// The last presentation asked for, ready or not.
    var current: Presentation?
    /// Whether `current` still waits for the player's `ready`.
    var isPending = false
    /// When `current` was asked for.
    var presentedAt: ClockTime = .zero
    /// The player landed before the target: positions from here up to the
    /// session's item time replay what is behind the playhead and count nothing.
    var leadInFrom: MediaDuration?
    /// When the session last took a position from the player (a tick or a ready).
    var positionAt: ClockTime = .zero
    /// Whether no tick has come since the last ready.
    var isFirstPositionAfterReady = false
    /// Since when playback has stalled, if it has.
    var stalledSince: ClockTime?
    /// The last identity handed out.
    var lastID = 0

    /// A position that moves back less than this is a player's jitter, not a resync.
    static let backwardTolerance = MediaDuration(microseconds: 50_000)
    /// A position may run ahead of the time elapsed by this much (a
    /// player's periodic observer is late, or reads ahead) before it is a resync.
    static let forwardTolerance = MediaDuration(microseconds: 500_000)

    /// Whether `report` is about the last presentation.
    func isCurrent(_ id: PresentationID) -> Bool { current?.id == id }

    mutating func nextID() -> PresentationID {
        lastID += 1
        return PresentationID(lastID)
    }
}
