import AdPolicy
package import AdSignals
import AdTimeline
import MediaTime

extension PlaybackSession {
    /// An opportunity: its placeholder enters the timeline and its
    /// resolution is asked for. One the timeline already holds (the same
    /// id in a later refresh) is merged into its break, never added twice;
    /// one that left the live window after it was watched stays gone; one
    /// that does not fit the timeline is reported as an `error` and left out.
    mutating func take(_ opportunity: AdOpportunity) throws(SessionError) {
        if case .tracked = opportunity.signal {
            try takeTracked(opportunity)
            return
        }
        if let existing = timeline.adBreak(id: opportunity.id) {
            guard isChangedInterstitial(opportunity, existing) else {
                try merge(opportunity, into: existing)
                return
            }
            // A later tag changed it before it played: resolved again as it now stands.
            if resolving.remove(existing.id) != nil { actions.append(.cancelResolution(opportunityID: existing.id)) }
            try change(.withdraw(breakID: existing.id))
        }
        guard !timeline.isWatched(opportunity.id) else { return }
        let placeholder = opportunity.placeholder(
            insertion: placeholderStyle.insertion, occupancy: placeholderStyle.occupancy)
        do throws(SessionError) {
            try change(.insert(placeholder))
        } catch {
            // One that does not fit (inside a break that replaces content, say) is left out; the session goes on.
            guard let timelineError = error.timelineError else { throw error }
            emit(.error(message: "opportunity \(opportunity.id) does not fit the timeline: \(timelineError)"))
            return
        }
        resolving.insert(opportunity.id)
        if case .interstitial = opportunity.signal { interstitialSignals[opportunity.id] = opportunity.signal }
        if !isRunning, opportunity.signal.fetchesAssetList {
            deferredResolutions.removeAll { $0.id == opportunity.id }
            deferredResolutions.append(opportunity)
        } else {
            actions.append(.resolve(opportunity))
        }
    }

    /// An opportunity whose resolution came with it: what ``take(_:)`` and
    /// then ``resolved(_:breaks:issues:)`` would do. A new opportunity whose
    /// result is usable and fits enters as its resolved break, with no
    /// placeholder and no request; any other goes through the two steps,
    /// the request they make left out, since its answer is here.
    mutating func take(_ opportunity: AdOpportunity, resolvedAs breaks: [AdBreak], issues: [String]) throws(SessionError) {
        if takesAsNew(opportunity), let adBreak = Self.resolvedBreak(breaks, of: opportunity.id, at: opportunity.placeholder(
            insertion: placeholderStyle.insertion, occupancy: placeholderStyle.occupancy)) {
            do throws(SessionError) {
                try change(.insert(adBreak))
                if case .interstitial = opportunity.signal { interstitialSignals[opportunity.id] = opportunity.signal }
                return
            } catch {
                // One that does not fit is refused as the two steps refuse it.
                guard error.timelineError != nil else { throw error }
            }
        }
        try take(opportunity)
        actions.removeAll { action in
            if case .resolve(let asked) = action { asked.id == opportunity.id } else { false }
        }
        deferredResolutions.removeAll { $0.id == opportunity.id }
        resolved(opportunity.id, breaks: breaks, issues: issues)
    }

    /// Whether ``take(_:)`` would place `opportunity`'s placeholder and ask
    /// for its resolution, with nothing before it to withdraw: what a
    /// runtime asks before resolving an opportunity at once.
    package func takesAsNew(_ opportunity: AdOpportunity) -> Bool {
        if case .tracked = opportunity.signal { return false }
        return !timeline.containsBreak(id: opportunity.id) && !timeline.isWatched(opportunity.id)
    }

    /// The break a resolution's `breaks` give opportunity `id`, in the place
    /// of its placeholder: its id, position and openness. Nil when it has
    /// nothing to play and does not move primary playback on (an
    /// interstitial with a resume offset): the resolution failed.
    private static func resolvedBreak(_ breaks: [AdBreak], of id: String, at placeholder: AdBreak) -> AdBreak? {
        guard var adBreak = breaks.first(where: { $0.id == id }) ?? breaks.first,
              !adBreak.ads.isEmpty || (adBreak.resumeOffset ?? .zero) > .zero else { return nil }
        adBreak.id = id
        adBreak.position = placeholder.position
        adBreak.isOpen = placeholder.isOpen
        return adBreak
    }

    /// Whether `opportunity` is an interstitial whose tags say more than
    /// when `existing` was resolved from them, and `existing` has not begun.
    private func isChangedInterstitial(_ opportunity: AdOpportunity, _ existing: AdBreak) -> Bool {
        guard case .interstitial = opportunity.signal, let known = interstitialSignals[existing.id], known != opportunity.signal,
              isUntouched(existing) else { return false }
        if case .waiting(let waiting) = phase, waiting.adBreak.id == existing.id { return false }
        return true
    }

    /// A later signal of an opportunity: an open break takes its new length
    /// and, when the signal closes it, closes. A closed break already has
    /// its final length; a repeat of it changes nothing.
    private mutating func merge(_ opportunity: AdOpportunity, into existing: AdBreak) throws(SessionError) {
        guard existing.isOpen else { return }
        if case .inStream = opportunity.signal, !existing.isPlaceholder, existing.occupancy == .replacesContent,
            opportunity.adSplits.count + 1 > existing.ads.count
        {
            // The stream's cues split the break into more ads than it has: it
            // takes them (its length as the opportunity says, or as it was).
            var split = opportunity
            split.duration = opportunity.duration ?? existing.duration
            try change(.replace(split.inStreamBreak()))
            return
        }
        if !opportunity.isOpen {
            try change(.close(breakID: existing.id, duration: opportunity.duration))
        } else if let duration = opportunity.duration, duration != existing.duration {
            try change(.extend(breakID: existing.id, to: duration))
        }
    }

