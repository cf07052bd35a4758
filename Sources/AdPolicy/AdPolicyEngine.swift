public import AdTimeline
import MediaTime

/// Applies a selector to jumps, starts and arrivals, producing pure
/// decisions.
///
/// ```swift
/// let engine = AdPolicyEngine(policy: .snapback)
/// let decision = engine.decideJump(
///     from: Playhead(stream: .init(seconds: 300), content: .init(seconds: 300)),
///     to: .content(.init(seconds: 900)),
///     context: PolicyContext(timeline: timeline))
/// decision.breaksToPlay   // the last unwatched break before 15:00
/// ```
public struct AdPolicyEngine: Sendable {
    /// The rules; session-level settings (interrupt, cooldown, allowSeekInBreak) come from here.
    public let policy: AdPolicy
    /// Who decides which breaks play.
    public let selector: any AdPolicySelector

    /// Creates an engine; without a selector the policy's default applies.
    public init(policy: AdPolicy, selector: (any AdPolicySelector)? = nil) {
        self.policy = policy
        self.selector = selector ?? DefaultAdPolicySelector(policy: policy)
    }

    /// Decides a seek, fastForward or rewind from `origin` to `target`.
    ///
    /// The direction is where the target lies. Breaks strictly between the
    /// origin's and the target's content positions are leaped, and so, going
    /// backward, is a break at the origin's position the playhead is past: the direction
    /// rule selects some, then each selected one is judged by the selector
    /// (repeat, cool-down). A break exactly at the target is not leaped.
    /// - Complexity: O(log n + k) for k leaped breaks.
    public func decideJump(from origin: Playhead, to target: JumpTarget, context: PolicyContext) -> JumpDecision {
        let (resolved, arrival) = resolve(target, context: context)
        let direction: JumpDirection = resolved.stream >= origin.stream ? .forward : .backward
        var leaped = context.timeline.breaks(between: origin.content, and: resolved.content)
        if direction == .backward, let behind = breakBehind(origin, timeline: context.timeline),
            behind.id != arrivalBreakID(arrival, timeline: context.timeline)
        {
            // The break just behind is leaped unless the jump lands in it or at
            // its start: one jump reports each break once.
            leaped.insert(behind, at: 0)
        }
        let request = AdBreakSelectionRequest(
            context: context, trigger: .jump(direction),
            origin: origin.content, target: resolved.content, candidates: leaped)
        // A JUMP break a forward jump plays is required: watched or in a cool-down, it plays.
        let required: (AdBreak) -> Bool = { direction == .forward && $0.restrictions.contains(.noJumpOver) }
        return JumpDecision(
            direction: direction, target: resolved,
            verdicts: judge(selector.selectAdBreaksToPlay(request), context: context, except: required),
            arrival: arrival)
    }

    /// The break at the origin's content position when the playhead is past
    /// its end: content time names both sides of a break, and a backward
    /// jump from after it passes over it first.
    private func breakBehind(_ origin: Playhead, timeline: AdTimeline) -> AdBreak? {
        guard let adBreak = timeline.adBreak(atContentTime: origin.content),
            let range = timeline.streamRange(ofBreak: adBreak.id), origin.stream >= range.upperBound
        else { return nil }
        return adBreak
    }

    /// The break a jump arrives at or into, if any.
    private func arrivalBreakID(_ arrival: Arrival, timeline: AdTimeline) -> String? {
        switch arrival {
        case .content(let position): timeline.adBreak(atContentTime: position)?.id
        case .intoBreak(let adBreak, _): adBreak.id
        }
    }

