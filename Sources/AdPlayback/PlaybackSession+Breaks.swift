import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

extension PlaybackSession {
    /// Playback reached `adBreak` (normal playback, or arrival after a jump).
    /// A break it skips leaves content to resume with `precision`.
    mutating func reach(_ adBreak: AdBreak, entry: BreakEntry = .fromStart, precision: SeekPrecision = .exact) {
        // A break inside a blackout is blacked out with the rest of it.
        if entry == .fromStart, reachBlackout(at: timeline.contentPosition(of: adBreak)) { return }
        let policy = engine.decideArrival(at: adBreak, context: policyContext)
        switch (policy, entry) {
        case (.skip(.failover), _):
            skip(adBreak, reason: .failover, precision: precision, then: nil)
        case (_, .skip):
            skip(adBreak, reason: .policy, removing: policy == .remove, precision: precision, then: nil)
        case (.play, _), (.removeAfterPlay, _):
            startBreak(adBreak, entry: entry, removeAfterPlay: policy == .removeAfterPlay, detour: nil)
        case (.skip(let reason), _):
            skip(adBreak, reason: reason, precision: precision, then: nil)
        case (.remove, _):
            skip(adBreak, reason: .policy, removing: true, precision: precision, then: nil)
        }
    }

    /// Skips a break playback reached: the skip, then content after it.
    mutating func skip(
        _ adBreak: AdBreak, reason: SkipReason, removing: Bool = false, precision: SeekPrecision = .exact, then detour: Detour?
    ) {
        let position = timeline.contentPosition(of: adBreak)
        let start = Playhead(stream: timeline.streamTime(forContentTime: position), content: position)
        emit(.adBreakSkip(breakID: adBreak.id, reason: reason), at: start)
        timeline.settleAds(ofBreak: adBreak.id, as: .skipped)
        let resumption = timeline.contentResumption(after: adBreak)
        let next = self.next(after: adBreak, resumingAt: resumption)
        if removing { timeline.removeBreak(id: adBreak.id) }
        continueAfterBreak(at: resumption, precision: precision, then: detour, next: next)
    }

    /// Starts playing a break as `entry` says, as a detour of a jump or
    /// not; a placeholder is waited for while it resolves, or skipped.
    mutating func startBreak(_ selected: AdBreak, entry: BreakEntry, removeAfterPlay: Bool, detour: Detour?) {
        // A jump's queue holds the break as it was decided; play it as it is now.
        let adBreak = timeline.adBreak(id: selected.id) ?? selected
        if adBreak.isPlaceholder {
            reachPlaceholder(adBreak, entry: entry, removeAfterPlay: removeAfterPlay, detour: detour)
            return
        }
        guard !adBreak.ads.isEmpty else {
            // Nothing to play: primary playback resumes at its resume offset.
            skip(adBreak, reason: .empty, then: detour)
            return
        }
        var adIndex = 0
        var offsetInAd = MediaDuration.zero
        switch entry {
        case .fromStart, .skip: break
        case .fromAd(let index): adIndex = index
        case .fromOffset(let offset):
            if let located = adBreak.ad(atOffset: offset) { (adIndex, offsetInAd) = located }
        }
        phase = .inBreak(BreakPlayback(
            adBreak: adBreak, adIndex: adIndex, offsetInAd: offsetInAd, removeAfterPlay: removeAfterPlay, detour: detour))
        emit(.adBreakStart(breakID: adBreak.id))
        if engine.watchedRule(for: adBreak) == .onBegin { timeline.markWatched(adBreak.id) }
        startAd()
    }

    /// Points the player at the current ad. An in-stream ad starts
    /// (`adStart`) at once; an inserted one once its item is ready, so an
    /// ad that fails to load never starts.
    mutating func startAd() {
        guard case .inBreak(var playback) = phase else { return }
        let ad = playback.adBreak.ads[playback.adIndex]
        timeline.setState(.playing, ofAd: playback.adIndex, inBreak: playback.adBreak.id)
        switch playback.adBreak.insertion {
        case .inStream:
            emit(.adStart(breakID: playback.adBreak.id, adID: ad.id))
            let breakStart = timeline.mainItemTime(ofBreak: playback.adBreak.id) ?? itemTime
            movePlayer(to: .main, at: breakStart + playback.adBreak.offset(ofAd: playback.adIndex) + playback.offsetInAd)
            updateSkipWindow()
        case .inserted:
            playback.isAdStartPending = true
            phase = .inBreak(playback)
            movePlayer(
                to: .ad(breakID: playback.adBreak.id, adID: ad.id, asset: ad.primaryAsset), at: playback.offsetInAd)
            // The same item at the same time (an interrupt's restart at 0) is shown again.
            link.isStale = true
        }
    }

