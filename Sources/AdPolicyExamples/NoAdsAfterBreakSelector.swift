public import AdPolicy
public import MediaTime

/// The classic custom rule: after a break completes, skip every break for a
/// while of wall-clock time (five minutes unless told otherwise), whatever
/// the base policy says.
///
/// ```swift
/// let engine = AdPolicyEngine(
///     policy: .snapback,
///     selector: NoAdsAfterBreakSelector(base: DefaultAdPolicySelector(policy: .snapback)))
/// ```
public struct NoAdsAfterBreakSelector: AdPolicySelectorDecorator {
    /// The selector every other decision comes from.
    public let base: any AdPolicySelector
    /// How long no break plays after one completed.
    public let quietPeriod: MediaDuration

    /// Creates the selector.
    public init(base: any AdPolicySelector, quietPeriod: MediaDuration = MediaDuration(seconds: 300)) {
        self.base = base
        self.quietPeriod = quietPeriod
    }

    public func selectPolicy(forAdBreak request: AdBreakPolicyRequest) -> BreakPolicy {
        let context = request.context
        if let completed = context.lastBreakCompletedAt, context.now - completed < quietPeriod {
            return .skip(.cooldown)
        }
        return base.selectPolicy(forAdBreak: request)
    }
}