    /// Decides a session start at `target`: at 0 a plain start (the pre-roll
    /// is reached); after 0 the autoSeek rule picks among the pre-roll and
    /// the mid-rolls before the target.
    /// - Complexity: O(log n + k) for k breaks before the target.
    public func decideStart(at target: JumpTarget, context: PolicyContext) -> JumpDecision {
        var (resolved, arrival) = resolve(target, context: context)
        let timeline = context.timeline
        if case .intoBreak(let adBreak, _) = arrival, adBreak.occupancy == .replacesContent,
            case .inBreak(_, let offset) = timeline.location(ofStreamTime: resolved.stream)
        {
            // Joining a live stream inside a break: the break is under way
            // in the stream itself, so the viewer sees the rest of it.
            arrival = .intoBreak(adBreak, entry: .fromOffset(offset))
        }
        // A live stream (no end) is joined, not resumed: the breaks earlier
        // in its window were never skipped by the viewer, so autoSeek has
        // nothing to decide.
        let isLive = timeline.contentEnd == nil
        var candidates = isLive ? [] : timeline.breaks(between: .zero, and: resolved.content)
        if !isLive, resolved.content > .zero, let preroll = timeline.adBreak(atContentTime: .zero) {
            candidates.insert(preroll, at: 0)
        }
        let request = AdBreakSelectionRequest(
            context: context, trigger: .start, origin: .zero, target: resolved.content, candidates: candidates)
        return JumpDecision(
            direction: .forward, target: resolved,
            verdicts: judge(selector.selectAdBreaksToPlay(request), context: context),
            arrival: arrival)
    }

    /// Decides a break that playback reaches (or a jump arrives at).
    public func decideArrival(at adBreak: AdBreak, context: PolicyContext) -> BreakPolicy {
        selector.selectPolicy(forAdBreak: AdBreakPolicyRequest(context: context, adBreak: adBreak))
    }

    /// Whether a jump going `direction` may leave `adBreak`, which plays:
    /// the policy allows seeking in breaks, and the selector lets it
    /// (a break whose source forbids skipping refuses a forward one).
    public func allowsJump(leaving adBreak: AdBreak, going direction: JumpDirection, context: PolicyContext) -> Bool {
        policy.allowSeekInBreak
            && selector.selectPolicy(forJumpInBreak: JumpInBreakRequest(context: context, adBreak: adBreak, direction: direction))
    }

    /// When `adBreak` counts as watched.
    public func watchedRule(for adBreak: AdBreak) -> WatchedRule {
        selector.selectWatchedPolicy(forAdBreak: adBreak)
    }

    /// Runs the per-break judgement over the breaks the selection lets play,
    /// but those `required` (their source requires them).
    private func judge(_ verdicts: [AdBreakVerdict], context: PolicyContext, except required: (AdBreak) -> Bool = { _ in false }) -> [AdBreakVerdict] {
        verdicts.map { verdict in
            guard verdict.plays, !required(verdict.adBreak) else { return verdict }
            return AdBreakVerdict(adBreak: verdict.adBreak, policy: decideArrival(at: verdict.adBreak, context: context))
        }
    }

    /// The target as a playhead, and how playback arrives there.
    private func resolve(_ target: JumpTarget, context: PolicyContext) -> (Playhead, Arrival) {
        let timeline = context.timeline
        switch target {
        case .content(let content):
            return (Playhead(stream: timeline.streamTime(forContentTime: content), content: content), .content(content))
        case .stream(let stream):
            switch timeline.location(ofStreamTime: stream) {
            case .content(let content):
                return (Playhead(stream: stream, content: content), .content(content))
            case .inBreak(let id, let offset):
                let position = timeline.contentPosition(ofBreak: id) ?? .zero
                let playhead = Playhead(stream: stream, content: position)
                guard offset > .zero, let adBreak = timeline.adBreak(id: id) else {
                    return (playhead, .content(position))
                }
                return (playhead, .intoBreak(adBreak, entry: entry(into: adBreak, at: offset, context: context)))
            }
        }
    }

    private func entry(into adBreak: AdBreak, at offset: MediaDuration, context: PolicyContext) -> BreakEntry {
        let request = SeekIntoAdRequest(context: context, adBreak: adBreak, offset: offset)
        let adIndex = adBreak.ad(atOffset: offset)?.index ?? 0
        switch selector.selectPolicy(forSeekIntoAd: request) {
        case .playFromBreakStart: return .fromStart
        case .playFromAdStart: return .fromAd(adIndex)
        case .playFromTarget: return .fromOffset(offset)
        case .skipToNextAd: return adIndex + 1 < adBreak.ads.count ? .fromAd(adIndex + 1) : .skip
        case .skipBreak: return .skip
        }
    }
}
