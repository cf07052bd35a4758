import AdPolicy
import AdSignals
import AdTimeline
import MediaTime

extension PlaybackSession {
    /// Starts a session: fresh at 0 or at a position, or from a bookmark.
    mutating func start(at point: StartPoint) throws(SessionError) {
        guard !isRunning else { throw .alreadyRunning }
        let target: JumpTarget
        var watched: Set<String> = []
        var cooldownFrom: ClockTime?
        switch point {
        case .beginning: target = .content(.zero)
        case .position(let position): target = position
        case .bookmark(let bookmark):
            target = .content(bookmark.content)
            watched = Set(bookmark.watched)
            cooldownFrom = bookmark.lastBreakCompletedAt
        }
        try validate(target)
        begin(at: target, earlierWatched: watched, lastBreakCompletedAt: cooldownFrom, failover: false)
    }

    /// The start position moved into a live stream's window (a bookmark
    /// whose position has left it starts at the live edge) and out of any
    /// non-seekable range, reported.
    private mutating func startTarget(_ target: JumpTarget) -> JumpTarget {
        if let window = timeline.seekableWindow, !window.contains(resolvedPlayhead(of: target).content) {
            let edge = JumpTarget.content(window.upperBound)
            emit(.seekAdjusted(to: resolvedPlayhead(of: edge), reason: "outOfWindow"))
            return edge
        }
        let (allowed, nonSeekable) = adjustedForNonSeekable(target)
        if let nonSeekable { emit(.seekAdjusted(to: resolvedPlayhead(of: allowed), reason: nonSeekable.reason)) }
        return allowed
    }

    /// Begins a (fresh, resumed or fail-over) session at `target`, deciding
    /// autoSeek. A resumed or fail-over session carries the watched breaks
    /// and the end of the last break (so a running cool-down goes on).
    mutating func begin(
        at target: JumpTarget, earlierWatched watched: Set<String>, lastBreakCompletedAt completed: ClockTime?,
        failover: Bool
    ) {
        timeline = initialTimeline
        earlierWatched = watched
        conditions.isFailoverSession = failover
        lastBreakCompletedAt = completed
        conditions.isPaused = false
        conditions.isInterrupted = false
        let decision = engine.decideStart(at: target, context: policyContext)
        lastPlayhead = decision.target
        phase = .content(.zero)
        link.item = .main
        itemTime = .zero
        link.isStale = true
        emit(.sessionStart, at: decision.target)
        actions.append(.setRate(1))
        let allowed = startTarget(target)
        let joined = resolveDeferred(joiningAt: resolvedPlayhead(of: allowed).content)
        var start = allowed == target ? decision : engine.decideStart(at: allowed, context: policyContext)
        if let (placeholder, offset) = joined {
            // Joined inside an interstitial: it plays from there, once its list is in.
            start.verdicts.removeAll { $0.adBreak.id == placeholder.id }
            start.arrival = .intoBreak(placeholder, entry: .fromOffset(offset))
        }
        carryOut(start)
    }

    /// Asks for the resolutions deferred until the start; one that playback
    /// joins inside carries how far in (its `joinOffset`), and is returned
    /// with it.
    private mutating func resolveDeferred(joiningAt content: ContentTime) -> (AdBreak, MediaDuration)? {
        var joined: (AdBreak, MediaDuration)?
        for var opportunity in deferredResolutions where resolving.contains(opportunity.id) {
            if joined == nil, let placeholder = timeline.adBreak(id: opportunity.id) {
                let position = timeline.contentPosition(of: placeholder)
                if content > position, content < position + (opportunity.duration ?? .zero) {
                    opportunity.joinOffset = content - position
                    joined = (placeholder, content - position)
                }
            }
            actions.append(.resolve(opportunity))
        }
        deferredResolutions = []
        return joined
    }

    /// A seek, fastForward or rewind.
    mutating func jump(_ kind: JumpKind, to target: JumpTarget) throws(SessionError) {
        try requireRunning()
        try validate(target)
        if jumpOnAlternate(kind, to: target) { return }
        let origin = playhead
        let destination = resolvedPlayhead(of: target)
        if case .inBreak(let playback) = phase,
            !engine.allowsJump(leaving: playback.adBreak, going: destination.stream >= origin.stream ? .forward : .backward, context: policyContext)
        {
            // allowSeekInBreak, and a break whose source forbids skipping it (X-RESTRICT=SKIP).
            emit(.seekDenied(kind, to: destination))
            return
        }
        emit(.seek(kind, to: destination))
        let (allowed, nonSeekable) = adjustedForNonSeekable(target)
        if let nonSeekable {
            emit(.seekAdjusted(to: resolvedPlayhead(of: allowed), reason: nonSeekable.reason))
        }
        switch phase {
        case .inBreak(let playback):
            // The rest of the playing break is skipped and queued breaks are dropped.
            emit(.adBreakSkip(breakID: playback.adBreak.id, reason: .policy))
            timeline.settleAds(ofBreak: playback.adBreak.id, as: .skipped)
        case .waiting:
            actions.append(.setRate(isPaused ? 0 : 1))
        case .idle, .content, .alternate:
            break
        }
        carryOut(engine.decideJump(from: origin, to: allowed, context: policyContext))
    }

