public import AdTimeline
public import MediaTime

/// Where a jump asks to go.
public enum JumpTarget: Sendable, Hashable {
    /// A content ("local") time; a break exactly there is reached.
    case content(ContentTime)
    /// A stream time, which may lie inside a break.
    case stream(StreamTime)
}

/// A playhead: its stream time and the content time it maps to. It prints
/// as `content 600 s (stream 630 s)`.
public struct Playhead: Sendable, Hashable, CustomStringConvertible {
    /// The stream time.
    public var stream: StreamTime
    /// The content time (inside a break: the break's position).
    public var content: ContentTime

    /// Creates a playhead.
    public init(stream: StreamTime, content: ContentTime) {
        self.stream = stream
        self.content = content
    }

    public var description: String { "content \(content.decimalSeconds) s (stream \(stream.decimalSeconds) s)" }
}

/// How a break that a seek lands inside is entered.
public enum BreakEntry: Sendable, Hashable {
    /// From its first ad.
    case fromStart
    /// From the start of ad `index`.
    case fromAd(Int)
    /// From `offset` into the break.
    case fromOffset(MediaDuration)
    /// Not at all: it is skipped and content follows it.
    case skip
}

/// Where playback arrives once the breaks a jump selected have played.
public enum Arrival: Sendable, Hashable {
    /// Content at this time; a break exactly there is reached (and judged)
    /// on arrival.
    case content(ContentTime)
    /// Inside a break, entered as the seek-into-break rule says; the break is
    /// judged (repeat, cool-down) on arrival.
    case intoBreak(AdBreak, entry: BreakEntry)
}

/// The decision for one jump: what each leaped break does, then where
/// playback arrives. A pure value.
public struct JumpDecision: Sendable, Hashable {
    /// Which way the jump goes.
    public var direction: JumpDirection
    /// The target as a playhead (stream and content time).
    public var target: Playhead
    /// Every leaped break in passing order, with why it does not play.
    public var verdicts: [AdBreakVerdict]
    /// Where playback arrives after the selected breaks.
    public var arrival: Arrival

    /// The breaks that play, back to back, in passing order.
    public var breaksToPlay: [AdBreak] { verdicts.filter(\.plays).map(\.adBreak) }

    /// The leaped breaks that do not play, with the first reason that dropped each.
    public var skipped: [(adBreak: AdBreak, reason: SkipReason)] {
        verdicts.compactMap { verdict in verdict.skipReason.map { (verdict.adBreak, $0) } }
    }
}
