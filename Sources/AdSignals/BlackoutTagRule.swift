public import HLS
public import MediaTime

/// An app's own blackout signalling: tags it subscribes to and two
/// predicates that say which occurrence starts a blackout and which ends
/// it (`#EXT-X-MY-BLACKOUT:START` / `…:END`, say). The blackouts it opens
/// drive the same controller as the stream's SCTE-35 signals.
///
/// ```swift
/// let rule = BlackoutTagRule(tags: ["#EXT-X-MY-BLACKOUT"],
///                            isBlackoutStart: { $0.value == "START" },
///                            isBlackoutEnd: { $0.value == "END" })
/// ```
public struct BlackoutTagRule: Sendable {
    /// The tag names the rule reads; following subscribes to them.
    public var tags: Set<String>
    /// Whether an occurrence starts a blackout for this device.
    public var isBlackoutStart: @Sendable (SubscribedTag) -> Bool
    /// Whether an occurrence ends the running one.
    public var isBlackoutEnd: @Sendable (SubscribedTag) -> Bool

    /// Creates a rule.
    public init(
        tags: Set<String>, isBlackoutStart: @escaping @Sendable (SubscribedTag) -> Bool,
        isBlackoutEnd: @escaping @Sendable (SubscribedTag) -> Bool
    ) {
        self.tags = tags
        self.isBlackoutStart = isBlackoutStart
        self.isBlackoutEnd = isBlackoutEnd
    }
}

/// The blackouts an app's tag rule opens and closes: a start opens one
/// (`app-1`, `app-2`, …) unless one is running, an end closes the running
/// one, and an end with none running is reported as ignored. A pure state
/// machine fed the subscribed tags in stream order.
public struct TagBlackouts: Sendable {
    /// The rule.
    public let rule: BlackoutTagRule
    private var running: Blackout?
    private var opened = 0

    /// Creates the state of `rule`, nothing running.
    public init(rule: BlackoutTagRule) { self.rule = rule }

    /// The blackout running, if any.
    public var current: Blackout? { running }

    /// Takes one occurrence of a subscribed tag at its place in the stream.
    public mutating func take(_ tag: SubscribedTag, date: ProgramDateTime?) -> [BlackoutChange] {
        guard rule.tags.contains(tag.name) else { return [] }
        let source = ProgramSignal.Source(tag: tag.name, line: tag.line)
        if rule.isBlackoutStart(tag) {
            guard running == nil else { return [] }  // the running one goes on: the start repeated
            opened += 1
            let blackout = Blackout(
                id: "app-\(opened)", eventID: UInt32(truncatingIfNeeded: opened), openedBy: .programStart,
                start: tag.time, date: date, restrictions: nil,
                verdict: RestrictionVerdict(reasons: [.appRule(tag.name)], notes: []), sources: [source])
            running = blackout
            return [.started(blackout)]
        }
        if rule.isBlackoutEnd(tag) {
            guard var blackout = running.take() else {
                let signal = ProgramSignal(kind: .programEnd, eventID: 0, time: tag.time, date: date, source: source)
                return [.ignored(signal, "the app's rule ends a blackout at \(tag.name), but none is running")]
            }
            blackout.end = max(tag.time, blackout.start)
            blackout.sources.append(source)
            return [.ended(blackout)]
        }
        return []
    }
}
