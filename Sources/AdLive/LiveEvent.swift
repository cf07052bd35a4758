public import AdSignals
public import HLS
public import MediaTime

/// What following a live playlist found, in the order it found it.
public enum LiveEvent: Sendable, Hashable {
    /// A playlist arrived: its first media sequence number, its segment
    /// count, and whether it changed since the last one.
    case refresh(mediaSequence: UInt64, segments: Int, changed: Bool)
    /// An opportunity appeared.
    case opportunityStart(PlacementOpportunity)
    /// An opportunity's duration or openness changed (a longer planned
    /// duration, a continuation) without closing it.
    case opportunityUpdate(PlacementOpportunity)
    /// An opportunity closed; its `end` is where.
    case opportunityEnd(PlacementOpportunity)
    /// A subscribed tag a refresh revealed, once per occurrence, with the
    /// date of its stream time when PROGRAM-DATE-TIME gives one.
    case timedMetadata(SubscribedTag, date: ProgramDateTime?)
    /// The origin failed this fetch; following goes on after `retryIn`.
    case originError(url: String, status: Int?, reason: String, retryIn: MediaDuration)
    /// The playlist has not changed for `unchangedFor` (at least 1.5 target
    /// durations); reported once until it changes.
    case stale(unchangedFor: MediaDuration)
    /// The window jumped ahead: `missed` segments were never seen.
    case gap(missed: UInt64)
    /// The origin restarted (its media sequence went back): the window was
    /// read afresh.
    case windowReset(mediaSequence: UInt64)
    /// A segment already seen came back with another URI.
    case segmentRewritten(RewrittenSegment)
    /// A blackout for this device (``LiveOptions/device``) started, changed
    /// or ended, or a programme signal did not restrict it (and why), as
    /// the stream's programme signals say.
    indirect case blackout(BlackoutChange)
    /// The playlist ended (`EXT-X-ENDLIST`); following stops.
    case end
}
