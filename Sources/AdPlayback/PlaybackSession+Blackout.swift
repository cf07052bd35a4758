import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

/// The blackout controller (DESIGN: Blackout), and the low-level pieces it
/// is made of: replacing the main item, and keeping the main stream as a
/// background item.
///
/// - As playback reaches a running blackout (or joins inside one) the main
///   stream becomes a background item, the player shows the alternate
///   content at its live position, and `blackoutStart` is emitted. The
///   main stream's position moves on as the alternate plays.
/// - As that position reaches the blackout's end, the player shows the main
///   stream there (its live position) and `blackoutEnd` is emitted; the
///   breaks the main stream played meanwhile are skipped as `blackout`.
/// - An ended blackout is a non-seekable range: a jump into it lands at its
///   end, and playback that reaches it (behind live) passes over it without
///   switching.
extension PlaybackSession {
    /// Non-seekable ranges of blackouts give this reason.
    static let blackoutReason = "blackout"

    /// A blackout started, changed or ended.
    mutating func take(_ change: BlackoutChange) throws(SessionError) {
        let blackout: Blackout
        switch change {
        case .started(let started), .updated(let started): blackout = started
        case .ended(let ended): blackout = ended
        case .notRestricted, .ignored: return
        }
        remember(blackout)
        if let end = blackout.end, end > blackout.start {
            let range = timeline.contentTime(forStreamTime: blackout.start)..<timeline.contentTime(forStreamTime: end)
            try self.change(.addNonSeekable(range, reason: Self.blackoutReason))
        }
        guard isRunning else { return }
        switch phase {
        case .alternate(let alternate) where alternate.blackoutID == blackout.id:
            if let end = blackout.end, alternate.mainPosition >= end { leaveAlternate(at: alternate.mainPosition) }
        case .content(let content):
            // Already inside it: a running one switches now, an ended one is passed.
            _ = reachBlackout(at: content)
        default:
            break
        }
    }

    /// Keeps the session's list of blackouts (``BlackoutList``).
    private mutating func remember(_ blackout: Blackout) {
        blackoutList.take(blackout)
    }

    /// Forgets the blackouts that ended before `windowStart`, except the one showing.
    mutating func forgetBlackouts(endedBefore windowStart: StreamTime) {
        var showing: String?
        if case .alternate(let alternate) = phase { showing = alternate.blackoutID }
        blackoutList.forget(endedBefore: windowStart, keeping: showing)
    }

    /// The blackout whose range holds `time`: from its start to its end, or
    /// on from its start while it runs.
    func blackout(containing time: StreamTime) -> Blackout? {
        blackouts.last { $0.start <= time && $0.end.map { time < $0 } ?? true }
    }

    /// Playback time, in content, until the next blackout starts.
    var timeToNextBlackout: MediaDuration? {
        guard case .content(let content) = phase else { return nil }
        let now = timeline.streamTime(forContentTime: content)
        return blackouts.lazy.filter { $0.start > now }.map { $0.start - now }.min()
    }

    /// Playback time until the main stream's position reaches the
    /// blackout's end (or the stream's), when known.
    func timeToAlternateEnd(_ alternate: AlternatePlayback) -> MediaDuration? {
        let position = alternate.mainPosition
        let end = alternate.blackoutID.flatMap { id in blackouts.first { $0.id == id }?.end }
        return [end, timeline.streamEnd].compactMap(\.self).min().map { max(.zero, $0 - position) }
    }

    /// Playback at content time `content` is inside a blackout: a running
    /// one switches to the alternate, an ended one is passed over.
    /// - Returns: whether it was inside one.
    mutating func reachBlackout(at content: ContentTime) -> Bool {
        let stream = timeline.streamTime(forContentTime: content)
        guard let blackout = blackout(containing: stream) else { return false }
        if let end = blackout.end {
            let landing = Playhead(stream: end, content: timeline.contentTime(forStreamTime: end))
            emit(.seekAdjusted(to: landing, reason: Self.blackoutReason))
            skipBreaks(from: stream, to: end)
            rejoin(at: end)
        } else {
            enterAlternate(for: blackout, at: stream)
        }
        return true
    }

    /// The player shows the alternate content; the main stream is kept as
    /// a background item. A break playing (or waited for) is cut short.
    mutating func enterAlternate(for blackout: Blackout?, at position: StreamTime) {
        switch phase {
        case .inBreak(let playback):
            emit(.adBreakSkip(breakID: playback.adBreak.id, reason: .blackout))
            timeline.settleAds(ofBreak: playback.adBreak.id, as: .skipped)
        case .waiting(let waiting):
            emit(.adBreakSkip(breakID: waiting.adBreak.id, reason: .blackout))
            if !isPaused { actions.append(.setRate(1)) }
        case .idle, .content, .alternate:
            break
        }
        phase = .alternate(AlternatePlayback(blackoutID: blackout?.id, mainEntry: position, elapsed: .zero))
        movePlayer(to: .alternate(url: alternateContent), at: .zero)
        guard let blackout else { return }
        conditions.isMainInBackground = true
        emit(.blackoutStart(blackout, alternate: alternateContent),
             at: Playhead(stream: position, content: timeline.contentTime(forStreamTime: position)))
    }

