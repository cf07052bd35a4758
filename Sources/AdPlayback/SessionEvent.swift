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
        /// The player showed a presentation after a wait, or landed away
        /// from its target (a keyframe); a player that is ready at once and
        /// exactly causes none.
        case ready(Presentation, landedAt: MediaDuration)
        /// The player's position moved other than by playing (further than
        /// the time elapsed allows, or backwards); the session follows it.
        case resync(from: MediaDuration, to: MediaDuration)
        /// Playback stalled for want of data; no time counts as played.
        case stall
        /// Playback goes on after a stall that lasted `duration` of wall time.
        case stallEnd(duration: MediaDuration)
        /// An ad could not play: it failed to load, failed while playing or
        /// stalled too long. It is marked failed and the break goes on.
        case adError(breakID: String, adID: String, failure: PlayerFailure)
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
            .adBreakSkip(let id, _), .adError(let id, _, _):
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
        case .ready: "ready"
        case .resync: "resync"
        case .stall: "stall"
        case .stallEnd: "stallEnd"
        case .adError: "adError"
        }
    }
}
