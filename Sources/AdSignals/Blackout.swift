import HLS
public import MediaTime

/// A stretch of the stream this device may not show: a restricted
/// programme or event, or the network off the air.
public struct Blackout: Sendable, Hashable {
    /// `event-<segmentation_event_id>`, or `network-<id>` for a Network End.
    public var id: String
    /// The segmentation_event_id of the signal that opened it.
    public var eventID: UInt32
    /// The kind of signal that opened it.
    public var openedBy: ProgramSignal.Kind
    /// Where it starts.
    public var start: StreamTime
    /// The date there, when known.
    public var date: ProgramDateTime?
    /// Where it ended, once it has.
    public var end: StreamTime?
    /// The date the stream gives its end (the end segment's
    /// PROGRAM-DATE-TIME), once it has ended, when the stream has dates.
    public var endDate: ProgramDateTime?
    /// Where its segmentation_duration (or a runover) says it ends, if anything does.
    public var plannedEnd: StreamTime?
    /// The restrictions in force: the latest message's.
    public var restrictions: DeliveryRestrictions?
    /// Why the device is restricted.
    public var verdict: RestrictionVerdict
    /// The signals that opened and closed it.
    public var sources: [ProgramSignal.Source]

    /// Creates a blackout; an app with its own rules makes its own and hands
    /// them to the session like the detector's.
    public init(
        id: String, eventID: UInt32 = 0, openedBy: ProgramSignal.Kind = .programStart, start: StreamTime,
        date: ProgramDateTime? = nil, end: StreamTime? = nil, plannedEnd: StreamTime? = nil,
        restrictions: DeliveryRestrictions? = nil, verdict: RestrictionVerdict, sources: [ProgramSignal.Source] = []
    ) {
        self.id = id
        self.eventID = eventID
        self.openedBy = openedBy
        self.start = start
        self.date = date
        self.end = end
        self.plannedEnd = plannedEnd
        self.restrictions = restrictions
        self.verdict = verdict
        self.sources = sources
    }

    /// Whether the stretch may be recorded: a bookmark inside one that may not lies at its end.
    public var archiveAllowed: Bool { restrictions?.archiveAllowed ?? true }

    /// The date at stream time `time` of the blackout: the end's own date
    /// at its end, else the start's date moved by the stream time between.
    /// (Stream time skips what a follower missed, so only dates the stream
    /// gave are exact across a gap.)
    public func date(at time: StreamTime) -> ProgramDateTime? {
        if time == end, let endDate { return endDate }
        return date.map { ProgramDateTime(ticksSinceEpoch: $0.ticksSinceEpoch + (time - start).ticks) }
    }

    /// Whether it has not ended yet.
    public var isOpen: Bool { end == nil }
}

/// What one programme signal (or the passing of time) changed.
public enum BlackoutChange: Sendable, Hashable {
    /// A blackout began.
    case started(Blackout)
    /// A blackout's planned end moved (a runover) or its restrictions changed and still restrict.
    case updated(Blackout)
    /// A blackout ended (`end` is set).
    case ended(Blackout)
    /// A start whose restrictions do not restrict this device: no blackout, and why.
    case notRestricted(ProgramSignal, RestrictionVerdict)
    /// A signal that refers to nothing running (an end, override or runover
    /// with no start of its event id), or that was dropped, and why.
    case ignored(ProgramSignal, String)
}
