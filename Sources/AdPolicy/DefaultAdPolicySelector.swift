public import AdTimeline
import MediaTime

/// The selector that applies an ``AdPolicy`` exactly as the design specifies.
public struct DefaultAdPolicySelector: AdPolicySelector {
    /// The rules applied.
    public var policy: AdPolicy

    /// Creates a selector applying `policy`.
    public init(policy: AdPolicy) { self.policy = policy }

    /// Fail-over flags first, then the direction rule (jumps) or the autoSeek
    /// rule (starts).
    /// - Complexity: O(k) for k candidates.
    public func selectAdBreaksToPlay(_ request: AdBreakSelectionRequest) -> [AdBreakVerdict] {
        let timeline = request.context.timeline
        let chosen: Set<String>
        switch request.trigger {
        case .jump(let direction):
            chosen = Self.select(request.candidates, by: policy.jumpRule(for: direction))
        case .start:
            chosen = selectForStart(request.candidates, timeline: timeline)
        }
        return request.candidates.map { adBreak in
            if failoverDisables(adBreak, context: request.context) {
                return AdBreakVerdict(adBreak: adBreak, policy: .skip(.failover))
            }
            return AdBreakVerdict(adBreak: adBreak, policy: chosen.contains(adBreak.id) ? .play : .skip(.policy))
        }
    }

    /// Fail-over flags, then watched (an earlier session's, or this one's
    /// under repeat playOnce), then the cool-down.
    public func selectPolicy(forAdBreak request: AdBreakPolicyRequest) -> BreakPolicy {
        let context = request.context
        let id = request.adBreak.id
        if failoverDisables(request.adBreak, context: context) { return .skip(.failover) }
        if context.earlierWatched.contains(id) { return .skip(.watched) }
        if policy.repeat == .playOnce, context.timeline.isWatched(id) { return .skip(.watched) }
        if let completed = context.lastBreakCompletedAt, policy.cooldown > .zero,
            context.now - completed < policy.cooldown
        {
            return .skip(.cooldown)
        }
        return .play
    }

    /// The policy's seekIntoBreak rule.
    public func selectPolicy(forSeekIntoAd request: SeekIntoAdRequest) -> SeekIntoBreakRule {
        policy.seekIntoBreak
    }

    /// The policy's watched rule.
    public func selectWatchedPolicy(forAdBreak adBreak: AdBreak) -> WatchedRule {
        policy.watched
    }

    /// The ids `rule` picks from `breaks`, taken in passing order.
    static func select(_ breaks: [AdBreak], by rule: JumpRule) -> Set<String> {
        switch rule {
        case .playAll: Set(breaks.map(\.id))
        case .playFirst: Set(breaks.first.map { [$0.id] } ?? [])
        case .playLast: Set(breaks.last.map { [$0.id] } ?? [])
        case .skipAll: []
        }
    }

    private func selectForStart(_ candidates: [AdBreak], timeline: AdTimeline) -> Set<String> {
        let preroll = candidates.filter { timeline.contentPosition(ofBreak: $0.id) == .zero }
        let midrolls = candidates.filter { timeline.contentPosition(ofBreak: $0.id) != .zero }
        var chosenMidrolls = Self.select(midrolls, by: policy.fastForward)
        if chosenMidrolls.isEmpty, let last = midrolls.last { chosenMidrolls = [last.id] }
        return switch policy.autoSeek {
        case .skipAll: []
        case .playPreroll: Set(preroll.map(\.id))
        case .playMidroll: chosenMidrolls
        case .playAll: chosenMidrolls.union(preroll.map(\.id))
        }
    }

    private func failoverDisables(_ adBreak: AdBreak, context: PolicyContext) -> Bool {
        guard context.isFailoverSession else { return false }
        let timeline = context.timeline
        guard let position = timeline.contentPosition(ofBreak: adBreak.id) else { return false }
        if position == timeline.contentEnd { return false }
        return position == .zero ? policy.failover.disablePreroll : policy.failover.disableMidroll
    }
}
