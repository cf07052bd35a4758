public import AdPolicy
public import MediaTime

/// The operation a jump names; the direction is decided by where it lands.
public enum JumpKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A plain seek.
    case seek
    /// A trick-play jump forward.
    case fastForward
    /// A trick-play jump backward.
    case rewind
}

/// Where a session starts.
public enum StartPoint: Sendable, Hashable {
    /// At 0: the pre-roll is reached.
    case beginning
    /// A fresh start at a position, nothing watched; autoSeek applies.
    case position(JumpTarget)
    /// Resuming a bookmark: its position and its watched breaks; autoSeek
    /// applies to the rest.
    case bookmark(Bookmark)
}

/// What happens to a session: the viewer's requests, the player's progress,
/// faults.
public enum SessionInput: Sendable, Hashable {
    /// Start the session.
    case start(StartPoint)
    /// The player's current item has reached `itemTime`.
    case tick(itemTime: MediaDuration)
    /// The player's current item played to its end.
    case itemEnded
    /// The viewer paused.
    case pause
    /// The viewer resumed after a pause.
    case resume
    /// A seek, fastForward or rewind.
    case jump(JumpKind, to: JumpTarget)
    /// Playback was interrupted (a phone call, backgrounding).
    case interrupt
    /// The interruption is over.
    case interruptEnd
    /// The viewer stopped: a bookmark is saved.
    case stop
    /// A fault: the session ends and a fail-over session starts at the same
    /// content time.
    case failover
}
