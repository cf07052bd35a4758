public import AdPolicy
public import AdSignals
public import MediaTime

/// Something a session reports: ads starting and ending, skips with their
/// reason, seeks, interruptions, the session's start and end.
public struct SessionEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        case sessionStart
        case seek(JumpKind, to: Playhead)
        case seekDenied(JumpKind, to: Playhead)
        case seekAdjusted(to: Playhead, reason: String)
        case adBreakStart(breakID: String)
        case adStart(breakID: String, adID: String)
        case adEnd(breakID: String, adID: String)
        case adBreakEnd(breakID: String)
        case adBreakSkip(breakID: String, reason: SkipReason)
        case contentStart
        case pause
        case resume
        case interrupt
        case interruptEnd
        case failover
        case bookmark(Bookmark)
        case sessionEnd
        case error(message: String)
        case timedMetadata(TimedMetadata)
        /// The player switched to the alternate content (`alternate`, its
        /// URL) because of this blackout.
        case blackoutStart(Blackout, alternate: String?)
        /// The player left the alternate content: the blackout ended (its
        /// `end` is set) or the viewer moved out of it (`end` is nil).
        case blackoutEnd(Blackout)
        /// The main playlist could not be fetched; `isForeground` is false
        /// while it is the background item.
        case streamError(message: String, isForeground: Bool)
    }

    /// The wall clock's reading.
    public var clock: ClockTime
    /// The playhead's stream time.
    public var stream: StreamTime
    /// The playhead's content time.
    public var content: ContentTime
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(clock: ClockTime, stream: StreamTime, content: ContentTime, kind: Kind) {
        self.clock = clock
        self.stream = stream
        self.content = content
        self.kind = kind
    }

    /// The event's name as event lines spell it (`adBreakStart`, …).
    public var name: String { kind.name }

    /// The break the event is about, if any.
    public var breakID: String? {
        switch kind {
        case .adBreakStart(let id), .adBreakEnd(let id), .adStart(let id, _), .adEnd(let id, _),
            .adBreakSkip(let id, _):
            id
        default: nil
        }
    }
}

extension SessionEvent.Kind {
    /// The event's name as event lines spell it (`adBreakStart`, …).
    public var name: String {
        switch self {
        case .sessionStart: "sessionStart"
        case .seek: "seek"
        case .seekDenied: "seekDenied"
        case .seekAdjusted: "seekAdjusted"
        case .adBreakStart: "adBreakStart"
        case .adStart: "adStart"
        case .adEnd: "adEnd"
        case .adBreakEnd: "adBreakEnd"
        case .adBreakSkip: "adBreakSkip"
        case .contentStart: "contentStart"
        case .pause: "pause"
        case .resume: "resume"
        case .interrupt: "interrupt"
        case .interruptEnd: "interruptEnd"
        case .failover: "failover"
        case .bookmark: "bookmark"
        case .sessionEnd: "sessionEnd"
        case .error: "error"
        case .timedMetadata: "timedMetadata"
        case .blackoutStart: "blackoutStart"
        case .blackoutEnd: "blackoutEnd"
        case .streamError: "error"
        }
    }
}
