internal import AdSignals
public import HLS
public import MediaTime

/// The decisions of following a live playlist, with no I/O: it takes each
/// fetched body (or fault) at a clock reading and says what happened and
/// when to fetch next. ``LiveSource`` does the fetching and the waiting.
///
/// Reload timing follows RFC 8216bis §6.3.4: after a changed playlist,
/// wait the last segment's duration; after an unchanged one, half the
/// target duration. Faults are retried with a backoff that doubles from
/// half the target duration up to a cap, and never stop the following.
public struct LiveFollower: Sendable {
    /// The playlist URL, for reports.
    public let url: String
    /// How it follows.
    public let options: LiveOptions
    /// The playlist as of the last good fetch; `nil` before the first.
    public private(set) var live: LivePlaylist?
    /// Whether following has ended (`EXT-X-ENDLIST`).
    public private(set) var isFinished = false
    /// How long to wait before the next fetch.
    public private(set) var nextDelay: MediaDuration = .zero
    /// Consecutive faults since the last good fetch.
    public private(set) var failures = 0

    private var lastChange: ClockTime?
    private var staleReported = false
    private var reporter = LiveReporter(names: LiveNames(epoch: 0))
    /// Decides this device's blackouts from the programme signals.
    private var blackouts: BlackoutDetector
    /// Decides the app's own blackouts from its tags, when it has a rule.
    private var tagBlackouts: TagBlackouts?
    /// Origin restarts so far: a restarted stream's media sequence numbers,
    /// and so its `break-N` ids, start again.
    public var epoch: Int { reporter.names.epoch }
    /// The ids it reports opportunities under (``LiveNames``).
    public var names: LiveNames { reporter.names }

    /// Creates a follower of `url`.
    public init(url: String, options: LiveOptions = LiveOptions()) {
        self.url = url
        self.options = options
        blackouts = BlackoutDetector(policy: options.device)
        tagBlackouts = options.blackoutRule.map(TagBlackouts.init)
    }

    /// The id an opportunity is reported under: its playlist id, with the
    /// restart count appended after the first restart (`break-15~1`).
    public static func opportunityID(_ id: String, epoch: Int) -> String {
        epoch > 0 ? "\(id)~\(epoch)" : id
    }

    /// The target duration, or 6 s before the first playlist says; taken
    /// as 1 s to 1 hour for timing, whatever the playlist claims.
    public var targetDuration: MediaDuration { LiveWindow.targetDuration(live?.playlist.targetDuration) }

    /// The shortest wait between fetches, whatever the segments claim (a
    /// 0 s segment must not make the follower fetch without pause).
    public static let minimumDelay = MediaDuration(microseconds: 100_000)

    /// The time limit of the next fetch: 3 target durations, at least 5 s.
    public var fetchTimeout: MediaDuration {
        max(options.minimumFetchTimeout, MediaDuration(ticks: targetDuration.ticks * options.fetchTimeoutTargetDurations))
    }

    /// Takes a fetched body at `now`.
    /// - Returns: what it revealed, in order.
    public mutating func take(_ body: [UInt8], at now: ClockTime) -> [LiveEvent] {
        // Taken out while it changes, so its storage stays uniquely owned
        // and a refresh costs the new lines, not a copy of the window.
        guard var live = self.live.take() else { return takeFirst(body, at: now) }
        let delta: PlaylistDelta
        do {
            delta = try live.refresh(with: body)
        } catch {
            // Nothing was applied: the playlist stays as it was.
            self.live = consume live
            return fail(LiveFault(url: url, reason: "the playlist does not parse: \(error)"), at: now)
        }
        // A bad line among the new lines: what came before it was applied, and is reported before the fault.
        if let stop = delta.stoppedAt {
            var events = delta.change == .unchanged ? [] : events(of: delta, in: live.playlist, at: now)
            self.live = consume live
            events += fail(LiveFault(url: url, reason: "the playlist does not parse: \(stop)"), at: now)
            return events
        }
        failures = 0
        let events = events(of: delta, in: live.playlist, at: now)
        // Put back once read: put back before, it was copied for the reads.
        self.live = consume live
        return events
    }

