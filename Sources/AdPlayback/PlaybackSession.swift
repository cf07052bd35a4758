public import AdPolicy
public import AdSignals
public import AdTimeline
public import MediaTime

/// The ad-aware playback state machine. It does no I/O and reads no clock:
/// each input, with the clock's reading, returns the actions a driver
/// performs (events to publish, what the player shows).
///
/// ```swift
/// var session = PlaybackSession(timeline: timeline, engine: AdPolicyEngine(policy: .snapback))
/// let actions = try session.handle(.start(.beginning), at: .zero)
/// ```
public struct PlaybackSession: Sendable {
    enum Phase: Sendable, Hashable {
        case idle
        case content(ContentTime)
        case inBreak(BreakPlayback)
        /// Playback reached a placeholder whose resolution is running.
        case waiting(Waiting)
        /// Another item shows instead of the main stream (a blackout's
        /// alternate content); the main stream's position moves on with it.
        case alternate(AlternatePlayback)
    }

    struct AlternatePlayback: Sendable, Hashable {
        /// The blackout that put it there; nil when the app replaced the item.
        var blackoutID: String?
        /// The main stream's position when the alternate began, less any
        /// seek since: the main position is this plus `elapsed`.
        var mainEntry: StreamTime
        /// How long the alternate has played.
        var elapsed: MediaDuration

        var mainPosition: StreamTime { mainEntry + elapsed }
    }

    struct Waiting: Sendable, Hashable {
        var adBreak: AdBreak
        var entry: BreakEntry
        var removeAfterPlay: Bool
        /// The jump this break is a detour of, if any: what plays after it.
        var detour: Detour?
    }

    struct BreakPlayback: Sendable, Hashable {
        var adBreak: AdBreak
        var adIndex: Int
        var offsetInAd: MediaDuration
        var removeAfterPlay: Bool
        /// The jump this break is a detour of, if any: what plays after it.
        var detour: Detour?
        /// The ad's own item is loading: its `adStart` waits for the player.
        var isAdStartPending = false
        /// The skip window announced (`adSkippable`) and still open.
        var skipWindow: SkipScope?
    }

    /// What a viewer's skip leaves.
    enum SkipScope: Sendable, Hashable {
        /// The whole break (its skip control).
        case wholeBreak
        /// The ad at this index (its skip offset).
        case ad(Int)
    }

    /// Breaks selected by a jump that still have to play, then where
    /// playback arrives: carried by the break (or placeholder) playing on
    /// the way.
    struct Detour: Sendable, Hashable {
        var queue: [AdBreakVerdict]
        var arrival: Arrival
        /// Whether a break of the queue has played: the arrival is then a
        /// snapback's target and must be exact.
        var playedBreak = false
    }

    /// The timeline as given and as changed since (breaks inserted,
    /// resolved, dropped), without any session's watched state: restored
    /// for every new session.
    public internal(set) var initialTimeline: AdTimeline
    /// The timeline of the running session, with its watched breaks.
    public internal(set) var timeline: AdTimeline
    /// The rules and the selector.
    public let engine: AdPolicyEngine
    /// The last bookmark saved by ``SessionInput/stop``.
    public internal(set) var lastBookmark: Bookmark?
    /// How the placeholders of new opportunities reach the viewer.
    public let placeholderStyle: BreakStyle
    /// What a blackout shows instead of the main stream: the alternate
    /// stream's URL (checked: http or https), or nil for the app's own slate.
    public var alternateContent: String? { alternate?.url }
    private let alternate: AlternateContent?
    /// Whether the main stream is a background item: another item shows,
    /// and the main stream's tags and playlist errors are still delivered.
    public var isMainInBackground: Bool { conditions.isMainInBackground }
    /// The blackouts restricting this device that the session knows, by
    /// start: running ones, and ended ones until the window leaves them.
    public var blackouts: [Blackout] { blackoutList.blackouts }
    /// Their keeping: one per id, ended ones forgotten with the window and
    /// beyond ``BlackoutList/endedLimit``.
    var blackoutList = BlackoutList()

