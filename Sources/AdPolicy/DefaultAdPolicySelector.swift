public import AdTimeline
import MediaTime

/// The selector that applies an ``AdPolicy`` exactly as the design specifies.
public struct DefaultAdPolicySelector: AdPolicySelector {
    /// The rules applied.
    public var policy: AdPolicy

    /// Creates a selector applying `policy`.
    public init(policy: AdPolicy) { self.policy = policy }

    /// Fail-over flags first, then the direction rule (jumps) or the autoSeek
    /// rule (starts). A start's rule chooses among the unwatched, enabled
    /// breaks only: the watched ones are skipped as `watched` and take no
    /// part in the choice. A break's restrictions hold over the rules: a
    /// watched ONCE break never plays; of the JUMP breaks a forward jump
    /// passes, exactly the last plays; a PRE break plays at every start.
    /// - Complexity: O(k) for k candidates.
    public func selectAdBreaksToPlay(_ request: AdBreakSelectionRequest) -> [AdBreakVerdict] {
        let candidates = request.candidates
        let context = request.context
        let settled = candidates.map { adBreak -> BreakPolicy? in
            if failoverDisables(adBreak, context: context) { return .skip(.failover) }
            if Self.playedOnce(adBreak, context: context) { return .skip(.watched) }
            if request.trigger == .start, context.isWatched(adBreak.id) { return .skip(.watched) }
            return nil
        }
        // Jumps rank every leaped break; starts rank only the open ones.
        var ranks: [Int?] = Array(candidates.indices)
        let chosen: (Int) -> Bool
        switch request.trigger {
        case .jump(let direction):
            let range = Self.chosenRange(count: candidates.count, by: policy.jumpRule(for: direction))
            chosen = { range.contains($0) }
        case .start:
            var next = 0
            ranks = settled.map { policy in
                guard policy == nil else { return nil }
                defer { next += 1 }
                return next
            }
            let open = candidates.indices.filter { settled[$0] == nil }.map { candidates[$0] }
            chosen = chosenForStart(open, timeline: context.timeline)
        }
        // X-RESTRICT=JUMP: of the events a forward jump passes, the last plays, and no other of them.
        let jumpedOver = request.trigger == .jump(.forward)
            ? candidates.indices.filter { candidates[$0].restrictions.contains(.noJumpOver) && settled[$0] == nil } : []
        return candidates.indices.map { index in
            var policy = settled[index] ?? (ranks[index].map(chosen) == true ? .play : .skip(.policy))
            if jumpedOver.contains(index) { policy = index == jumpedOver.last ? .play : .skip(.policy) }
            // CUE=PRE: before primary playback wherever it starts.
            if request.trigger == .start, settled[index] == nil, candidates[index].restrictions.contains(.beforeStart) { policy = .play }
            return AdBreakVerdict(adBreak: candidates[index], policy: policy)
        }
    }

    /// A CUE=ONCE break already watched, in this session or an earlier one.
    static func playedOnce(_ adBreak: AdBreak, context: PolicyContext) -> Bool {
        adBreak.restrictions.contains(.once) && (context.timeline.isWatched(adBreak.id) || context.earlierWatched.contains(adBreak.id))
    }

    /// Fail-over flags, then watched (an earlier session's, or this one's
    /// under repeat playOnce), then the cool-down.
    public func selectPolicy(forAdBreak request: AdBreakPolicyRequest) -> BreakPolicy {
        let context = request.context
        let id = request.adBreak.id
        if failoverDisables(request.adBreak, context: context) { return .skip(.failover) }
        if context.earlierWatched.contains(id) || Self.playedOnce(request.adBreak, context: context) { return .skip(.watched) }
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

    /// The positions `rule` picks among `count` breaks taken in passing order.
    static func chosenRange(count: Int, by rule: JumpRule) -> Range<Int> {
        switch rule {
        case .playAll: 0..<count
        case .playFirst: 0..<min(1, count)
        case .playLast: max(0, count - 1)..<count
        case .skipAll: 0..<0
        }
    }

    /// Start candidates are the pre-roll (if any) first, then the mid-rolls.
    private func chosenForStart(_ candidates: [AdBreak], timeline: AdTimeline) -> (Int) -> Bool {
        let hasPreroll = candidates.first.map { timeline.contentPosition(of: $0) == .zero } ?? false
        let firstMidroll = hasPreroll ? 1 : 0
        let midrollCount = candidates.count - firstMidroll
        var midrolls = Self.chosenRange(count: midrollCount, by: policy.fastForward)
        if midrolls.isEmpty, midrollCount > 0 { midrolls = (midrollCount - 1)..<midrollCount }
        let playsPreroll = policy.autoSeek == .playPreroll || policy.autoSeek == .playAll
        let playsMidrolls = policy.autoSeek == .playMidroll || policy.autoSeek == .playAll
        return { index in
            index < firstMidroll ? playsPreroll : playsMidrolls && midrolls.contains(index - firstMidroll)
        }
    }

    private func failoverDisables(_ adBreak: AdBreak, context: PolicyContext) -> Bool {
        guard context.isFailoverSession else { return false }
        let timeline = context.timeline
        let position = timeline.contentPosition(of: adBreak)
        if position == timeline.contentEnd { return false }
        return position == .zero ? policy.failover.disablePreroll : policy.failover.disableMidroll
    }
}
