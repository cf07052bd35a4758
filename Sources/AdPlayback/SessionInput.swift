public import AdPolicy
public import AdSignals
public import AdTimeline
public import MediaTime

/// The operation a jump names; the direction is decided by where it lands.
public enum JumpKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A plain seek.
    case seek
    /// A trick-play jump forward.
    case fastForward
    /// A trick-play jump backward.
    case rewind
}

/// Where a session starts.
public enum StartPoint: Sendable, Hashable {
    /// At 0: the pre-roll is reached.
    case beginning
    /// A fresh start at a position, nothing watched; autoSeek applies.
    case position(JumpTarget)
    /// Resuming a bookmark: its position and its watched breaks; autoSeek
    /// applies to the rest.
    case bookmark(Bookmark)
}

/// What happens to a session: the viewer's requests, the player's progress,
/// faults.
public enum SessionInput: Sendable, Hashable {
    /// Start the session.
    case start(StartPoint)
    /// The player's current item has reached `itemTime`. Until the last
    /// presentation is ready it counts nothing; a position that moved
    /// further than the time elapsed allows, or backwards, is a resync.
    case tick(itemTime: MediaDuration)
    /// What the player reports about a presentation: ready where it landed,
    /// ended, failed; or a stall and its end. A report about a superseded
    /// presentation, or after the session ended, is ignored.
    case player(PlayerReport)
    /// The viewer paused.
    case pause
    /// The viewer resumed after a pause.
    case resume
    /// A seek, fastForward or rewind.
    case jump(JumpKind, to: JumpTarget)
    /// Playback was interrupted (a phone call, backgrounding).
    case interrupt
    /// The interruption is over.
    case interruptEnd
    /// The viewer pressed skip: inside an open skip window (an
    /// interstitial's skip control, or an ad's skip offset) the break, or
    /// that ad, is left at once (`adSkip`); otherwise it is refused with
    /// the reason (`skipDenied`).
    case skip
    /// The viewer stopped: a bookmark is saved.
    case stop
    /// A fault: the session ends and a fail-over session starts at the same
    /// content time.
    case failover
    /// A place for ads: its placeholder enters the timeline and its
    /// resolution is asked for (``SessionAction/resolve(_:)``).
    case opportunity(AdOpportunity)
    /// An opportunity with its resolution, when a resolver gave it at once
    /// (an in-stream marker, an interstitial's asset URI): the same as
    /// ``opportunity(_:)`` followed by ``resolved(opportunityID:breaks:issues:)``,
    /// in one step. A new opportunity's resolved break enters the timeline as
    /// it is, with no placeholder before it, and no resolution is asked for.
    /// One the session does not resolve (it already has the break, or the
    /// break was watched and has left) leaves the result unused.
    case resolvedOpportunity(AdOpportunity, breaks: [AdBreak], issues: [String])
    /// The timeline changed: a live refresh, a blackout, a resolver.
    case timelineChanged(TimelineChange)
    /// A resolution finished with these breaks for the opportunity.
    case resolved(opportunityID: String, breaks: [AdBreak], issues: [String])
    /// A resolution failed or ran out of time: its break is skipped as
    /// `unresolved` when reached, and content plays.
    case resolutionFailed(opportunityID: String, reason: String)
    /// A subscribed tag the stream carried, to deliver as an event.
    case metadata(TimedMetadata)
    /// A blackout for this device started, changed or ended (the built-in
    /// controller; DESIGN: Blackout). As playback reaches a running one the
    /// player switches to the alternate content, the main stream becomes a
    /// background item, and `blackoutStart` is emitted; as playback reaches
    /// its end the player switches back and `blackoutEnd` is emitted. An
    /// ended one is a non-seekable range.
    indirect case blackout(BlackoutChange)
    /// The main playlist could not be fetched (the live source retries):
    /// reported as an `error` of the foreground or background item, never fatal.
    case streamError(String)
    /// Low level, for apps with their own blackout rules: show another item
    /// instead of the main stream (``PlayerItem/alternate(url:)``), or the
    /// main stream again at its live position (``PlayerItem/main``).
    case replaceItem(PlayerItem)
    /// Low level: keep delivering the main stream's tags and playlist errors,
    /// as the background item's, while another item shows.
    case registerBackground
    /// Low level: stop delivering the main stream's news while another item shows.
    case unregisterBackground
}

/// A subscribed tag delivered to the app at its place in the stream.
public struct TimedMetadata: Sendable, Hashable {
    /// The tag's name (`#EXT-X-DATERANGE`, `#EXT-OATCLS-SCTE35`, …).
    public var name: String
    /// The tag's value as written.
    public var value: String
    /// Where in the stream it applies.
    public var streamTime: StreamTime
    /// Its date (PROGRAM-DATE-TIME or START-DATE), when known.
    public var date: ProgramDateTime?
    /// Whether it came from the item playing (false: a background item, such
    /// as the main stream during a blackout).
    public var isForeground: Bool

    /// Creates timed metadata.
    public init(name: String, value: String, streamTime: StreamTime, date: ProgramDateTime? = nil, isForeground: Bool = true) {
        self.name = name
        self.value = value
        self.streamTime = streamTime
        self.date = date
        self.isForeground = isForeground
    }
}