    /// Emits the skips of a jump in passing order, then plays the selected
    /// breaks back to back and arrives at the target.
    mutating func carryOut(_ decision: JumpDecision) {
        for verdict in decision.verdicts {
            guard let reason = verdict.skipReason else { continue }
            let position = timeline.contentPosition(of: verdict.adBreak)
            let start = Playhead(stream: timeline.streamTime(forContentTime: position), content: position)
            emit(.adBreakSkip(breakID: verdict.adBreak.id, reason: reason), at: start)
            if verdict.policy == .remove { timeline.removeBreak(id: verdict.adBreak.id) }
        }
        follow(Detour(queue: decision.verdicts.filter(\.plays), arrival: decision.arrival))
    }

    /// Stops: saves a bookmark (the viewer's position, watched breaks, the
    /// last break's end), then ends.
    mutating func stop() throws(SessionError) {
        guard isRunning else { throw .notRunning }
        let bookmark = Bookmark(
            content: recordablePosition(viewerPosition), watched: watchedBreakIDs, lastBreakCompletedAt: lastBreakCompletedAt)
        lastBookmark = bookmark
        emit(.bookmark(bookmark))
        actions.append(.saveBookmark(bookmark))
        actions.append(.setRate(0))
        endSession()
    }

    /// A fault: the session ends and a fail-over session starts at the
    /// viewer's position, keeping the watched breaks and the cool-down.
    mutating func failover() throws(SessionError) {
        guard isRunning else { throw .notRunning }
        let position = viewerPosition
        let watched = Set(watchedBreakIDs)
        let completed = lastBreakCompletedAt
        emit(.failover)
        endSession()
        begin(at: .content(position), earlierWatched: watched, lastBreakCompletedAt: completed, failover: true)
    }

    /// `position`, or, inside a blackout that may not be recorded
    /// (archive_allowed=0), the blackout's end (planned, while it runs):
    /// bookmarks stay out of such ranges.
    func recordablePosition(_ position: ContentTime) -> ContentTime {
        let stream = timeline.streamTime(forContentTime: position)
        guard let blackout = blackout(containing: stream), !blackout.archiveAllowed,
              let end = blackout.end ?? blackout.plannedEnd else { return position }
        return timeline.contentTime(forStreamTime: end)
    }

    /// Where the viewer is, for a bookmark or a fail-over: during a detour
    /// (a break a jump or a start queued) the jump's destination, otherwise
    /// the playhead's content time.
    var viewerPosition: ContentTime {
        guard let detour else { return playhead.content }
        switch detour.arrival {
        case .content(let target): return target
        case .intoBreak(let adBreak, _): return timeline.contentPosition(of: adBreak)
        }
    }

    /// The breaks counted as watched: this session's and the earlier ones'
    /// (a bookmark's, or those of the session a fail-over replaced), in
    /// content order.
    public var watchedBreakIDs: [String] {
        guard !earlierWatched.isEmpty else { return timeline.watchedBreakIDs }
        return initialTimeline.inContentOrder(earlierWatched.union(timeline.watchedBreakIDs))
    }

    /// The target as a playhead, for reporting.
    func resolvedPlayhead(of target: JumpTarget) -> Playhead {
        switch target {
        case .content(let content):
            Playhead(stream: timeline.streamTime(forContentTime: content), content: content)
        case .stream(let stream):
            Playhead(stream: stream, content: timeline.contentTime(forStreamTime: stream))
        }
    }

    /// Rejects targets outside the stream.
    func validate(_ target: JumpTarget) throws(SessionError) {
        switch target {
        case .content(let content):
            guard content >= .zero else { throw .outOfRange("content time \(content) is before the start") }
            if let end = timeline.contentEnd, content > end {
                throw .outOfRange("content time \(content) is past the content's end (\(end))")
            }
        case .stream(let stream):
            guard stream >= .zero else { throw .outOfRange("stream time \(stream) is before the start") }
            if let end = timeline.streamEnd, stream > end {
                throw .outOfRange("stream time \(stream) is past the stream's end (\(end))")
            }
        }
    }
}
