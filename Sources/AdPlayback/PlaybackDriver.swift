import AdPolicy
public import MediaTime

/// Runs a ``PlaybackSession`` against a player and a clock: feeds it inputs,
/// performs its actions and publishes its events. It decides nothing.
///
/// Use it from one isolation domain (the main actor for AVPlayer); call
/// ``tick()`` from the player's periodic or boundary time observer, at the
/// latest after ``timeToNextBoundary``.
public final class PlaybackDriver {
    /// The state machine.
    public private(set) var session: PlaybackSession
    /// Every event from the first access on, in order, as an asynchronous
    /// sequence. Created on first access, so a driver nobody listens to does
    /// not buffer events. First read after ``finish()``, it is already
    /// finished: a loop over it ends at once.
    public lazy var events: AsyncStream<SessionEvent> = {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionEvent.self, bufferingPolicy: .unbounded)
        if isFinished {
            continuation.finish()
        } else {
            self.continuation = continuation
        }
        return stream
    }()
    /// Whether ``finish()`` was called.
    private var isFinished = false

    private var continuation: AsyncStream<SessionEvent>.Continuation?
    private let player: any PlayerAdapter
    private let reading: @Sendable () -> ClockTime
    private let bookmarks: (any BookmarkStore)?
    /// For a live stream, the program date of a content time; the driver
    /// stamps each bookmark (saved and published) with its position's date.
    public var bookmarkDate: ((ContentTime) -> ProgramDateTime?)?
    /// Where the session's requests that are not the player's business
    /// go (resolve an opportunity, cancel one), as it makes them: the
    /// runtime's. Without one they wait for ``takeRequests()``.
    package var requestHandler: ((SessionAction) -> Void)?
    private var requests: [SessionAction] = []
    /// What follows the session beside the player (ad tracking), told of
    /// every input after its actions are performed.
    public var observers: [any PlaybackObserver] = []

    /// Creates a driver; nothing happens until the first input. The
    /// session's clock time is the time `clock` has run since now; a stop's
    /// bookmark is saved to `bookmarks`.
    public init(
        session: PlaybackSession, player: any PlayerAdapter, clock: any Clock<Duration>,
        bookmarks: (any BookmarkStore)? = nil
    ) {
        self.session = session
        self.player = player
        self.reading = Self.reading(since: clock)
        self.bookmarks = bookmarks
        player.onReport = { [weak self] report in self?.receive(report) }
    }

    /// What the player reported: handled at once, or right after the input
    /// being handled. Its events reach ``events`` and the observers (and
    /// the return value of the ``send(_:)`` it arrived during).
    public func receive(_ report: PlayerReport) {
        _ = deliver(.player(report))
    }

    /// Hands the session an input that comes from the world, not from the
    /// app (a player's report, a resolution's result): handled at once, or
    /// right after the input being handled. A refusal is not thrown to
    /// whoever happens to deliver it: it is published as an `error` event.
    /// - Returns: the events published now.
    @discardableResult
    package func deliver(_ input: SessionInput) -> [SessionEvent] {
        do {
            return try send(input)
        } catch {
            return publishError("\(input) was refused: \(error)")
        }
    }

    private func publishError(_ message: String) -> [SessionEvent] {
        let playhead = session.playhead
        var published: [SessionEvent] = []
        publish(SessionEvent(clock: reading(), stream: playhead.stream, content: playhead.content, kind: .error(message: message)),
                into: &published)
        return published
    }

    private static func reading<C: Clock<Duration>>(since clock: C) -> @Sendable () -> ClockTime {
        let origin = clock.now
        return { ClockTime(ticks: MediaDuration(origin.duration(to: clock.now)).ticks) }
    }

    /// What `question` answers of the session, asked where the session is.
    /// Read through ``session`` from another module, the session was copied,
    /// every field retained and released, for each question. The session is
    /// passed in place for that reason only: `question` must not change it.
    package func ask<Answer>(_ question: (inout PlaybackSession) -> Answer) -> Answer {
        question(&session)
    }

    /// The clock's reading now: time since the driver was created.
    public var now: ClockTime { reading() }

    deinit { continuation?.finish() }

    /// Inputs that arrived while one was being handled (a player that
    /// reports from inside ``PlayerAdapter/present(_:)``), in order.
    private var queued: [SessionInput] = []
    private var isSending = false

    /// Hands an input to the session and performs its actions. An input
    /// sent while one is handled (a player reporting from inside
    /// `present`) is handled right after it, and its events are returned
    /// with the first's.
    /// - Returns: the events published.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        guard !isSending else {
            queued.append(input)
            return []
        }
        isSending = true
        defer { isSending = false }
        var published = try perform(input)
        while !queued.isEmpty {
            let next = queued.removeFirst()
            do {
                published += try perform(next)
            } catch {
                published += publishError("\(next) was refused: \(error)")
            }
        }
        return published
    }

    private func perform(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        let actions = try session.handle(input, at: reading())
        var published: [SessionEvent] = []
        for action in actions {
            switch action {
            case .emit(var event):
                if case .bookmark(let bookmark) = event.kind { event.kind = .bookmark(dated(bookmark)) }
                publish(event, into: &published)
            case .present(let presentation):
                player.present(presentation)
            case .setRate(let rate):
                player.setRate(rate)
            case .saveBookmark(let bookmark):
                do {
                    try bookmarks?.save(dated(bookmark))
                } catch {
                    let playhead = session.playhead
                    publish(SessionEvent(clock: reading(), stream: playhead.stream, content: playhead.content,
                                         kind: .error(message: "the bookmark was not saved: \(error)")), into: &published)
                }
            case .resolve, .cancelResolution:
                if let requestHandler { requestHandler(action) } else { requests.append(action) }
            }
        }
        for observer in observers { observer.session(session, handled: input, published: published) }
        return published
    }

    private func dated(_ bookmark: Bookmark) -> Bookmark {
        guard bookmark.date == nil, let date = bookmarkDate?(bookmark.content) else { return bookmark }
        var dated = bookmark
        dated.date = date
        return dated
    }

    private func publish(_ event: SessionEvent, into published: inout [SessionEvent]) {
        published.append(event)
        continuation?.yield(event)
    }

    /// The requests the session made since the last call, in order, when
    /// no ``requestHandler`` takes them.
    package func takeRequests() -> [SessionAction] {
        defer { requests = [] }
        return requests
    }

    /// Tells the session where the player is now.
    @discardableResult
    public func tick() throws(SessionError) -> [SessionEvent] {
        try send(.tick(itemTime: player.currentItemTime))
    }

    /// The content ("local") time: it does not move while an ad plays.
    public var localTime: ContentTime { session.localTime }

    /// Seeks to a content ("local") time, applying the policy to the breaks
    /// on the way.
    @discardableResult
    public func seek(toLocalTime time: ContentTime) throws(SessionError) -> [SessionEvent] {
        try send(.jump(.seek, to: .content(time)))
    }

    /// How much playback at 1x remains until the session, or one of its
    /// observers, must be ticked.
    public var timeToNextBoundary: MediaDuration? {
        guard let boundary = session.timeToNextBoundary else { return nil }
        return observers.reduce(boundary) { nearest, observer in
            observer.timeToNextMoment(in: session).map { min(nearest, max($0, .zero)) } ?? nearest
        }
    }

    /// Ends the event stream, and any stream first read after this.
    public func finish() {
        isFinished = true
        continuation?.finish()
    }
}
