import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

/// The player's side of the contract (Docs/Players.md): presentations are
/// acknowledged, may land on a keyframe, may fail; playback may stall; a
/// position that jumps is followed, never counted as played.
extension PlaybackSession {
    /// Asks the player for what the session's model shows, as one
    /// presentation with a new identity; it supersedes any still pending.
    mutating func present() {
        let replaces = link.current.map { $0.item != item } ?? true
        let presentation = Presentation(
            id: link.nextID(), item: item, time: itemTime, precision: link.precision, replacesItem: replaces)
        endStall()
        link.current = presentation
        link.isPending = true
        link.presentedAt = now
        link.leadInFrom = nil
        link.precision = .exact
        actions.append(.present(presentation))
    }

    /// Whether the last presentation still waits for the player.
    public var isAwaitingPlayer: Bool { isRunning && link.isPending }

    /// The presentation the player shows or is about to show.
    public var currentPresentation: Presentation? { link.current }

    /// Whether playback has stalled.
    public var isStalled: Bool { link.stalledSince != nil }

    /// Handles what the player reports. Reports about a superseded
    /// presentation, or while no session runs, are ignored.
    mutating func take(_ report: PlayerReport) throws(SessionError) {
        guard isRunning else { return }
        switch report {
        case .ready(let id, let landed): try ready(id, landedAt: landed)
        case .ended(let id): try ended(id)
        case .failed(let id, let failure): failed(id, failure)
        case .stalled: stall()
        case .stallEnded: endStall()
        }
    }

    /// The player's item reached `time`: play on by the difference, once
    /// the last presentation is ready. A position that moved further than
    /// the time elapsed allows, or backwards, is followed as a resync.
    mutating func advance(toItemTime time: MediaDuration) throws(SessionError) {
        try requireRunning()
        // Not ready yet, or about to show something else (a stalled ad given up): the old item's position.
        guard !link.isPending, !link.isStale else { return }
        defer { link.positionAt = now }
        guard !isPaused else { return }
        if let floor = link.leadInFrom {
            if time < itemTime, time + PlayerLink.backwardTolerance >= floor { return }
            link.leadInFrom = nil
        }
        let moved = time - itemTime
        var allowed = (now - link.positionAt) + PlayerLink.forwardTolerance
        if link.isFirstPositionAfterReady {
            // A ready handled late: the player may have played since it
            // landed, for as long as the presentation has been under way.
            allowed += now - link.presentedAt
            link.isFirstPositionAfterReady = false
        }
        if moved + PlayerLink.backwardTolerance < .zero || moved > allowed {
            resync(to: time)
        } else {
            // Not moved at all still settles a boundary the playhead sits on.
            try advance(by: max(.zero, moved))
        }
    }

    private mutating func ready(_ id: PresentationID, landedAt landed: MediaDuration) throws(SessionError) {
        guard link.isPending, let presentation = link.current, presentation.id == id else { return }
        link.isPending = false
        link.positionAt = now
        link.isFirstPositionAfterReady = true
        if now != link.presentedAt || landed != presentation.time {
            emit(.ready(presentation, landedAt: landed))
        }
        startDeferredAd(for: presentation)
        if landed < itemTime {
            // Before the target (a keyframe): what plays up to it is behind the playhead.
            link.leadInFrom = landed
        } else if landed > itemTime, !isPaused {
            // After it: the player skipped that far; play on to where it is.
            try advance(by: landed - itemTime)
        }
    }

    /// An inserted ad starts when its item is showing: a failed load gets
    /// no `adStart`, so no impression.
    private mutating func startDeferredAd(for presentation: Presentation) {
        guard case .ad(let breakID, let adID, _) = presentation.item, case .inBreak(var playback) = phase,
              playback.isAdStartPending, playback.adBreak.id == breakID,
              playback.adBreak.ads[playback.adIndex].id == adID else { return }
        playback.isAdStartPending = false
        phase = .inBreak(playback)
        emit(.adStart(breakID: breakID, adID: adID))
        updateSkipWindow()
    }

    private mutating func ended(_ id: PresentationID) throws(SessionError) {
        guard !link.isPending, link.isCurrent(id) else { return }
        try requireRunning()
        if case .inBreak(let playback) = phase, playback.adBreak.insertion == .inserted {
            itemTime = playback.adBreak.ads[playback.adIndex].duration
            finishAd()
            return
        }
        try advance(by: timeToNextBoundary ?? .zero)
    }

    private mutating func failed(_ id: PresentationID, _ failure: PlayerFailure) {
        guard link.isCurrent(id), let presentation = link.current else { return }
        link.isPending = false
        link.positionAt = now
        switch presentation.item {
        case .ad:
            failAd(failure)
        case .main:
            reportStreamError("the main stream failed: \(failure)")
        case .alternate(let url):
            guard url != nil, case .alternate = phase else { return }
            emit(.error(message: "the alternate content failed (\(failure)); showing the app's slate"))
            movePlayer(to: .alternate(url: nil), at: .zero)
        }
    }

