public import AdPolicy
public import AdSignals
public import MediaTime

/// Something a session reports: ads starting and ending, skips with their
/// reason, seeks, interruptions, the session's start and end.
public struct SessionEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A session started (fresh, from a bookmark, or a fail-over).
        case sessionStart
        /// The viewer's jump (a seek, fast-forward or rewind) was made; `to` is
        /// where playback goes once the breaks it leaped that the policy plays have played.
        case seek(JumpKind, to: Playhead)
        /// The jump was refused: it came during a break and the policy does not
        /// allow seeking in one (`allowSeekInBreak`), or it went forward in a
        /// break whose source forbids skipping it (an interstitial's
        /// `X-RESTRICT=SKIP`). Playback stays where it was.
        case seekDenied(JumpKind, to: Playhead)
        /// A jump or playback landed elsewhere than asked: out of a non-seekable
        /// range (`blackout`), or back into a live window (`outOfWindow`).
        case seekAdjusted(to: Playhead, reason: String)
        /// A break started playing.
        case adBreakStart(breakID: String)
        /// An ad of the break started showing (for an inserted ad, once its item is ready): its impression.
        case adStart(breakID: String, adID: String)
        /// An ad played to its end.
        case adEnd(breakID: String, adID: String)
        /// A break ended: its last ad ended, failed or was left.
        case adBreakEnd(breakID: String)
        /// The viewer may now skip: the break's skip control opened (`adID`
        /// nil), or the playing ad's skip offset was reached.
        case adSkippable(breakID: String, adID: String?)
        /// A break's skip control closed as its duration ended while the
        /// break goes on (a window open to the end closes with the break or
        /// the ad).
        case adSkippableEnd(breakID: String, adID: String?)
        /// The viewer skipped this ad; a break-wide skip then ends the break.
        case adSkip(breakID: String, adID: String)
        /// A skip was refused, and why.
        case skipDenied(SkipDenial)
        /// A break was not played, and why (the policy, watched, cool-down, unresolved, …).
        case adBreakSkip(breakID: String, reason: SkipReason)
        /// Content plays: after the start, a break or a jump.
        case contentStart
        /// The viewer paused.
        case pause
        /// The viewer resumed after a pause.
        case resume
        /// Playback was interrupted (a phone call, the app in the background).
        case interrupt
        /// The interruption ended; the policy's `interrupt` rule says how the break goes on.
        case interruptEnd
        /// The session was replaced by a fail-over session at the same content time.
        case failover
        /// A stop saved this bookmark: the content time, the watched breaks, the date on a live stream.
        case bookmark(Bookmark)
        /// The session ended: stopped, or content and its post-roll played to the end.
        case sessionEnd
        /// Something went wrong that the session works around and goes on: a
        /// change its timeline did not take, an avail that does not fit, a break
        /// left unresolved, an alternate stream that failed.
        case error(message: String)
        /// Playback reached a subscribed tag (timed metadata), or a background item delivered one.
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
        case .adSkippable: "adSkippable"
        case .adSkippableEnd: "adSkippableEnd"
        case .adSkip: "adSkip"
        case .skipDenied: "skipDenied"
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

/// Why the viewer's skip was refused.
public enum SkipDenial: String, Sendable, Hashable, Codable, CaseIterable {
    /// No break plays (content, a placeholder being resolved, alternate content).
    case notInBreak
    /// The break has no skip control and the ad no skip offset.
    case notSkippable
    /// The window has not opened yet.
    case notYetSkippable
    /// The window's duration is over.
    case noLongerSkippable
}

extension SkipDenial: CustomStringConvertible {
    /// The reason as event lines spell it (`notYetSkippable`, …).
    public var description: String { rawValue }
}
