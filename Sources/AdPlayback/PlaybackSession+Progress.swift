import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

extension PlaybackSession {
    /// Plays `duration` at 1x, handling every boundary on the way in order:
    /// a break starts the instant the playhead reaches it. Play stops where
    /// the player must show something else: the rest of the duration was
    /// played by the old item, and the new one starts at its own beginning.
    mutating func advance(by duration: MediaDuration) throws(SessionError) {
        try requireRunning()
        var remaining = duration
        while (remaining > .zero || atBoundary), !link.isStale {
            switch phase {
            case .idle:
                return
            case .content(let content):
                let next = timeline.nextBreak(afterContentTime: content)
                let nextPosition = next.map { timeline.contentPosition(of: $0) }
                let blackoutPosition = timeToNextBlackout.map { content + $0 }
                guard let limit = [nextPosition, timeline.contentEnd, blackoutPosition].compactMap(\.self).min(),
                    content + remaining >= limit
                else {
                    phase = .content(content + remaining)
                    itemTime += remaining
                    return
                }
                remaining -= limit - content
                itemTime += limit - content
                phase = .content(limit)
                if blackoutPosition == limit, reachBlackout(at: limit) { continue }
                if let next, nextPosition == limit { reach(next) } else { endSession() }
            case .alternate(let alternate):
                remaining -= advanceAlternate(alternate, by: remaining)
            case .waiting:
                return
            case .inBreak(var playback):
                let left = playback.adBreak.ads[playback.adIndex].duration - playback.offsetInAd
                if let edge = Self.timeToSkipEdge(in: playback), edge < left, remaining >= edge {
                    // A skip window opens or closes inside the ad: announced at its exact time.
                    playback.offsetInAd += edge
                    phase = .inBreak(playback)
                    itemTime += edge
                    remaining -= edge
                    updateSkipWindow()
                    continue
                }
                guard remaining >= left else {
                    playback.offsetInAd += remaining
                    phase = .inBreak(playback)
                    itemTime += remaining
                    return
                }
                remaining -= left
                itemTime += left
                finishAd()
            }
        }
    }

    /// Whether the playhead sits exactly on an unhandled boundary (an ad's
    /// end, or the end of a stream whose end just became known), which must
    /// be handled even when no time remains.
    private var atBoundary: Bool {
        switch phase {
        case .inBreak(let playback): playback.offsetInAd >= playback.adBreak.ads[playback.adIndex].duration
        case .content(let content): timeline.contentEnd.map { content >= $0 } ?? false
        case .alternate(let alternate): timeToAlternateEnd(alternate).map { $0 <= .zero } ?? false
        case .idle, .waiting: false
        }
    }

    mutating func pause() throws(SessionError) {
        try requireRunning()
        guard !isPaused else { throw .paused }
        conditions.isPaused = true
        emit(.pause)
        actions.append(.setRate(0))
    }

    mutating func resume() throws(SessionError) {
        try requireRunning()
        guard isPaused else { throw .notPaused }
        conditions.isPaused = false
        emit(.resume)
        actions.append(.setRate(1))
    }

    mutating func interrupt() throws(SessionError) {
        try requireRunning()
        conditions.isInterrupted = true
        emit(.interrupt)
        actions.append(.setRate(0))
    }

    /// The interruption ended: inside a break the interrupt rule decides.
    mutating func endInterruption() throws(SessionError) {
        guard isRunning else { throw .notRunning }
        guard isInterrupted else { throw .notInterrupted }
        conditions.isInterrupted = false
        emit(.interruptEnd)
        if !isPaused { actions.append(.setRate(1)) }
        guard case .inBreak(var playback) = phase else { return }
        switch engine.policy.interrupt {
        case .resume:
            return
        case .restart:
            playback.adIndex = 0
            playback.offsetInAd = .zero
            phase = .inBreak(playback)
            emit(.adBreakStart(breakID: playback.adBreak.id))
            startAd()
        case .skip:
            emit(.adBreakSkip(breakID: playback.adBreak.id, reason: .interrupted))
            timeline.settleAds(ofBreak: playback.adBreak.id, as: .skipped)
            let resumption = timeline.contentResumption(after: playback.adBreak)
            continueAfterBreak(at: resumption, then: playback.detour, next: next(after: playback.adBreak, resumingAt: resumption))
        }
    }
}
