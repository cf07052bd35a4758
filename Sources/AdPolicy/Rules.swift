/// What a forward (fastForward) or backward (rewind) jump does with the
/// breaks it leaps over.
public enum JumpRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Play every leaped break, in the order the jump passes them.
    case playAll
    /// Play the first leaped break the jump passes.
    case playFirst
    /// Play the last leaped break the jump passes ("snapback" when forward).
    case playLast
    /// Play none.
    case skipAll
}

/// What happens to a break interrupted by a phone call or backgrounding.
public enum InterruptRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Continue with the content after the break.
    case skip
    /// Play the break again from its first ad.
    case restart
    /// Continue inside the ad where it stopped.
    case resume
}

/// Which breaks before the start position play when a session starts after 0.
public enum AutoSeekRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// None: content at the start position.
    case skipAll
    /// The pre-roll only.
    case playPreroll
    /// No pre-roll; the mid-rolls before the position as the fastForward rule
    /// selects them, at least the last one.
    case playMidroll
    /// The pre-roll, then mid-rolls as for ``playMidroll``.
    case playAll
}

/// What happens when a break already watched in this session is reached again.
public enum RepeatRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// It plays again.
    case alwaysPlay
    /// It is skipped.
    case playOnce
}

/// What a seek that lands inside a break does.
public enum SeekIntoBreakRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Play the break from its first ad.
    case playFromBreakStart
    /// Play from the start of the ad the target lies in.
    case playFromAdStart
    /// Play from the target itself.
    case playFromTarget
    /// Play from the start of the ad after the target's; past the last ad,
    /// skip the break.
    case skipToNextAd
    /// Skip the break: content after it.
    case skipBreak
}

/// When a break counts as watched.
public enum WatchedRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// As soon as it starts.
    case onBegin
    /// When it completes.
    case onEnd
    /// Never.
    case never
}

/// Which breaks a fail-over session leaves out (post-rolls always play).
public struct FailoverFlags: Sendable, Hashable, Codable {
    /// The fail-over session plays no pre-roll.
    public var disablePreroll: Bool
    /// The fail-over session plays no mid-roll.
    public var disableMidroll: Bool

    /// Creates fail-over flags; both default to false.
    public init(disablePreroll: Bool = false, disableMidroll: Bool = false) {
        self.disablePreroll = disablePreroll
        self.disableMidroll = disableMidroll
    }
}