    /// The player leaves the alternate content for the main stream at
    /// `position`; the breaks the main stream played meanwhile were not seen.
    mutating func leaveAlternate(at position: StreamTime) {
        guard case .alternate(let alternate) = phase else { return }
        announceLeaving(alternate, at: position)
        skipBreaks(from: alternate.mainEntry, to: position)
        rejoin(at: position)
    }

    /// `blackoutEnd` for the blackout the alternate was shown for (its
    /// `end` nil when the viewer leaves it running); the main stream is the
    /// foreground item again.
    private mutating func announceLeaving(_ alternate: AlternatePlayback, at position: StreamTime) {
        guard let id = alternate.blackoutID, let blackout = blackouts.first(where: { $0.id == id }) else { return }
        var shown = blackout
        if let end = blackout.end, end > position { shown.end = nil }
        emit(.blackoutEnd(shown), at: Playhead(stream: position, content: timeline.contentTime(forStreamTime: position)))
        conditions.isMainInBackground = false
    }

    /// Reports the breaks lying wholly in `start..<end` as skipped for the blackout.
    private mutating func skipBreaks(from start: StreamTime, to end: StreamTime) {
        guard start < end else { return }
        let low = timeline.contentTime(forStreamTime: start)
        let high = timeline.contentTime(forStreamTime: end)
        var passed = timeline.breaks(between: low, and: high)
        if let first = timeline.adBreak(atContentTime: low) { passed.insert(first, at: 0) }
        for adBreak in passed {
            guard let range = timeline.streamRange(ofBreak: adBreak.id), range.lowerBound >= start, range.upperBound <= end,
                  !timeline.isWatched(adBreak.id) else { continue }
            let position = timeline.contentPosition(of: adBreak)
            emit(.adBreakSkip(breakID: adBreak.id, reason: .blackout),
                 at: Playhead(stream: range.lowerBound, content: position))
            timeline.settleAds(ofBreak: adBreak.id, as: .skipped)
        }
    }

    /// Main-stream playback goes on at stream time `position`: inside a
    /// break, the rest of it (as the policy decides); otherwise content.
    mutating func rejoin(at position: StreamTime) {
        guard case .inBreak(let id, let offset) = timeline.location(ofStreamTime: position),
              let adBreak = timeline.adBreak(id: id) else {
            enterContent(at: timeline.contentTime(forStreamTime: position))
            return
        }
        if offset == .zero {
            reach(adBreak)
        } else if adBreak.occupancy == .replacesContent {
            reach(adBreak, entry: .fromOffset(offset))
        } else {
            enterContent(at: timeline.contentResumption(after: adBreak))
        }
    }

    /// Plays the alternate for up to `remaining`; at the blackout's end
    /// the main stream comes back.
    /// - Returns: the playback time used.
    mutating func advanceAlternate(_ alternate: AlternatePlayback, by remaining: MediaDuration) -> MediaDuration {
        var alternate = alternate
        let step = min(remaining, timeToAlternateEnd(alternate) ?? remaining)
        alternate.elapsed += step
        itemTime += step
        phase = .alternate(alternate)
        if let left = timeToAlternateEnd(alternate), left <= .zero {
            if let end = timeline.streamEnd, alternate.mainPosition >= end {
                leaveAlternate(at: end)
            } else {
                leaveAlternate(at: alternate.mainPosition)
            }
        }
        return step
    }

    /// Low level: shows `newItem` instead of the main stream, or the main
    /// stream again at its live position.
    mutating func replaceItem(with newItem: PlayerItem) throws(SessionError) {
        try requireRunning()
        switch newItem {
        case .alternate:
            if case .alternate = phase { return }
            enterAlternate(for: nil, at: playhead.stream)
        case .main:
            guard case .alternate(let alternate) = phase else { return }
            leaveAlternate(at: alternate.mainPosition)
        case .ad:
            throw .outOfRange("an ad's item is shown by its break, not replaced into the player")
        }
    }

    /// A playlist fault of the main stream: reported for the item it is
    /// (background while another shows), never fatal.
    mutating func reportStreamError(_ message: String) {
        guard isRunning else { return }
        if case .alternate = phase, !isMainInBackground { return }  // the app let the main stream go
        emit(.streamError(message: message, isForeground: !isMainInBackground))
    }

    /// During a blackout a viewer's jump stays on the alternate when it
    /// lands in the same running blackout; anywhere else the main stream
    /// comes back first and the jump goes on from there.
    /// - Returns: whether the jump was handled.
    mutating func jumpOnAlternate(_ kind: JumpKind, to target: JumpTarget) -> Bool {
        guard case .alternate(var alternate) = phase else { return false }
        let destination = resolvedPlayhead(of: target)
        if let id = alternate.blackoutID, let running = blackout(containing: destination.stream), running.id == id,
           running.isOpen {
            emit(.seek(kind, to: destination))
            alternate.mainEntry = destination.stream - alternate.elapsed
            phase = .alternate(alternate)
            return true
        }
        let here = alternate.mainPosition
        announceLeaving(alternate, at: here)
        let content = timeline.contentTime(forStreamTime: here)
        phase = .content(content)
        movePlayer(to: .main, at: timeline.mainItemTime(forContentTime: content, afterBreak: true))
        return false
    }
}
