public import HLS
public import MediaTime
public import SCTE35

/// One programme-level signal, format-neutral: a segmentation descriptor of
/// a programme, unscheduled event, network or alternate-content type, or an
/// app's own signal of the same meaning. Blackouts are decided from these
/// (``BlackoutDetector``).
public struct ProgramSignal: Sendable, Hashable {
    /// What the signal says (SCTE 35 Table 23).
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        /// Program Start (0x10): a programme begins; its restrictions may black it out.
        case programStart = 0x10
        /// Program End (0x11): the programme ends, and its blackout with it.
        case programEnd = 0x11
        /// Program Early Termination (0x12): it ends before its planned end.
        case programEarlyTermination = 0x12
        /// Program Breakaway (0x13): the network leaves the programme for a while.
        case programBreakaway = 0x13
        /// Program Resumption (0x14): the programme comes back after a breakaway.
        case programResumption = 0x14
        /// Program Runover Planned (0x15): it will run past its planned end.
        case programRunoverPlanned = 0x15
        /// Program Runover Unplanned (0x16): it runs past its planned end.
        case programRunoverUnplanned = 0x16
        /// Program Overlap Start (0x17): a programme begins before the last one ended.
        case programOverlapStart = 0x17
        /// Program Blackout Override (0x18): the blackout in force is lifted.
        case programBlackoutOverride = 0x18
        /// Program Start – In Progress: the programme began before the signal.
        case programJoin = 0x19
        /// Unscheduled Event Start (0x40): breaking news and the like; it may be restricted.
        case unscheduledEventStart = 0x40
        /// Unscheduled Event End (0x41).
        case unscheduledEventEnd = 0x41
        /// Alternate Content Opportunity Start (0x42): where other content may go; never a blackout.
        case alternateContentOpportunityStart = 0x42
        /// Alternate Content Opportunity End (0x43).
        case alternateContentOpportunityEnd = 0x43
        /// Network Start (0x50): the network's own content resumes.
        case networkStart = 0x50
        /// Network End (0x51): the network stops; every device is blacked out until it starts again.
        case networkEnd = 0x51

        /// The segmentation_type_id.
        public var segmentationTypeID: UInt8 { rawValue }

        /// The type's name in SCTE 35.
        public var name: String { SegmentationType.name(of: rawValue) ?? "type \(rawValue)" }

        /// Starts a programme or event whose restrictions may black it out.
        var startsRestrictedSegment: Bool {
            switch self {
            case .programStart, .programResumption, .programOverlapStart, .programJoin, .unscheduledEventStart: true
            default: false
            }
        }

        /// Ends one, paired by segmentation_event_id.
        var endsRestrictedSegment: Bool {
            switch self {
            case .programEnd, .programEarlyTermination, .unscheduledEventEnd: true
            default: false
            }
        }
    }

    /// Where the signal came from, for reports: a tag name and line, or the app's own words.
    public struct Source: Sendable, Hashable, CustomStringConvertible {
        /// The tag's name (`#EXT-X-DATERANGE`), or the app's words for a signal of its own.
        public var tag: String
        /// The tag's 1-based line in the playlist, when it came from one.
        public var line: Int?
        /// The SCTE-35 cue the tag carried, decoded, when it carried one.
        public var cue: DecodedSpliceInfo?

        /// Creates a source.
        public init(tag: String, line: Int? = nil, cue: DecodedSpliceInfo? = nil) {
            self.tag = tag
            self.line = line
            self.cue = cue
        }

        /// `#EXT-X-DATERANGE (line 12)`.
        public var description: String { line.map { "\(tag) (line \($0))" } ?? tag }
    }

    /// What the signal says (a programme start, an end, an override, …).
    public var kind: Kind
    /// The segmentation_event_id that pairs a start with its end, override and runover.
    public var eventID: UInt32
    /// Where it applies.
    public var time: StreamTime
    /// The date there, when the stream has dates.
    public var date: ProgramDateTime?
    /// The delivery restrictions it carries; nil when delivery is not restricted.
    public var restrictions: DeliveryRestrictions?
    /// Its segmentation_duration: for a start, how long the segment lasts;
    /// for a runover, how long from this signal it now lasts. Nil when none is given.
    public var duration: MediaDuration?
    /// Whether the descriptor cancels the event (`segmentation_event_cancel_indicator`).
    public var isCancel: Bool
    /// Where it came from.
    public var source: Source
    /// The `ID` of the DATERANGE it came in, when it came in one: an end
    /// whose cue cannot be read pairs with what that ID started.
    public var rangeID: String?
    /// Whether it is the end of a DATERANGE whose SCTE35-IN does not decode:
    /// it ends whatever the range's ID started (`kind` and `eventID` are
    /// then the start's, filled in by ``BlackoutDetector``).
    public var endsRange: Bool

    /// Creates a signal.
    public init(kind: Kind, eventID: UInt32, time: StreamTime, date: ProgramDateTime? = nil,
                restrictions: DeliveryRestrictions? = nil, duration: MediaDuration? = nil, isCancel: Bool = false,
                source: Source, rangeID: String? = nil, endsRange: Bool = false) {
        self.kind = kind
        self.eventID = eventID
        self.time = time
        self.date = date
        self.restrictions = restrictions
        self.duration = duration
        self.isCancel = isCancel
        self.source = source
        self.rangeID = rangeID
        self.endsRange = endsRange
    }

    /// The programme-level signals a cue carries, one per descriptor of a
    /// programme, event, network or alternate-content type; ad, placement
    /// and chapter descriptors are not. A cancel carries no type, so it is
    /// an end of whatever `eventID` started (``Kind/programEnd``, flagged).
    public static func signals(in section: SpliceInfoSection, at time: StreamTime, date: ProgramDateTime?,
                               source: Source) -> [ProgramSignal] {
        section.descriptors.compactMap { descriptor -> ProgramSignal? in
            guard case .segmentation(let segmentation) = descriptor else { return nil }
            guard let details = segmentation.segmentation else {
                return ProgramSignal(kind: .programEnd, eventID: segmentation.segmentationEventID, time: time, date: date,
                                     isCancel: true, source: source)
            }
            guard let kind = Kind(rawValue: details.segmentationTypeID) else { return nil }
            return ProgramSignal(
                kind: kind, eventID: segmentation.segmentationEventID, time: time, date: date,
                restrictions: details.deliveryRestrictions.map(DeliveryRestrictions.init),
                duration: details.segmentationDuration.map { MediaDuration(ticks: $0.mediaTicks) }, source: source)
        }
    }
}

