public import MediaTime

/// One change to a timeline, as a value: what a live refresh, a resolver or
/// a blackout controller hands the session, which applies it.
public enum TimelineChange: Sendable, Hashable {
    /// A new break (or placeholder).
    case insert(AdBreak)
    /// An open break is now this long.
    case extend(breakID: String, to: MediaDuration)
    /// An open break ended, at this length when given.
    case close(breakID: String, duration: MediaDuration?)
    /// A new version of a break, same id and position (a placeholder resolved).
    case replace(AdBreak)
    /// A break its source withdrew before it played leaves the timeline
    /// (``AdTimeline/withdrawBreak(id:)``).
    case withdraw(breakID: String)
    /// The live window now starts here: breaks wholly before it leave.
    case drop(before: ContentTime)
    /// A range a seek may not land in.
    case addNonSeekable(Range<ContentTime>, reason: String)
    /// The stream ended here (a live stream's ENDLIST): playback reaching
    /// it ends the session.
    case end(at: ContentTime)
    /// A live stream's seekable range now: its window less the hold-back.
    case window(ClosedRange<ContentTime>)
}

extension AdTimeline {
    /// Applies a change.
    /// - Returns: the breaks it took out of the timeline (by a drop or a withdrawal).
    /// - Throws: ``TimelineError`` when the change does not fit the timeline.
    /// - Complexity: O(log n) (a drop: O(k log n) for k breaks dropped).
    @discardableResult
    public mutating func apply(_ change: TimelineChange) throws(TimelineError) -> [AdBreak] {
        switch change {
        case .insert(let adBreak): try insert(adBreak)
        case .extend(let id, let duration): try extendBreak(id: id, to: duration)
        case .close(let id, let duration): try closeBreak(id: id, duration: duration)
        case .replace(let adBreak): try replaceBreak(adBreak)
        case .withdraw(let id): return [try withdrawBreak(id: id)]
        case .drop(let start): return dropBreaks(before: start)
        case .addNonSeekable(let range, let reason): addNonSeekableRange(range, reason: reason)
        case .end(let end): try endContent(at: end)
        case .window(let range): seekableWindow = range
        }
        return []
    }
}