    /// Applies a timeline change to the running timeline and the one new
    /// sessions start from; the break playing (or waited for) follows it.
    mutating func change(_ change: TimelineChange) throws(SessionError) {
        var change = change
        if case .drop(let windowStart) = change, case .inBreak(let playback) = phase {
            // The window moved past the break playing: it stays until it has
            // played; the next drop takes it.
            let position = timeline.contentPosition(of: playback.adBreak)
            if position < windowStart { change = .drop(before: position) }
        }
        if case .drop(let windowStart) = change {
            // Waiting tags are in stream-time order: the stale ones lead.
            pendingMetadata.dropFirst(before: StreamTime(ticks: windowStart.ticks))
            forgetBlackouts(endedBefore: timeline.streamTime(forContentTime: windowStart))
        }
        let dropped: [AdBreak]
        do {
            dropped = try timeline.apply(change)
        } catch {
            throw .timeline(error)
        }
        do {
            try initialTimeline.apply(change)
        } catch {
            emit(.error(message: "the timeline of later sessions did not take the change: \(error)"))
        }
        if !dropped.isEmpty, !trackedAliases.isEmpty {
            let gone = Set(dropped.map(\.id))
            trackedAliases = trackedAliases.filter { !gone.contains($0.value) }
        }
        for adBreak in dropped {
            interstitialSignals.removeValue(forKey: adBreak.id)
            if resolving.remove(adBreak.id) != nil { actions.append(.cancelResolution(opportunityID: adBreak.id)) }
        }
        followChangedBreak()
    }

    /// The break playing, or waited for, as the timeline now has it: the
    /// same break extended or resolved, or gone (content after it plays).
    mutating func followChangedBreak() {
        switch phase {
        case .inBreak(var playback):
            guard let current = timeline.adBreak(id: playback.adBreak.id), !current.isPlaceholder else {
                continueAfterBreak(at: timeline.contentResumption(after: playback.adBreak), then: playback.detour)
                return
            }
            guard current != playback.adBreak else { return }
            playback.adBreak = current
            if playback.adIndex >= current.ads.count {
                playback.adIndex = current.ads.count - 1
                playback.offsetInAd = current.ads[playback.adIndex].duration
            }
            phase = .inBreak(playback)
        case .waiting(let waiting):
            guard let current = timeline.adBreak(id: waiting.adBreak.id) else {
                actions.append(.setRate(isPaused ? 0 : 1))
                continueAfterBreak(at: timeline.contentResumption(after: waiting.adBreak), then: waiting.detour)
                return
            }
            if !current.isPlaceholder {
                if !isPaused { actions.append(.setRate(1)) }
                startBreak(current, entry: waiting.entry, removeAfterPlay: waiting.removeAfterPlay, detour: waiting.detour)
            }
        case .idle, .content, .alternate:
            break
        }
    }

    /// A resolution finished: the placeholder takes the break's ads, with
    /// the insertion and occupancy its resolver gave them (client-side ads
    /// from a VAST, say: the placeholder style was only the placeholder's).
    /// It keeps its place and whether it is open. A result with no ads is a
    /// failure, unless the break moves primary playback on (an interstitial
    /// with nothing to play and a resume offset).
    mutating func resolved(_ id: String, breaks: [AdBreak], issues: [String]) {
        guard resolving.remove(id) != nil, let placeholder = timeline.adBreak(id: id), placeholder.isPlaceholder else {
            return  // cancelled, dropped, or resolved already
        }
        guard let adBreak = Self.resolvedBreak(breaks, of: id, at: placeholder) else {
            let why = issues.isEmpty ? "no playable ads" : issues.joined(separator: "; ")
            fail(id, reason: why)
            return
        }
        do throws(SessionError) {
            try change(.replace(adBreak))
        } catch {
            fail(id, reason: "\(error)")
        }
    }

    /// A resolution failed or ran out of time.
    mutating func resolutionFailed(_ id: String, reason: String) {
        guard resolving.remove(id) != nil else { return }
        fail(id, reason: reason)
    }

    /// Records why a break cannot be resolved, says so, and stops waiting
    /// for it: content plays.
    private mutating func fail(_ id: String, reason: String) {
        emit(.error(message: "break \(id) is unresolved: \(reason)"))
        if case .waiting(let waiting) = phase, waiting.adBreak.id == id {
            if !isPaused { actions.append(.setRate(1)) }
            skip(waiting.adBreak, reason: .unresolved, then: waiting.detour)
        }
    }

    /// Playback reached a placeholder: wait while its resolution runs,
    /// otherwise skip it.
    mutating func reachPlaceholder(_ adBreak: AdBreak, entry: BreakEntry, removeAfterPlay: Bool, detour: Detour?) {
        guard resolving.contains(adBreak.id) else {
            skip(adBreak, reason: .unresolved, then: detour)
            return
        }
        phase = .waiting(Waiting(adBreak: adBreak, entry: entry, removeAfterPlay: removeAfterPlay, detour: detour))
        actions.append(.setRate(0))
    }

    /// The target moved to the end of a non-seekable range it falls in, if
    /// it does, and that range.
    func adjustedForNonSeekable(_ target: JumpTarget) -> (JumpTarget, NonSeekableRange?) {
        let content = resolvedPlayhead(of: target).content
        guard let range = timeline.nonSeekableRange(containing: content) else { return (target, nil) }
        return (.content(range.range.upperBound), range)
    }
}