extension ProgramSignal {
    /// The programme signals among an HLS playlist's ad signals, in stream
    /// order: every SCTE-35 cue, in any dialect (DATERANGE SCTE35-OUT/IN/CMD,
    /// EXT-X-SCTE35, OATCLS, CUE-OUT with a cue), read for its programme,
    /// event and network descriptors. A DATERANGE counts at its START-DATE.
    ///
    /// Inlinable so the caller's sequence (a playlist's sliding window) is
    /// iterated specialized: generic across the module boundary, every
    /// signal was copied through value witnesses. Where the sequence lends
    /// its storage (a playlist's window does), each signal is read where it
    /// lies, through a pointer: one copied out, even to pass it on, retains
    /// every part of it.
    @inlinable
    public static func signals(in adSignals: some Sequence<AdSignal>, of playlist: MediaPlaylist) -> [ProgramSignal] {
        var found: [ProgramSignal] = []
        let lent: Void? = adSignals.withContiguousStorageIfAvailable { buffer in
            guard let first = buffer.baseAddress else { return }
            for index in buffer.indices { append(first + index, of: playlist, to: &found) }
        }
        if lent == nil {
            for adSignal in adSignals {
                withUnsafePointer(to: adSignal) { append($0, of: playlist, to: &found) }
            }
        }
        return inStreamOrder(found)
    }

    /// The programme signals the ad signal at `lent` carries, appended to `found`.
    @usableFromInline
    static func append(_ lent: UnsafePointer<AdSignal>, of playlist: MediaPlaylist, to found: inout [ProgramSignal]) {
        guard let cue = lent.pointee.scte35 else {
            // An SCTE35-IN that does not decode still says where its range ends.
            if case .dateRange(let range) = lent.pointee.kind, range.scte35In != nil {
                found.append(ProgramSignal(kind: .programEnd, eventID: 0, time: lent.pointee.time,
                                           date: playlist.programDateTime(at: lent.pointee.time),
                                           source: Source(tag: lent.pointee.tag, line: lent.pointee.line), rangeID: range.id,
                                           endsRange: true))
            }
            return
        }
        // Only segmentation descriptors speak of programmes; most cues (a
        // splice_insert alone) carry none, and need no date or source.
        guard cue.section.descriptors.contains(where: { if case .segmentation = $0 { true } else { false } }) else { return }
        // The range's id and the date are read only here: most signals
        // (an interstitial, a cue-out with no payload) carry no cue.
        var rangeID: String?
        if case .dateRange(let range) = lent.pointee.kind { rangeID = range.id }
        found += signals(in: cue.section, at: lent.pointee.time, date: playlist.programDateTime(at: lent.pointee.time),
                         source: Source(tag: lent.pointee.tag, line: lent.pointee.line, cue: cue)).map { signal in
            var signal = signal
            signal.rangeID = rangeID
            return signal
        }
    }

    /// Stream order; signals at one time keep the playlist's order.
    @usableFromInline
    static func inStreamOrder(_ found: [ProgramSignal]) -> [ProgramSignal] {
        guard found.count > 1 else { return found }
        return found.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}