    /// Where playback is: nowhere, content, a break, a placeholder, the alternate.
    var phase: Phase = .idle
    /// What holds whatever the phase.
    var conditions = Conditions()
    /// The session's model of the player, its presentations and stalls.
    var link = PlayerLink()
    /// The breaks an earlier session (a bookmark's, or the one a fail-over
    /// replaced) watched.
    var earlierWatched: Set<String> = []
    /// When the session's last break completed (the cool-down runs from it).
    var lastBreakCompletedAt: ClockTime?
    /// Opportunities being resolved, by id.
    var resolving: Set<String> = []
    /// Tracked avails a cue's break took (their id → the break's), so later
    /// answers about them update that break.
    var trackedAliases: [String: String] = [:]
    /// Asset-list interstitials that came before the session started: they
    /// are resolved at the start, which tells the list's server where
    /// playback joins them (`_HLS_start_offset`).
    var deferredResolutions: [AdOpportunity] = []
    /// What announced each interstitial in the timeline, as it was resolved:
    /// a later tag that changes it is resolved again.
    var interstitialSignals: [String: OpportunitySignal] = [:]
    /// Subscribed tags ahead of the playhead, in stream order.
    var pendingMetadata = MetadataQueue()
    /// The playhead when the last session ended.
    var lastPlayhead = Playhead(stream: .zero, content: .zero)
    /// The clock's reading for the input being handled.
    var now: ClockTime = .zero
    /// The actions of the input being handled, in order.
    var actions: [SessionAction] = []

    /// Facts that hold whatever the phase.
    struct Conditions: Sendable, Hashable {
        /// The viewer paused.
        var isPaused = false
        /// A call or backgrounding interrupted playback.
        var isInterrupted = false
        /// This session replaced one that failed.
        var isFailoverSession = false
        /// Another item shows, and the main stream's news is still delivered.
        var isMainInBackground = false
    }

    /// Whether the viewer paused.
    public var isPaused: Bool { conditions.isPaused }
    /// Whether a call or backgrounding interrupted playback.
    public var isInterrupted: Bool { conditions.isInterrupted }
    var isFailoverSession: Bool { conditions.isFailoverSession }
    /// What the player shows, as the session models it.
    var item: PlayerItem { link.item }
    /// Where in that item the session has played to.
    var itemTime: MediaDuration {
        get { link.time }
        set { link.time = newValue }
    }

    /// Creates an idle session over `timeline`; breaks that opportunities
    /// bring in later take `placeholderStyle`, and blackouts show
    /// `alternateContent`.
    public init(
        timeline: AdTimeline, engine: AdPolicyEngine, placeholderStyle: BreakStyle = BreakStyle(),
        alternateContent: AlternateContent? = nil
    ) {
        self.initialTimeline = timeline
        self.timeline = timeline
        self.engine = engine
        self.placeholderStyle = placeholderStyle
        self.alternate = alternateContent
    }

    /// Whether a session is running (started, not yet stopped or ended).
    public var isRunning: Bool { phase != .idle }

    /// Whether an ad is playing.
    public var isInBreak: Bool {
        if case .inBreak = phase { return true }
        return false
    }

    /// The content ("local") time: it does not move while an ad plays.
    public var localTime: ContentTime { playhead.content }

    /// The playhead: stream time and content time.
    public var playhead: Playhead {
        switch phase {
        case .idle:
            return lastPlayhead
        case .content(let content):
            return Playhead(stream: timeline.streamTime(resumingAt: content), content: content)
        case .inBreak(let playback):
            let start = timeline.streamRange(ofBreak: playback.adBreak.id)?.lowerBound ?? lastPlayhead.stream
            let offset = playback.adBreak.offset(ofAd: playback.adIndex) + playback.offsetInAd
            let content = timeline.contentPosition(of: playback.adBreak)
            return Playhead(stream: start + offset, content: content)
        case .waiting(let waiting):
            let content = timeline.contentPosition(of: waiting.adBreak)
            return Playhead(stream: timeline.streamTime(forContentTime: content), content: content)
        case .alternate(let alternate):
            let stream = alternate.mainPosition
            return Playhead(stream: stream, content: timeline.contentTime(forStreamTime: stream))
        }
    }

    /// The jump the break (or placeholder) playing is a detour of.
    var detour: Detour? {
        switch phase {
        case .inBreak(let playback): playback.detour
        case .waiting(let waiting): waiting.detour
        case .idle, .content, .alternate: nil
        }
    }

    /// The placeholder playback waits at while its ads resolve, if any.
    public var waitingForBreak: String? {
        if case .waiting(let waiting) = phase { return waiting.adBreak.id }
        return nil
    }

