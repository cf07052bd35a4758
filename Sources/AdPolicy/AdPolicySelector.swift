public import AdTimeline
public import MediaTime

/// What started a selection of breaks to play.
public enum SelectionTrigger: Sendable, Hashable {
    /// A seek, fastForward or rewind in this direction.
    case jump(JumpDirection)
    /// A session starting after 0 (autoSeek).
    case start
}

/// A request to choose, among the breaks a jump passes, which play.
public struct AdBreakSelectionRequest: Sendable, Hashable {
    /// What the policy may read.
    public var context: PolicyContext
    /// What started the selection.
    public var trigger: SelectionTrigger
    /// The content position the jump leaves (0 for a start).
    public var origin: ContentTime
    /// The content position the jump lands at.
    public var target: ContentTime
    /// The breaks passed, in the order passed; for a start, the pre-roll
    /// first, then the mid-rolls before the target.
    public var candidates: [AdBreak]
}

/// One candidate's fate in a selection.
public struct AdBreakVerdict: Sendable, Hashable {
    /// The break.
    public var adBreak: AdBreak
    /// What happens to it.
    public var policy: BreakPolicy

    /// Creates a verdict.
    public init(adBreak: AdBreak, policy: BreakPolicy) {
        self.adBreak = adBreak
        self.policy = policy
    }

    /// Whether the break plays.
    public var plays: Bool { policy.plays }

    /// Why it does not play (a removal counts as ``SkipReason/policy``);
    /// `nil` when it plays.
    public var skipReason: SkipReason? {
        switch policy {
        case .play, .removeAfterPlay: nil
        case .skip(let reason): reason
        case .remove: .policy
        }
    }
}

/// A request to decide one break reached by playback or selected by a jump.
public struct AdBreakPolicyRequest: Sendable, Hashable {
    /// What the policy may read.
    public var context: PolicyContext
    /// The break.
    public var adBreak: AdBreak
}

/// A request to decide what a seek landing inside a break does.
public struct SeekIntoAdRequest: Sendable, Hashable {
    /// What the policy may read.
    public var context: PolicyContext
    /// The break the target lies in.
    public var adBreak: AdBreak
    /// How far into the break the target lies.
    public var offset: MediaDuration
}

/// A request to decide whether a jump may leave the break that plays.
public struct JumpInBreakRequest: Sendable, Hashable {
    /// What the policy may read.
    public var context: PolicyContext
    /// The break playing.
    public var adBreak: AdBreak
    /// Where the jump goes.
    public var direction: JumpDirection
}

/// Decides which breaks play. ``DefaultAdPolicySelector`` applies an
/// ``AdPolicy``; wrap it with an ``AdPolicySelectorDecorator`` to change one
/// decision and keep the rest.
public protocol AdPolicySelector: Sendable {
    /// Chooses which of the breaks a jump (or a start after 0) passes play,
    /// judging fail-over flags and the direction or autoSeek rule. Each break
    /// it lets play is then judged by ``selectPolicy(forAdBreak:)``.
    func selectAdBreaksToPlay(_ request: AdBreakSelectionRequest) -> [AdBreakVerdict]
    /// Decides one break about to play: reached by playback, or selected by
    /// a jump (repeat, cool-down, fail-over flags, custom rules).
    func selectPolicy(forAdBreak request: AdBreakPolicyRequest) -> BreakPolicy
    /// Decides what a seek landing inside a break does.
    func selectPolicy(forSeekIntoAd request: SeekIntoAdRequest) -> SeekIntoBreakRule
    /// Decides when a break counts as watched.
    func selectWatchedPolicy(forAdBreak adBreak: AdBreak) -> WatchedRule
    /// Decides whether a jump may leave the break that plays, once the
    /// policy allows seeking in breaks at all (`allowSeekInBreak`).
    func selectPolicy(forJumpInBreak request: JumpInBreakRequest) -> Bool
}

extension AdPolicySelector {
    /// By default a break whose source forbids skipping it (`BreakRestrictions.noSkip`,
    /// an interstitial's `X-RESTRICT=SKIP`) refuses a forward jump; any other jump may leave.
    public func selectPolicy(forJumpInBreak request: JumpInBreakRequest) -> Bool {
        !(request.direction == .forward && request.adBreak.restrictions.contains(.noSkip))
    }
}

/// A selector that changes some decisions of a `base` selector and forwards
/// the rest: implement `base` and the methods you change.
///
/// ```swift
/// struct NoPostrolls: AdPolicySelectorDecorator {
///     let base: any AdPolicySelector
///     func selectPolicy(forAdBreak request: AdBreakPolicyRequest) -> BreakPolicy {
///         request.adBreak.position == .postroll ? .skip(.policy) : base.selectPolicy(forAdBreak: request)
///     }
/// }
/// ```
public protocol AdPolicySelectorDecorator: AdPolicySelector {
    /// The selector whose decisions this one keeps unless it overrides them.
    var base: any AdPolicySelector { get }
}

extension AdPolicySelectorDecorator {
    public func selectAdBreaksToPlay(_ request: AdBreakSelectionRequest) -> [AdBreakVerdict] {
        base.selectAdBreaksToPlay(request)
    }

    public func selectPolicy(forAdBreak request: AdBreakPolicyRequest) -> BreakPolicy {
        base.selectPolicy(forAdBreak: request)
    }

    public func selectPolicy(forSeekIntoAd request: SeekIntoAdRequest) -> SeekIntoBreakRule {
        base.selectPolicy(forSeekIntoAd: request)
    }

    public func selectWatchedPolicy(forAdBreak adBreak: AdBreak) -> WatchedRule {
        base.selectWatchedPolicy(forAdBreak: adBreak)
    }

    public func selectPolicy(forJumpInBreak request: JumpInBreakRequest) -> Bool {
        base.selectPolicy(forJumpInBreak: request)
    }
}
