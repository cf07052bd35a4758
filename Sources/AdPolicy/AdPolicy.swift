public import MediaTime

/// The rules that decide which breaks play.
///
/// Every property defaults to the value marked as default in the design
/// (``strict``). Start from a preset and change what differs:
///
/// ```swift
/// var policy = AdPolicy.snapback
/// policy.cooldown = MediaDuration(seconds: 300)
/// ```
public struct AdPolicy: Sendable, Hashable, Codable {
    /// Forward jumps over breaks.
    public var fastForward: JumpRule = .playAll
    /// Backward jumps over breaks.
    public var rewind: JumpRule = .playAll
    /// A break interrupted by a phone call or backgrounding.
    public var interrupt: InterruptRule = .resume
    /// A session that starts after 0 (a bookmark, a deep link, a fail-over).
    public var autoSeek: AutoSeekRule = .playAll
    /// A break reached again in the same session.
    public var `repeat`: RepeatRule = .playOnce
    /// A stream-time seek landing inside a break.
    public var seekIntoBreak: SeekIntoBreakRule = .playFromBreakStart
    /// When a break counts as watched.
    public var watched: WatchedRule = .onEnd
    /// After a break completes, no break plays for this long (wall clock);
    /// zero turns the cool-down off.
    public var cooldown: MediaDuration = .zero
    /// What a fail-over session leaves out.
    public var failover = FailoverFlags()
    /// Whether the viewer may seek while an ad plays; when false such a seek
    /// is refused.
    public var allowSeekInBreak = false
    /// How long an ad may stall, or take to show, before it is given up as
    /// failed (VAST 402) and its break goes on.
    public var adStallLimit = MediaDuration(seconds: 10)

    /// Creates the default (``strict``) policy.
    public init() {}

    /// The defaults: every leaped break plays, watched breaks do not repeat.
    public static let strict = AdPolicy()

    /// Forward jumps play the last leaped break, then go where the viewer
    /// asked; backward jumps play nothing.
    public static let snapback: AdPolicy = {
        var policy = AdPolicy()
        policy.fastForward = .playLast
        policy.rewind = .skipAll
        return policy
    }()

    /// Jumps play no break in either direction.
    public static let lenient: AdPolicy = {
        var policy = AdPolicy()
        policy.fastForward = .skipAll
        policy.rewind = .skipAll
        return policy
    }()

    /// The presets by name, as scenario files spell them.
    public static let presets: [(name: String, policy: AdPolicy)] = [
        ("strict", .strict), ("snapback", .snapback), ("lenient", .lenient),
    ]

    /// The rule for a jump in `direction`.
    public func jumpRule(for direction: JumpDirection) -> JumpRule {
        direction == .forward ? fastForward : rewind
    }
}

/// Which way a jump goes: by where its target lies, not by the action's name.
public enum JumpDirection: String, Sendable, Hashable, Codable {
    /// Towards later stream time.
    case forward
    /// Towards earlier stream time.
    case backward
}