    /// The ad playing could not: `adError`, marked failed, and the break
    /// goes on with its next ad, or ends.
    mutating func failAd(_ failure: PlayerFailure) {
        guard case .inBreak(var playback) = phase else { return }
        let ad = playback.adBreak.ads[playback.adIndex]
        emit(.adError(breakID: playback.adBreak.id, adID: ad.id, failure: failure))
        timeline.setState(.failed, ofAd: playback.adIndex, inBreak: playback.adBreak.id)
        playback.isAdStartPending = false
        goOn(after: playback)
    }

    private mutating func stall() {
        guard link.stalledSince == nil else { return }
        link.stalledSince = now
        emit(.stall)
    }

    /// The stall is over (or the item it stalled is replaced). A running
    /// cool-down does not count the stalled time.
    mutating func endStall() {
        guard let since = link.stalledSince else { return }
        link.stalledSince = nil
        let duration = now - since
        emit(.stallEnd(duration: duration))
        if let completed = lastBreakCompletedAt { lastBreakCompletedAt = completed + duration }
        link.positionAt = now
    }

    /// An ad stalled, or still loading, past the policy's limit is given up (VAST 402).
    mutating func giveUpStalledAd() {
        let limit = engine.policy.adStallLimit
        if let since = link.stalledSince, isInBreak, now - since >= limit {
            failAd(.timeout("stalled for \((now - since).decimalSeconds) s, past the limit of \(limit.decimalSeconds) s"))
            endStall()
        } else if isLoadingAd, now - link.presentedAt >= limit {
            link.isPending = false
            failAd(.timeout("not shown within \(limit.decimalSeconds) s"))
        }
    }

    /// Whether an inserted ad's item is loading.
    private var isLoadingAd: Bool {
        guard link.isPending, case .ad = link.current?.item else { return false }
        return isInBreak
    }

    /// Wall time until a stalled or loading ad is given up; `nil` when none is.
    var timeToStallLimit: MediaDuration? {
        let limit = engine.policy.adStallLimit
        if let since = link.stalledSince, isInBreak { return max(.zero, limit - (now - since)) }
        if isLoadingAd { return max(.zero, limit - (now - link.presentedAt)) }
        return nil
    }

    /// The player's position moved other than by playing: the session
    /// follows it. Inside an inserted ad or the alternate content it moves
    /// there; on the main stream it is a seek the player made, and the
    /// policy decides the breaks it passed, as for the viewer's.
    private mutating func resync(to time: MediaDuration) {
        emit(.resync(from: itemTime, to: time))
        switch phase {
        case .idle:
            return
        case .waiting:
            itemTime = time
        case .alternate(var alternate):
            alternate.elapsed = max(.zero, alternate.elapsed + (time - itemTime))
            itemTime = time
            phase = .alternate(alternate)
        case .inBreak(var playback) where playback.adBreak.insertion == .inserted:
            itemTime = time
            let duration = playback.adBreak.ads[playback.adIndex].duration
            playback.offsetInAd = min(max(.zero, time), duration)
            phase = .inBreak(playback)
            if time >= duration { finishAd() }
        case .inBreak(let playback):
            emit(.adBreakSkip(breakID: playback.adBreak.id, reason: .policy))
            timeline.settleAds(ofBreak: playback.adBreak.id, as: .skipped)
            followMain(to: time)
        case .content:
            followMain(to: time)
        }
    }

    private mutating func followMain(to time: MediaDuration) {
        let origin = playhead
        itemTime = time
        var target = JumpTarget.stream(streamTime(ofMainItemTime: time))
        if let end = timeline.streamEnd, case .stream(let stream) = target, stream > end { target = .stream(end) }
        let (allowed, nonSeekable) = adjustedForNonSeekable(target)
        if let nonSeekable { emit(.seekAdjusted(to: resolvedPlayhead(of: allowed), reason: nonSeekable.reason)) }
        carryOut(engine.decideJump(from: origin, to: allowed, context: policyContext))
    }

    /// The stream time at a position of the main item: in-stream breaks are
    /// in the item, inserted ones are not.
    func streamTime(ofMainItemTime time: MediaDuration) -> StreamTime {
        // The latest content time whose item time (before any break there) is at most `time`.
        var low: Int64 = 0
        var high = max(0, time.ticks)
        while low < high {
            let middle = low + (high - low + 1) / 2
            if timeline.mainItemTime(forContentTime: ContentTime(ticks: middle), afterBreak: false) <= time {
                low = middle
            } else {
                high = middle - 1
            }
        }
        let content = ContentTime(ticks: low)
        let before = timeline.mainItemTime(forContentTime: content, afterBreak: false)
        if time < timeline.mainItemTime(forContentTime: content, afterBreak: true) {
            return timeline.streamTime(forContentTime: content) + (time - before)
        }
        return timeline.streamTime(resumingAt: content)
    }
}
