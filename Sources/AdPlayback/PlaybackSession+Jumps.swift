import AdPolicy
import AdTimeline
import MediaTime

extension PlaybackSession {
    /// Starts a session: fresh at 0 or at a position, or from a bookmark.
    mutating func start(at point: StartPoint) throws(SessionError) {
        guard !isRunning else { throw .alreadyRunning }
        let target: JumpTarget
        var watched: Set<String> = []
        switch point {
        case .beginning: target = .content(.zero)
        case .position(let position): target = position
        case .bookmark(let bookmark):
            target = .content(bookmark.content)
            watched = Set(bookmark.watched)
        }
        try validate(target)
        begin(at: target, earlierWatched: watched, failover: false)
    }

    /// Begins a (fresh or fail-over) session at `target`, deciding autoSeek.
    mutating func begin(at target: JumpTarget, earlierWatched watched: Set<String>, failover: Bool) {
        timeline = initialTimeline
        earlierWatched = watched
        isFailoverSession = failover
        lastBreakCompletedAt = nil
        pending = nil
        isPaused = false
        isInterrupted = false
        let decision = engine.decideStart(at: target, context: policyContext)
        lastPlayhead = decision.target
        phase = .content(.zero)
        item = .main
        itemTime = .zero
        playerIsStale = true
        emit(.sessionStart, at: decision.target)
        actions.append(.setRate(1))
        carryOut(decision)
    }

    /// A seek, fastForward or rewind.
    mutating func jump(_ kind: JumpKind, to target: JumpTarget) throws(SessionError) {
        try requireRunning()
        try validate(target)
        let origin = playhead
        let destination = resolvedPlayhead(of: target)
        if isInBreak, !engine.policy.allowSeekInBreak {
            emit(.seekDenied(kind, to: destination))
            return
        }
        emit(.seek(kind, to: destination))
        if case .inBreak(let playback) = phase {
            // The rest of the playing break is skipped and queued breaks are dropped.
            emit(.adBreakSkip(breakID: playback.adBreak.id, reason: .policy))
            pending = nil
        }
        carryOut(engine.decideJump(from: origin, to: target, context: policyContext))
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
        pending = Pending(queue: decision.verdicts.filter(\.plays), arrival: decision.arrival)
        advancePending()
    }

    /// Stops: saves a bookmark (content time and watched breaks), then ends.
    mutating func stop() throws(SessionError) {
        guard isRunning else { throw .notRunning }
        let bookmark = Bookmark(content: playhead.content, watched: watchedBreakIDs)
        lastBookmark = bookmark
        emit(.bookmark(bookmark))
        actions.append(.saveBookmark(bookmark))
        actions.append(.setRate(0))
        endSession()
    }

    /// A fault: the session ends and a fail-over session starts at the same
    /// content time, keeping the watched breaks.
    mutating func failover() throws(SessionError) {
        guard isRunning else { throw .notRunning }
        let position = playhead.content
        let watched = Set(watchedBreakIDs)
        emit(.failover)
        endSession()
        begin(at: .content(position), earlierWatched: watched, failover: true)
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