    /// The current ad played to its end.
    mutating func finishAd() {
        guard case .inBreak(var playback) = phase else { return }
        let ad = playback.adBreak.ads[playback.adIndex]
        playback.offsetInAd = ad.duration
        phase = .inBreak(playback)
        emit(.adEnd(breakID: playback.adBreak.id, adID: ad.id))
        timeline.setState(.played, ofAd: playback.adIndex, inBreak: playback.adBreak.id)
        goOn(after: playback)
    }

    /// After an ad (played or failed), the break's next ad, or its end.
    mutating func goOn(after playback: BreakPlayback) {
        guard playback.adIndex + 1 == playback.adBreak.ads.count else {
            var next = playback
            next.adIndex += 1
            next.offsetInAd = .zero
            phase = .inBreak(next)
            startAd()
            return
        }
        var last = playback
        last.offsetInAd = playback.adBreak.ads[playback.adIndex].duration
        phase = .inBreak(last)
        finishBreak(last)
    }

    /// The break completed: watched, cool-down, then what follows.
    mutating func finishBreak(_ playback: BreakPlayback) {
        let id = playback.adBreak.id
        let position = timeline.contentResumption(after: playback.adBreak)
        let next = self.next(after: playback.adBreak, resumingAt: position)
        emit(.adBreakEnd(breakID: id))
        if engine.watchedRule(for: playback.adBreak) == .onEnd { timeline.markWatched(id) }
        lastBreakCompletedAt = now
        if playback.removeAfterPlay { timeline.removeBreak(id: id) }
        continueAfterBreak(at: position, then: playback.detour, next: next)
    }

    /// The break that plays right after `adBreak` with no content between:
    /// the next at its position, or one exactly where content resumes after
    /// it (interstitials at one date, the later placed at the earlier's
    /// resume offset).
    func next(after adBreak: AdBreak, resumingAt resumption: ContentTime) -> AdBreak? {
        if let following = timeline.breakFollowing(adBreak.id) { return following }
        guard resumption != timeline.contentPosition(of: adBreak) else { return nil }
        return timeline.adBreak(atContentTime: resumption)
    }

    /// After a break (played or skipped): the next break of the jump it was
    /// a detour of, the jump's arrival, the break `next` at its position
    /// (breaks at one position play back to back), or content after it.
    mutating func continueAfterBreak(at position: ContentTime, precision: SeekPrecision = .exact, then detour: Detour?, next: AdBreak? = nil) {
        if let detour {
            follow(detour)
        } else if let next, let current = timeline.adBreak(id: next.id) {
            reach(current, precision: precision)
        } else {
            enterContent(at: position, precision: precision)
        }
    }

    /// Plays the next break a jump selected, or arrives at the jump's target.
    mutating func follow(_ detour: Detour) {
        var current = detour
        if !current.queue.isEmpty {
            let verdict = current.queue.removeFirst()
            current.playedBreak = true
            startBreak(verdict.adBreak, entry: .fromStart, removeAfterPlay: verdict.policy == .removeAfterPlay, detour: current)
            return
        }
        switch current.arrival {
        case .content(let target):
            let precision: SeekPrecision = current.playedBreak ? .exact : .keyframe
            if let adBreak = timeline.adBreak(atContentTime: target) {
                reach(adBreak, precision: precision)
            } else {
                enterContent(at: target, precision: precision)
            }
        case .intoBreak(let adBreak, let entry):
            reach(adBreak, entry: entry)
        }
    }

    /// Content plays at `position`, after any break there; at the content's
    /// end the session ends instead.
    mutating func enterContent(at position: ContentTime, precision: SeekPrecision = .exact) {
        phase = .content(position)
        movePlayer(to: .main, at: timeline.mainItemTime(forContentTime: position, afterBreak: true), precision: precision)
        if let end = timeline.contentEnd, position >= end {
            endSession()
            return
        }
        if reachBlackout(at: position) { return }
        emit(.contentStart)
    }

    /// Ends the session where it stands.
    mutating func endSession() {
        emit(.sessionEnd)
        conditions.isMainInBackground = false
        lastPlayhead = playhead
        phase = .idle
        conditions.isPaused = false
        conditions.isInterrupted = false
    }
}