    /// How much playback at 1x remains until the next event (an ad's end, a
    /// break, the content's end); `nil` when nothing plays.
    public var timeToNextBoundary: MediaDuration? {
        guard !isPaused, !isInterrupted else { return nil }
        if let limit = timeToStallLimit { return limit }
        guard !link.isPending, !isStalled else { return nil }
        switch phase {
        case .idle:
            return nil
        case .content(let content):
            let next = timeline.nextBreak(afterContentTime: content)
                .map { timeline.contentPosition(of: $0) }
            let toBoundary = [next, timeline.contentEnd].compactMap(\.self).min().map { $0 - content }
            return [toBoundary, timeToNextMetadata, timeToNextBlackout].compactMap(\.self).min()
        case .inBreak(let playback):
            // A break that shrank under the playhead (a split revealed late) is at its boundary now.
            let toAdEnd = max(.zero, playback.adBreak.ads[playback.adIndex].duration - playback.offsetInAd)
            return [toAdEnd, Self.timeToSkipEdge(in: playback)].compactMap(\.self).min()
        case .waiting:
            return nil
        case .alternate(let alternate):
            return [timeToAlternateEnd(alternate), timeToNextMetadata].compactMap(\.self).min()
        }
    }

    /// What the policy reads now.
    var policyContext: PolicyContext {
        PolicyContext(
            timeline: timeline, earlierWatched: earlierWatched, now: now,
            lastBreakCompletedAt: lastBreakCompletedAt, isFailoverSession: isFailoverSession)
    }

    /// Handles one input at the clock's reading `now`.
    /// - Throws: ``SessionError`` when the input makes no sense now (a seek
    ///   before start, a start while running, a target outside the stream).
    public mutating func handle(_ input: SessionInput, at now: ClockTime) throws(SessionError) -> [SessionAction] {
        self.now = now
        actions = []
        let origin: StreamTime? =
            switch input {
            case .jump where isRunning: playhead.stream
            case .start: StreamTime(ticks: .min)
            default: nil
            }
        if isRunning { giveUpStalledAd() }
        switch input {
        case .start(let point): try start(at: point)
        case .tick(let time): try advance(toItemTime: time)
        case .player(let report): try take(report)
        case .pause: try pause()
        case .resume: try resume()
        case .jump(let kind, let target): try jump(kind, to: target)
        case .skip: try skipByViewer()
        case .interrupt: try interrupt()
        case .interruptEnd: try endInterruption()
        case .stop: try stop()
        case .failover: try failover()
        case .opportunity(let opportunity): try take(opportunity)
        case .resolvedOpportunity(let opportunity, let breaks, let issues): try take(opportunity, resolvedAs: breaks, issues: issues)
        case .timelineChanged(.withdraw(let id)): try withdraw(id)
        case .timelineChanged(let timelineChange): try change(timelineChange)
        case .resolved(let id, let breaks, let issues): resolved(id, breaks: breaks, issues: issues)
        case .resolutionFailed(let id, let reason): resolutionFailed(id, reason: reason)
        case .metadata(let metadata): take(metadata)
        case .blackout(let blackoutChange): try take(blackoutChange)
        case .streamError(let message): reportStreamError(message)
        case .replaceItem(let newItem): try replaceItem(with: newItem)
        case .registerBackground: try requireRunning(); conditions.isMainInBackground = true
        case .unregisterBackground: try requireRunning(); conditions.isMainInBackground = false
        }
        if isRunning { deliverReachedMetadata(after: origin) }
        if link.isStale, isRunning { present() }
        link.isStale = false
        let result = actions
        actions = []
        return result
    }

    /// Publishes an event at the current playhead (or at `playhead`).
    mutating func emit(_ kind: SessionEvent.Kind, at playhead: Playhead? = nil) {
        let position = playhead ?? self.playhead
        actions.append(.emit(SessionEvent(clock: now, stream: position.stream, content: position.content, kind: kind)))
    }

    /// Moves the model of the player; a change the player would not reach
    /// by playing on is sent as one presentation at the end of the input,
    /// landing as `precision` says.
    mutating func movePlayer(to newItem: PlayerItem, at time: MediaDuration, precision: SeekPrecision = .exact) {
        if newItem != link.item || time != link.time {
            link.isStale = true
            link.precision = precision
        }
        link.item = newItem
        link.time = time
    }

    mutating func requireRunning() throws(SessionError) {
        guard isRunning else { throw .notRunning }
        guard !isInterrupted else { throw .interrupted }
    }
}

/// How a break reaches the viewer and what time it takes.
public struct BreakStyle: Sendable, Hashable {
    /// In the stream, or switched to.
    public var insertion: Insertion
    /// On top of the content, or instead of it.
    public var occupancy: Occupancy

    /// Creates a style; by default in-stream, adding stream time.
    public init(insertion: Insertion = .inStream, occupancy: Occupancy = .addsStreamTime) {
        self.insertion = insertion
        self.occupancy = occupancy
    }
}