    /// What a refresh's `delta` says, `playlist` being the window after it.
    /// The window is out of `live` meanwhile: nothing here reads `live`.
    private mutating func events(of delta: PlaylistDelta, in playlist: MediaPlaylist, at now: ClockTime) -> [LiveEvent] {
        let targetDuration = LiveWindow.targetDuration(playlist.targetDuration)
        var events: [LiveEvent] = []
        switch delta.change {
        case .unchanged:
            events.append(.refresh(mediaSequence: playlist.mediaSequence, segments: playlist.segments.count, changed: false))
            if let lastChange, !staleReported, now - lastChange >= staleAfter(targetDuration) {
                staleReported = true
                events.append(.stale(unchangedFor: now - lastChange))
            }
            nextDelay = MediaDuration(ticks: targetDuration.ticks / 2)
            return events
        case .wentBackwards:
            nextDelay = MediaDuration(ticks: targetDuration.ticks / 2)
            return [.originError(url: url, status: nil, reason: "an older playlist than the one already seen; ignored", retryIn: nextDelay)]
        case .restarted:
            reporter = LiveReporter(names: reporter.names.restarted(after: delta.replacedOpportunities))
            events.append(.windowReset(mediaSequence: playlist.mediaSequence))
        case .skippedAhead(let missing):
            events.append(.gap(missed: missing))
        case .advanced:
            break
        }
        events.insert(.refresh(mediaSequence: playlist.mediaSequence, segments: playlist.segments.count, changed: true), at: 0)
        events += delta.rewrittenSegments.map(LiveEvent.segmentRewritten)
        reporter.report(delta, in: playlist, into: &events)
        events += blackoutEvents(delta.addedSignals, tags: events, in: playlist)
        lastChange = now
        staleReported = false
        nextDelay = max(Self.minimumDelay, min(playlist.segments.last?.duration ?? targetDuration, targetDuration))
        if playlist.endList { finish(&events) }
        return events
    }

    private mutating func takeFirst(_ body: [UInt8], at now: ClockTime) -> [LiveEvent] {
        let live: LivePlaylist
        do {
            live = try LivePlaylist(body, options: options.parse)
        } catch {
            return fail(LiveFault(url: url, reason: "the playlist does not parse: \(error)"), at: now)
        }
        self.live = live
        failures = 0
        lastChange = now
        var events: [LiveEvent] = [
            .refresh(mediaSequence: live.playlist.mediaSequence, segments: live.playlist.segments.count, changed: true)
        ]
        reporter.reportAll(live.playlist, into: &events)
        events += blackoutEvents(live.playlist.signals, tags: events, in: live.playlist)
        nextDelay = max(Self.minimumDelay, min(live.playlist.segments.last?.duration ?? targetDuration, targetDuration))
        if live.playlist.endList { finish(&events) }
        return events
    }

    /// What new signals, the app's rule over the new subscribed tags
    /// (among `tags`), and the stream time the window now reaches, say of
    /// blackouts.
    private mutating func blackoutEvents(
        _ signals: some Sequence<AdSignal>, tags: [LiveEvent], in playlist: MediaPlaylist
    ) -> [LiveEvent] {
        var changes: [BlackoutChange] = []
        for signal in ProgramSignal.signals(in: signals, of: playlist) { changes += blackouts.take(signal) }
        if tagBlackouts != nil {
            for case .timedMetadata(let tag, let date) in tags { changes += tagBlackouts!.take(tag, date: date) }
        }
        if let end = playlist.segments.last?.end { changes += blackouts.advance(to: end) }
        return changes.map(LiveEvent.blackout)
    }

    private mutating func finish(_ events: inout [LiveEvent]) {
        isFinished = true
        nextDelay = .zero
        events.append(.end)
    }

    /// Takes a fetch that failed at `now`: reported, and retried after a
    /// backoff that doubles from half the target duration up to the cap.
    public mutating func fail(_ fault: LiveFault, at now: ClockTime) -> [LiveEvent] {
        failures += 1
        let base = MediaDuration(ticks: targetDuration.ticks / 2)
        let cap = max(options.minimumFetchTimeout, MediaDuration(ticks: targetDuration.ticks * options.maxBackoffTargetDurations))
        let doublings = min(failures - 1, 16)
        nextDelay = min(cap, MediaDuration(ticks: base.ticks << doublings))
        var events: [LiveEvent] = [.originError(url: fault.url, status: fault.status, reason: fault.reason, retryIn: nextDelay)]
        if let lastChange, !staleReported, now - lastChange >= staleAfter(targetDuration), live != nil {
            staleReported = true
            events.append(.stale(unchangedFor: now - lastChange))
        }
        return events
    }

    /// How long a playlist of this target duration may stay unchanged
    /// before it is stale.
    private func staleAfter(_ targetDuration: MediaDuration) -> MediaDuration {
        MediaDuration(ticks: targetDuration.ticks * options.staleTargetDurations.numerator / options.staleTargetDurations.denominator)
    }
}
